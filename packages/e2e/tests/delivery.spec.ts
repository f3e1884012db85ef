import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createStory, paragraph, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * The delivery side, as a technical admin sets it up: a delivery key and a webhook made in the app, a story published,
 * the webhook's delivery received (signed with the secret the app showed once) and seen in the delivery log, the story
 * read through the delivery API with the key, and the key revoked. The receiver is a small HTTP server of this test on
 * 127.0.0.1, which the e2e server allows (WEBHOOK_ALLOWED_HOSTS in playwright.config.ts).
 */

const RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT);

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface AssetEvent {
  type: string;
  data: { assetId?: string; url?: string };
}

const received: Received[] = [];
let receiver: http.Server | undefined;

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  const server = receiver;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(RECEIVER_PORT, '127.0.0.1', resolve);
  });
});

test.afterAll(async () => {
  const server = receiver;
  if (server) await new Promise((resolve) => server.close(resolve));
});

async function openAdminPage(page: Page, name: 'Delivery Keys' | 'Webhooks') {
  await page.getByRole('button', { name: 'User menu of Ada Admin' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Chooses one option of a multi-select in a dialog, then closes its list by a click on the dialog's title. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await dialog.getByRole('heading').first().click();
}

/** Standard Webhooks: `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`, keyed with the secret after `whsec_`. */
function expectedSignature(secret: string, delivery: Received): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
  return `v1,${crypto.createHmac('sha256', key).update(signed).digest('base64')}`;
}

const eventOf = (delivery: Received) => JSON.parse(delivery.body) as AssetEvent;

test('a technical admin makes a delivery key and a webhook, and a published story reaches the receiver and the delivery API', async ({ page }) => {
  test.setTimeout(180_000);
  const mark = runMark();
  const keyName = `Journey website ${mark}`;
  const authorization = watchAuthorization(page);
  await signIn(page, 'admin');
  const token = await authorization();

  // A delivery key for rbcom in English; its secret shows once.
  await openAdminPage(page, 'Delivery Keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const newKey = page.getByRole('dialog', { name: 'New key' });
  await newKey.getByRole('textbox', { name: 'Name' }).fill(keyName);
  await choose(page, newKey, 'Spaces', 'rbcom');
  await choose(page, newKey, 'Locales', 'en');
  await newKey.getByRole('button', { name: 'Create key' }).click();
  const keyShown = page.getByRole('dialog', { name: 'Copy your new key' });
  await expect(keyShown.getByText('Copy it now: it will not be shown again')).toBeVisible();
  const key = await keyShown.getByRole('textbox', { name: 'Key' }).inputValue();
  expect(key).toMatch(/^dk_[0-9a-f]{32}_/);
  await keyShown.getByRole('button', { name: 'Done' }).click();
  await expect(keyShown).toBeHidden();
  const keyRow = page.getByRole('table', { name: 'Delivery keys' }).getByRole('row').filter({ hasText: keyName });
  await expect(keyRow.getByText('Active')).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  // A webhook to the receiver for rbcom, every event; its signing secret shows once, then its log.
  await openAdminPage(page, 'Webhooks');
  await page.getByRole('button', { name: 'New webhook' }).click();
  const newWebhook = page.getByRole('dialog', { name: 'New webhook' });
  const receiverUrl = `http://127.0.0.1:${RECEIVER_PORT}/hooks/${mark}`;
  await newWebhook.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
  await newWebhook.getByRole('textbox', { name: 'Description' }).fill('Rebuilds the journey website');
  await choose(page, newWebhook, 'Spaces', 'rbcom');
  await newWebhook.getByRole('button', { name: 'Create webhook' }).click();
  const secretShown = page.getByRole('dialog', { name: 'Copy the signing secret' });
  const secret = await secretShown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretShown.getByRole('button', { name: 'Done' }).click();
  const log = page.getByRole('region', { name: 'Delivery log' });
  await expect(log.getByText(receiverUrl)).toBeVisible();

  // A test event first: it reaches the receiver and the log.
  await log.getByRole('button', { name: 'Send test event' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Test event' }).getByText('Delivered')).toBeVisible({ timeout: 30_000 });

  // A story published in rbcom: the receiver gets asset.published, signed with the secret shown once.
  const title = `Delivery journey: Cliff diving in Mostar ${mark}`;
  const id = await createStory(page, token, { title, storyContent: [paragraph('The divers jump from the Stari Most into the Neretva.')] });
  const published = await page.request.post(`${versionPath(id)}/publish`, { headers: { authorization: token }, data: { publishSchedule: { startDate: null, endDate: null } } });
  expect(published.ok(), `publish ${id}: ${await published.text()}`).toBe(true);
  const isOurs = (delivery: Received) => eventOf(delivery).type === 'asset.published' && eventOf(delivery).data.assetId === id;
  await expect.poll(() => received.some(isOurs), { message: 'the receiver got asset.published', timeout: 30_000 }).toBe(true);
  const delivery = received.find(isOurs) as Received;
  expect(String(delivery.headers['webhook-signature']).split(' ')).toContain(expectedSignature(secret, delivery));

  // The log shows the delivery with the receiver's answer.
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Published' }).filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const row = log.getByRole('row').filter({ hasText: 'Published' }).filter({ hasText: 'Delivered' });
  await expect(row).toContainText('200');
  await expect(row).toContainText('{"received":true}');
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(log.getByText(`"assetId": "${id}"`)).toBeVisible();

  // The delivery API answers the story at the event's URL with the key.
  const url = eventOf(delivery).data.url ?? '';
  expect(new URL(url).pathname).toBe(`/delivery/v1/assets/${id}/localizations/en`);
  const answer = await page.request.get(url, { headers: { authorization: `Bearer ${key}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { title: string }).title).toBe(title);

  // Revoked after its confirmation, the key reads nothing any more.
  await openAdminPage(page, 'Delivery Keys');
  await keyRow.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke key' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(keyRow.getByText('Revoked')).toBeVisible();
  const refused = await page.request.get(url, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});
