import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryPageSchema, webhookDeliverySchema, webhookEndpointSchema, type WebhookEndpoint } from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhookReceiver.ts';
import { createAssetsService } from '../assets/service.ts';
import { buildKey } from '../delivery/deliveryFactories.ts';
import { createPublishingService } from '../publishing/service.ts';
import { createScheduler } from '../publishing/scheduler.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';
import { queueWebhookEvents } from './outbox.ts';
import { RESPONSE_EXCERPT_BYTES } from './sender.ts';
import { createWebhookWorker, type WebhookWorkerOptions } from './worker.ts';
import { openWebhookDatabase } from './workerDatabase.ts';

const STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
const TAXONOMIST: TestUser = {
  sub: 'taxonomist',
  name: 'Toni Taxonomist',
  rights: { roles: ['content-editor', 'taxonomy-manager', 'all-localizations'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] },
};
const HOUR = 3_600_000;
const version = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('webhook deliveries (%s)', (dialect) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { WEBHOOK_ALLOWED_HOSTS: receiver.host });
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('webhook_endpoint').execute();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  /** A delivery worker of this instance; retries come after tens of milliseconds instead of seconds. */
  const workerOf = (options: Partial<WebhookWorkerOptions> = {}) =>
    createWebhookWorker({
      db: t.database.db,
      dialect,
      publicUrl: t.config.publicUrl,
      allowedHosts: t.config.webhookAllowedHosts,
      resolve: async () => ['127.0.0.1'],
      timeoutMs: 2000,
      intervalMs: 60_000,
      retryBaseMs: 20,
      ...options,
    });
  /** Runs the worker until nothing is pending any more (retries included), at most `ms`. */
  const deliverAll = async (worker = workerOf(), ms = 5000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      await worker.runOnce();
      const pending = await t.database.db.selectFrom('webhook_delivery').select('id').where('status', '=', 'pending').execute();
      if (pending.length === 0 || Date.now() > deadline) return;
      await sleep(20);
    }
  };
  const register = async (path: string, payload: object = {}): Promise<WebhookEndpoint & { secret: string }> => {
    const response = await call(TECH_ADMIN, 'POST', '/api/v1/webhooks', { url: `${receiver.origin}${path}`, events: ['asset.published'], ...payload });
    expect(response.statusCode, response.body).toBe(201);
    const endpoint = webhookEndpointSchema.parse(response.json());
    return { ...endpoint, secret: endpoint.secret ?? '' };
  };
  const createStory = async () => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: STORY });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const publish = async (id: string, publishSchedule: object = {}) => {
    const response = await call(EDITOR, 'POST', `${version(id)}/publish`, { publishSchedule });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deliveryLog = async (endpoint: { id: string }, query = '') => {
    const response = await call(TECH_ADMIN, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return webhookDeliveryPageSchema.parse(response.json());
  };

  it('sends one delivery per publish, signed per Standard Webhooks, naming the version and its delivery API URL', async () => {
    const endpoint = await register('/site');
    const id = await createStory();
    await publish(id);
    await deliverAll();
    await deliverAll();
    const [delivered, ...more] = receiver.verified(endpoint.secret, '/site');
    expect(more).toEqual([]);
    expect(delivered?.payload).toEqual({
      type: 'asset.published',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { assetId: id, locale: 'en', stencil: 'story', spaces: ['rbcom'], url: `${t.config.publicUrl}/delivery/v1/assets/${id}/localizations/en` },
    });
    expect(delivered?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The URL is where the delivery API answers the published version.
    const url = new URL(delivered?.payload.data && 'url' in delivered.payload.data ? delivered.payload.data.url : '');
    const fetched = await t.app.inject({ method: 'GET', url: url.pathname, headers: (await buildKey(t)).headers });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json()).toMatchObject({ id, locale: 'en' });
    const [logged] = (await deliveryLog(endpoint))._embedded.item;
    expect(logged).toMatchObject({ id: delivered?.id, eventType: 'asset.published', status: 'succeeded', nextAttemptAt: null, attempts: [{ statusCode: 204, response: '', error: null }] });
  });

  it.runIf(dialect === 'postgres')('claims and records on connections of its own while every connection of the server’s pool is taken', async () => {
    const endpoint = await register('/own');
    const id = await createStory();
    await publish(id);
    const own = await openWebhookDatabase(t.database);
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Connections of the server's pool held until one more request has to wait for one.
    const holders: Array<Promise<void>> = [];
    try {
      while (t.database.pool?.waitingCount === 0) {
        holders.push(t.database.db.connection().execute(() => released));
        await sleep(10);
      }
      await workerOf({ db: own.db }).runOnce();
      expect(receiver.verified(endpoint.secret, '/own').map(({ payload }) => payload.data)).toMatchObject([{ assetId: id }]);
      expect(t.database.pool?.waitingCount).toBeGreaterThan(0);
    } finally {
      release?.();
      await Promise.all(holders);
      await own.close();
    }
  });

  it('queues each change in its own transaction: unpublish, ship, spaces, delete, and the scheduler’s publish and unpublish', async () => {
    const endpoint = await register('/all', { events: ['asset.unpublished', 'asset.shipped', 'asset.spaces-changed', 'asset.deleted', 'asset.scheduled-publish.executed', 'asset.scheduled-unpublish.executed'] });
    const id = await createStory();
    expect((await call(EDITOR, 'POST', version(id, 'de'), { reference: 'en' })).statusCode).toBe(201);
    const shipped = await call(EDITOR, 'PATCH', `${version(id)}/actions/ship`, { propertiesToShip: ['title'] });
    expect(shipped.json()).toEqual({ data: [{ localization: 'de', status: 200, messages: [] }] });
    expect((await call(TAXONOMIST, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['global', 'rbcom'] })).statusCode).toBe(200);
    await publish(id, { endDate: new Date(Date.now() + HOUR).toISOString() });
    expect((await call(EDITOR, 'DELETE', version(id, 'de'))).statusCode).toBe(200);
    const later = await createStory();
    await publish(later, { startDate: new Date(Date.now() + HOUR).toISOString() });
    const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
    const assets = createAssetsService({ db: t.database.db, dialect, stencils, localizations: t.config.localizations, spaces: t.config.spaces, enabledFeatures: [], previewExcludedSpaces: [], queueChangeEvents: queueWebhookEvents });
    const at = () => new Date(Date.now() + 2 * HOUR);
    await createScheduler({ db: t.database.db, dialect, publishing: createPublishingService({ db: t.database.db, assets, stencils, now: at }), intervalMs: 1000, now: at }).runOnce();
    await deliverAll();
    const events = receiver.verified(endpoint.secret, '/all').map(({ payload }) => ({ type: payload.type, ...payload.data }));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'asset.shipped', assetId: id, locale: 'de', sourceLocale: 'en', spaces: ['rbcom'] }),
        expect.objectContaining({ type: 'asset.spaces-changed', assetId: id, locale: 'en', spaces: ['global', 'rbcom'], previousSpaces: ['rbcom'] }),
        expect.objectContaining({ type: 'asset.spaces-changed', assetId: id, locale: 'de', spaces: ['global', 'rbcom'], previousSpaces: ['rbcom'] }),
        expect.objectContaining({ type: 'asset.deleted', assetId: id, locale: 'de', stencil: 'story', spaces: ['global', 'rbcom'] }),
        expect.objectContaining({ type: 'asset.scheduled-unpublish.executed', assetId: id, locale: 'en' }),
        expect.objectContaining({ type: 'asset.scheduled-publish.executed', assetId: later, locale: 'en', spaces: ['rbcom'] }),
      ]),
    );
    // Subscribed to neither a user's publish nor to saves.
    expect(events).toHaveLength(6);
    const unpublished = await createStory();
    await publish(unpublished);
    expect((await call(EDITOR, 'POST', `${version(unpublished)}/depublish`)).statusCode).toBe(200);
    await deliverAll();
    expect(receiver.verified(endpoint.secret, '/all').filter(({ payload }) => payload.type === 'asset.unpublished').map(({ payload }) => payload.data)).toEqual([
      expect.objectContaining({ assetId: unpublished, locale: 'en' }),
    ]);
  });

  it('sends nothing to a paused endpoint or one of other spaces, and nothing for a change that rolled back', async () => {
    const paused = await register('/paused', { enabled: false });
    const elsewhere = await register('/elsewhere', { spaces: ['rbtv'] });
    const id = await createStory();
    await publish(id);
    // Enabled again: nothing was queued for it while it was paused, so nothing comes late.
    expect((await call(TECH_ADMIN, 'PATCH', `/api/v1/webhooks/${paused.id}`, { enabled: true })).statusCode).toBe(200);
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await queueWebhookEvents(trx, [{ type: 'asset.published', assetId: id, locale: 'en', stencil: 'story' }]);
        throw new Error('the change fails after its events were queued');
      })
      .catch(() => undefined);
    await deliverAll();
    expect(receiver.received.filter((entry) => entry.path === '/paused' || entry.path === '/elsewhere')).toEqual([]);
    expect((await deliveryLog(paused)).size + (await deliveryLog(elsewhere)).size).toBe(0);
    // The same events, committed, reach the enabled endpoint of the asset's space.
    await t.database.db.transaction().execute((trx) => queueWebhookEvents(trx, [{ type: 'asset.published', assetId: id, locale: 'en', stencil: 'story' }]));
    await deliverAll();
    expect(receiver.verified(paused.secret, '/paused')).toHaveLength(1);
    expect(receiver.received.filter((entry) => entry.path === '/elsewhere')).toEqual([]);
  });

  it('retries after 500 twice, then succeeds; the log keeps each try, newest first', async () => {
    receiver.answer('/flaky', [{ status: 500, body: 'down for maintenance' }, { status: 500 }, { status: 200, body: 'thanks' }]);
    const endpoint = await register('/flaky');
    await publish(await createStory());
    await deliverAll();
    const tries = receiver.verified(endpoint.secret, '/flaky');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((entry) => entry.id)).size).toBe(1);
    const [logged] = (await deliveryLog(endpoint))._embedded.item;
    expect(logged?.status).toBe('succeeded');
    expect(logged?.attempts.map(({ statusCode, response, error }) => ({ statusCode, response, error }))).toEqual([
      { statusCode: 200, response: 'thanks', error: null },
      { statusCode: 500, response: '', error: 'The receiver answered 500.' },
      { statusCode: 500, response: 'down for maintenance', error: 'The receiver answered 500.' },
    ]);
  });

  it('waits for Retry-After on 429, and gives up once the retry window is over', async () => {
    receiver.answer('/busy', { status: 429, headers: { 'retry-after': '120' } });
    const endpoint = await register('/busy');
    await publish(await createStory());
    const started = Date.now();
    await workerOf().runOnce();
    const [waiting] = (await deliveryLog(endpoint))._embedded.item;
    expect(waiting?.status).toBe('pending');
    expect(Date.parse(waiting?.nextAttemptAt ?? '') - started).toBeGreaterThanOrEqual(119_000);
    // A day later the receiver still answers 429: the delivery fails.
    await workerOf({ now: () => new Date(Date.now() + 25 * HOUR) }).runOnce();
    const [failed] = (await deliveryLog(endpoint))._embedded.item;
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(failed?.attempts).toHaveLength(2);
  });

  it('does not follow a redirect, reads only the first bytes of an answer, and retries a receiver that does not answer in time', async () => {
    receiver.answer('/moved', { status: 302, headers: { location: `${receiver.origin}/site` } });
    receiver.answer('/chatty', { status: 200, body: 'x'.repeat(50_000) });
    receiver.answer('/silent', ['hold', { status: 204 }]);
    const moved = await register('/moved');
    const chatty = await register('/chatty');
    const silent = await register('/silent');
    await publish(await createStory());
    await workerOf({ timeoutMs: 300 }).runOnce();
    const siteCalls = receiver.received.filter((entry) => entry.path === '/site').length;
    expect((await deliveryLog(moved))._embedded.item[0]).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 302, error: `The receiver answered 302 to ${receiver.origin}/site; redirects are not followed.` }],
    });
    const [chattyTry] = (await deliveryLog(chatty))._embedded.item[0]?.attempts ?? [];
    expect(chattyTry?.response).toHaveLength(RESPONSE_EXCERPT_BYTES);
    await deliverAll();
    const [silentDelivery] = (await deliveryLog(silent))._embedded.item;
    expect(silentDelivery?.status).toBe('succeeded');
    expect(silentDelivery?.attempts.map(({ statusCode, error }) => ({ statusCode, error }))).toEqual([
      { statusCode: 204, error: null },
      { statusCode: null, error: 'The receiver did not answer within 0.3 s.' },
    ]);
    expect(receiver.received.filter((entry) => entry.path === '/site')).toHaveLength(siteCalls);
  });

  it('refuses a private receiver without the allow-list, also when only one DNS answer is private', async () => {
    const local = await register('/private');
    const named = await call(TECH_ADMIN, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/in', events: ['asset.published'] });
    const namedId = webhookEndpointSchema.parse(named.json()).id;
    await publish(await createStory());
    await workerOf({ allowedHosts: [], resolve: async () => ['93.184.216.34', '127.0.0.1'] }).runOnce();
    expect(receiver.received.filter((entry) => entry.path === '/private')).toEqual([]);
    expect((await deliveryLog(local))._embedded.item[0]).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: null, error: `${receiver.host} is not a public address; a receiver on a private network must be on WEBHOOK_ALLOWED_HOSTS.` }],
    });
    expect((await deliveryLog({ id: namedId }))._embedded.item[0]).toMatchObject({ status: 'failed', attempts: [{ error: 'hooks.example.com resolves to a private address.' }] });
  });

  it('sends a test event, resends a delivery with the same webhook-id, and pages the log', async () => {
    const endpoint = await register('/log');
    const test = await call(TECH_ADMIN, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const queued = webhookDeliverySchema.parse(test.json());
    expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending', payload: { type: 'webhook.test', data: { endpointId: endpoint.id } } });
    await publish(await createStory());
    await deliverAll();
    expect(receiver.verified(endpoint.secret, '/log').map(({ payload }) => payload.type)).toEqual(expect.arrayContaining(['webhook.test', 'asset.published']));

    const resent = await call(TECH_ADMIN, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${queued.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(webhookDeliverySchema.parse(resent.json())).toMatchObject({ id: queued.id, status: 'pending' });
    await deliverAll();
    expect(receiver.verified(endpoint.secret, '/log').filter((entry) => entry.id === queued.id)).toHaveLength(2);

    const first = await deliveryLog(endpoint, '?limit=1');
    expect(first.size).toBe(1);
    const next = first._links.next?.href ?? '';
    expect(next).toContain('before=');
    const second = await deliveryLog(endpoint, next.slice(next.indexOf('?')));
    expect(second._embedded.item.map((item) => item.id)).not.toEqual(first._embedded.item.map((item) => item.id));
    const testDelivery = [...first._embedded.item, ...second._embedded.item].find((item) => item.id === queued.id);
    expect(testDelivery?.attempts).toHaveLength(2);

    expect((await call(TECH_ADMIN, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/nope/resend`)).statusCode).toBe(404);
    await call(TECH_ADMIN, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, { enabled: false });
    expect((await call(TECH_ADMIN, 'POST', `/api/v1/webhooks/${endpoint.id}/test`)).json()).toMatchObject({ status: 409, code: 'webhook-endpoint-paused' });
    await t.app.auditLog.flush();
    const audited = await t.database.db.selectFrom('audit_log').select('event').where('target', '=', endpoint.id).execute();
    expect(audited.map((row) => row.event)).toEqual(expect.arrayContaining(['webhook-create', 'webhook-test', 'webhook-resend', 'webhook-update']));
  });
});
