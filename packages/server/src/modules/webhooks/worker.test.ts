import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointSchema } from '@editor/domain';
import { DIALECTS, TECH_ADMIN, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhookReceiver.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { queueWebhookEvents } from './outbox.ts';
import * as repo from './repository.ts';
import { createWebhookWorker, nextStateOf, retryDelayMs, type WebhookWorkerOptions } from './worker.ts';

const result = (verdict: 'succeeded' | 'retry' | 'failed', retryAfterMs?: number) => ({ verdict, statusCode: null, durationMs: 5, response: '', error: null, retryAfterMs });

describe('the retry schedule', () => {
  it.each([
    [1, 15_000],
    [2, 30_000],
    [5, 240_000],
    [12, 3_600_000],
  ])('after try %i waits %i ms, spread by a fifth either way', (attempts, expected) => {
    expect(retryDelayMs({ attempts, baseMs: 15_000, random: () => 0.5 })).toBe(expected);
    expect(retryDelayMs({ attempts, baseMs: 15_000, random: () => 0 })).toBe(expected * 0.8);
    expect(retryDelayMs({ attempts, baseMs: 15_000, random: () => 1 })).toBe(expected * 1.2);
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(retryDelayMs({ attempts: 1, baseMs: 15_000, retryAfterMs: 90_000, random: () => 0.5 })).toBe(90_000);
  });

  const at = new Date('2026-03-01T12:00:00.000Z');
  const delivery = { attempts: 2, retry_until: '2026-03-02T00:00:00.000Z' };
  it.each([
    ['a 2xx succeeds', result('succeeded'), { status: 'succeeded', finished_at: at.toISOString() }],
    ['a retry within the window stays pending', result('retry'), { status: 'pending', finished_at: null }],
    ['a retry past the window fails', result('retry', 13 * 3_600_000), { status: 'failed', finished_at: at.toISOString() }],
    ['a refusal fails at once', result('failed'), { status: 'failed', finished_at: at.toISOString() }],
  ] as const)('%s', (_name, outcome, expected) => {
    expect(nextStateOf(delivery, outcome, { at, retryBaseMs: 15_000 })).toMatchObject(expected);
  });
});

describe.each(DIALECTS)('several delivery workers on one outbox (%s)', (dialect) => {
  let t: TestApp;
  let second: Database;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { WEBHOOK_ALLOWED_HOSTS: receiver.host });
    // Another instance's own connection to the same database.
    second = dialect === 'postgres' ? await openDatabase({ databaseUrl: t.database.url, schema: t.database.schema }) : await openDatabase({ sqliteFile: path.join(t.config.dataDir, 'test.db') });
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('webhook_endpoint').execute();
  });
  afterAll(async () => {
    await second.destroy();
    await t.close();
    await receiver.close();
  });

  const workerOn = (database: Pick<Database, 'db'>, options: Partial<WebhookWorkerOptions> = {}) =>
    createWebhookWorker({
      db: database.db,
      dialect,
      publicUrl: t.config.publicUrl,
      allowedHosts: [receiver.host],
      resolve: async () => ['127.0.0.1'],
      timeoutMs: 2000,
      intervalMs: 60_000,
      retryBaseMs: 20,
      maxConcurrent: 4,
      ...options,
    });
  const register = async (receiverPath: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: await t.auth(TECH_ADMIN), payload: { url: `${receiver.origin}${receiverPath}`, events: ['asset.published'] } });
    const endpoint = webhookEndpointSchema.parse(response.json());
    return { ...endpoint, secret: endpoint.secret ?? '' };
  };
  const queue = (count: number) =>
    t.database.db.transaction().execute((trx) =>
      queueWebhookEvents(
        trx,
        Array.from({ length: count }, (_, index) => ({ type: 'asset.published' as const, assetId: `asset-${index}`, locale: 'en', stencil: 'story', spaces: ['rbcom'] })),
      ),
    );
  const deliveries = () => t.database.db.selectFrom('webhook_delivery').selectAll().execute();

  it('sends each delivery exactly once when two workers claim at the same time', async () => {
    const endpoint = await register('/race');
    await queue(30);
    await Promise.all([workerOn(t.database).runOnce(), workerOn(second).runOnce(), workerOn(second).runOnce()]);
    const received = receiver.verified(endpoint.secret, '/race');
    expect(received).toHaveLength(30);
    expect(new Set(received.map((entry) => entry.id)).size).toBe(30);
    expect(new Set(received.map(({ payload }) => ('assetId' in payload.data ? payload.data.assetId : ''))).size).toBe(30);
    expect((await deliveries()).map((row) => row.status)).toEqual(Array.from({ length: 30 }, () => 'succeeded'));
    const attempts = await t.database.db.selectFrom('webhook_attempt').select('id').execute();
    expect(attempts).toHaveLength(30);
  });

  it('leaves a claimed delivery to its worker until the lease lapses, then another sends it and the first one’s result is dropped', async () => {
    const endpoint = await register('/lease');
    await queue(1);
    const now = new Date();
    // A worker that claimed and then died (its process killed mid-try).
    const [claimed] = await repo.claimDueDeliveries(second.db, dialect, { now: now.toISOString(), leaseUntil: new Date(now.getTime() + 300).toISOString(), claim: 'dead-worker', limit: 10 });
    expect(claimed).toBeDefined();
    await workerOn(t.database).runOnce();
    expect(receiver.received.filter((entry) => entry.path === '/lease')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await workerOn(t.database).runOnce();
    expect(receiver.verified(endpoint.secret, '/lease').map((entry) => entry.id)).toEqual([claimed?.id]);
    const late = await repo.finishAttempts(second.db, [
      {
        id: claimed?.id ?? '',
        claim: 'dead-worker',
        values: { status: 'failed', next_attempt_at: now.toISOString(), finished_at: now.toISOString() },
        attempt: { id: 'late', delivery_id: claimed?.id ?? '', attempted_at: now.toISOString(), status_code: 500, duration_ms: 1, response: '', error: null },
      },
    ]);
    expect(late).toBe(0);
    expect((await deliveries()).map((row) => row.status)).toEqual(['succeeded']);
  });

  it('gives the tries under way back untried when it stops, for another worker to send at once', async () => {
    receiver.answer('/stopping', ['hold', { status: 204 }]);
    const endpoint = await register('/stopping');
    await queue(1);
    const worker = workerOn(t.database);
    worker.start();
    await receiver.waitFor(1, { path: '/stopping' });
    await worker.stop();
    const [released] = await deliveries();
    expect(released).toMatchObject({ status: 'pending', attempts: 0, claimed_by: null });
    expect(Date.parse(released?.next_attempt_at ?? '')).toBeLessThanOrEqual(Date.now());
    await workerOn(second).runOnce();
    const received = receiver.verified(endpoint.secret, '/stopping');
    expect(received.map((entry) => entry.id)).toEqual([released?.id, released?.id]);
    expect((await deliveries()).map((row) => row.status)).toEqual(['succeeded']);
  });
});
