import crypto from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointSchema } from '@editor/domain';
import { EDITOR, TECH_ADMIN, type TestUser } from '../../../test/harness.ts';
import { startServerProcess } from '../../../test/serverProcess.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhookReceiver.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
type Instance = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * The real server in processes of its own on one PostgreSQL database, as a team runs several instances: each queued
 * delivery reaches the receiver once, and one whose instance is killed mid-try is sent by another.
 */
describe.skipIf(!adminUrl)('webhooks with several server processes on PostgreSQL (needs TEST_DATABASE_URL; skipped without it)', () => {
  const databaseName = `test_webhooks_${crypto.randomUUID().replaceAll('-', '')}`;
  let receiver: WebhookReceiver;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    receiver = await startWebhookReceiver();
    // A short timeout makes a short lease: a try whose instance died is taken again after 2 s.
    const env = { DATABASE_URL: url.toString(), WEBHOOK_ALLOWED_HOSTS: receiver.host, WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_INTERVAL_MS: '100' };
    // 'sqlite' only means "make no database of your own": DATABASE_URL names the shared one.
    first = await startServerProcess('sqlite', env);
    second = await startServerProcess('sqlite', env);
    await first.start();
  }, 60_000);

  afterAll(async () => {
    await first?.remove();
    await second?.remove();
    await receiver?.close();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  const call = async (instance: Instance, user: TestUser, method: 'POST', path: string, body: object) => {
    const response = await fetch(`${instance.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${await instance.tokenFor(user)}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
  const publishStory = async (instance: Instance) => {
    const created = await call(instance, EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: STORY });
    await call(instance, EDITOR, 'POST', `/api/v1/assets/${String(created.id)}/localizations/en/publish`, { publishSchedule: {} });
    return String(created.id);
  };

  it('delivers a publish whose instance was killed mid-try from another instance, with the same webhook-id', async () => {
    receiver.answer('/killed', ['hold', { status: 204 }]);
    const endpoint = webhookEndpointSchema.parse(await call(first, TECH_ADMIN, 'POST', '/api/v1/webhooks', { url: `${receiver.origin}/killed`, events: ['asset.published'] }));
    const id = await publishStory(first);
    // The publish was acknowledged and the first instance is sending it: now it dies.
    await receiver.waitFor(1, { path: '/killed' });
    await first.kill();
    await second.start();
    const [tried, delivered] = await receiver.waitFor(2, { path: '/killed', ms: 15_000 });
    expect(delivered?.id).toBe(tried?.id);
    const payloads = receiver.verified(endpoint.secret ?? '', '/killed').map(({ payload }) => payload);
    expect(payloads.map((payload) => ('assetId' in payload.data ? payload.data.assetId : undefined))).toEqual([id, id]);
  }, 60_000);

  it('sends each publish once while two instances run', async () => {
    receiver.answer('/killed', { status: 204 });
    await first.start();
    const endpoint = webhookEndpointSchema.parse(await call(second, TECH_ADMIN, 'POST', '/api/v1/webhooks', { url: `${receiver.origin}/both`, events: ['asset.published'] }));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await publishStory(i % 2 === 0 ? first : second));
    await receiver.waitFor(ids.length, { path: '/both', ms: 15_000 });
    // Time for a second request of any of them to arrive, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const received = receiver.verified(endpoint.secret ?? '', '/both');
    expect(received).toHaveLength(ids.length);
    expect(received.map(({ payload }) => ('assetId' in payload.data ? payload.data.assetId : '')).toSorted()).toEqual(ids.toSorted());
    // The killed instance's endpoint is still subscribed: each of these publishes reached it once too.
    expect(receiver.received.filter((entry) => entry.path === '/killed')).toHaveLength(2 + ids.length);
  }, 60_000);
});
