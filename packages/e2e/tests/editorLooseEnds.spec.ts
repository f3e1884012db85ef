import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, titleInput, toast, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * The editor's loose ends (spec 000 §2, §4, §7): ship a title into two locales and read both results, a create whose
 * request fails keeps its draft and offers it after a reload, and the publish modal warns of a taken URI title.
 * Each journey creates its own stories through the API with the signed-in user's token.
 */

const TEXTS = {
  saved: 'Your asset has been successfully saved',
  shipModal: 'Ship to other locales',
  shipped: 'Shipped',
  createFailed: 'Asset could not be created',
  slugTaken: 'This URI title is taken',
} as const;

async function signInAsEditor(page: Page): Promise<string> {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  return authorization();
}

test('a title shipped from the editor reaches two locales, and both are listed as shipped', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const mark = runMark();
  const id = await createStory(page, authorization, { title: `Ship journey ${mark}`, storyContent: [paragraph('Cliff diving in Mostar.')] });
  for (const locale of ['de', 'fr']) {
    const answer = await page.request.post(versionPath(id, locale), { headers: { authorization }, data: { id, params: {}, reference: 'en' } });
    expect(answer.status(), `translate into ${locale}: ${await answer.text()}`).toBe(201);
  }
  await openEditor(page, id);

  const newTitle = `Shipped title ${mark}`;
  await titleInput(page).fill(newTitle);
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, TEXTS.saved)).toBeVisible();

  await actionBar(page).getByRole('button', { name: 'Ship', exact: true }).click();
  const modal = page.getByRole('dialog', { name: TEXTS.shipModal });
  await expect(modal).toBeVisible();
  await modal.getByRole('checkbox', { name: 'Title', exact: true }).check();
  await modal.getByRole('checkbox', { name: /German/ }).check();
  await modal.getByRole('checkbox', { name: /French/ }).check();
  await modal.getByRole('button', { name: 'Ship', exact: true }).click();

  const shipped = modal.getByRole('region', { name: TEXTS.shipped });
  await expect(shipped).toBeVisible();
  await expect(shipped.getByText('German')).toBeVisible();
  await expect(shipped.getByText('French')).toBeVisible();
  await modal.getByRole('button', { name: 'Finish' }).click();
  await expect(modal).toBeHidden();

  for (const locale of ['de', 'fr']) expect((await fetchVersion(page, authorization, id, { locale })).content.title?.value).toBe(newTitle);
});

test('a create whose request fails keeps its draft, which a reload offers and Load draft creates', async ({ page }) => {
  await signInAsEditor(page);
  // The first create fails as a server in trouble would; the second goes through.
  await page.route('**/api/v1/assets/-/localizations/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, messages: ['Service unavailable'] }) }), { times: 1 });

  await page.getByRole('banner').getByRole('button', { name: 'Create Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  for (const name of ['Space', 'Localisation']) {
    const select = dialog.getByRole('combobox', { name });
    if ((await select.inputValue()) === '') {
      await select.click();
      await page.getByRole('option').first().click();
    }
    await expect(select).not.toHaveValue('');
  }
  const locale = await dialog.getByRole('combobox', { name: 'Localisation' }).inputValue();
  await dialog.getByRole('textbox', { name: 'Search asset type' }).fill('Story');
  await dialog.getByRole('button', { name: 'Story', exact: true }).click();
  await expect(toast(page, TEXTS.createFailed)).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `editor-draft:-:${locale}`)).toContain('"stencil":"story"');

  await page.reload();
  const offer = page.getByRole('dialog', { name: 'Draft' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('This browser holds a new Story');
  await offer.getByRole('button', { name: 'Load draft' }).click();

  await expect(page).toHaveURL(new RegExp(`/assets/[0-9a-f-]{36}/localizations/${locale}/edit$`));
  await expect(page.getByRole('tab', { name: 'Asset Editor', selected: true })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `editor-draft:-:${locale}`)).toBeNull();
});

test('the publish modal warns that a typed URI title is taken and names free alternatives', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const mark = runMark();
  const owner = await createStory(page, authorization, { title: `Slug owner ${mark}`, storyContent: [paragraph('Ice climbing all winter.')] });
  const uriTitle = `ice-climbing-${mark}`;
  const claim = await page.request.patch(`/api/crepo/urislug-registry/uriSlugs/${encodeURIComponent(`rbcom:en-INT:${uriTitle}`)}/relationships/claimingResource`, {
    headers: { authorization },
    data: { data: { id: owner, spaces: ['rbcom'], type: 'story' } },
  });
  expect(claim.status(), `claim ${uriTitle}: ${await claim.text()}`).toBe(200);

  const id = await createStory(page, authorization, { title: `Slug journey ${mark}`, storyContent: [paragraph('Ice climbing all winter.')] });
  await openEditor(page, id);
  await actionBar(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'URI title' }) });
  await modal.getByRole('textbox', { name: 'URI title' }).fill(uriTitle);

  const warning = modal.getByRole('alert').filter({ hasText: TEXTS.slugTaken });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`This URI title is used by asset ${owner} (en). Free alternatives: ${uriTitle}-tmp-1`);
});
