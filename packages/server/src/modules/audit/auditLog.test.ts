import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_OVERRIDE_HEADER } from '@editor/domain';
import { readConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { CURATOR, DIALECTS, EDITOR, TECH_ADMIN, freePort, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { signInBrowser } from '../../../test/signInBrowser.ts';
import { createAuditLog } from './auditLog.ts';
import { createAuditLogPruner } from './pruner.ts';

const MANAGER: TestUser = {
  sub: 'manager',
  name: 'Mia Manager',
  rights: { roles: ['content-manager', 'taxonomy-manager', 'all-localizations', 'embargo-date-manager'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] },
};
const VALID_STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};

/** A clock that stands at the given minute and second of one morning. */
const morningAt = (time: string) => () => new Date(`2026-11-26T08:${time}Z`);
const failTheTest = (error: unknown) => {
  throw error;
};
const override = (value: object) => ({ [ROLE_OVERRIDE_HEADER]: JSON.stringify(value) });
/** A stored entry of the given time, as an old instance would have left it. */
const row = (at: string, i: number) => ({ id: `${at}-prune${i}`, at, event: 'delete', user_id: null, client_address: null, target: `prune-${i}`, outcome: 'success', detail: '{}' });

interface Entry {
  id: string;
  at: string;
  event: string;
  userId: string | null;
  clientAddress: string | null;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown>;
  count: number;
  firstAt: string;
  lastAt: string;
}
interface Page {
  _embedded: { item: Entry[] };
  _links: { self: { href: string }; next?: { href: string } };
  size: number;
}

describe.each(DIALECTS)('audit log (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startTestApp(dialect, { PORT: String(port), PUBLIC_URL: origin });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });

  /** The entries of an event, newest first, once the writes under way are done. */
  async function entries(event: string, limit = 500): Promise<Entry[]> {
    await t.app.auditLog.flush();
    const response = await call(TECH_ADMIN, 'GET', `/api/v1/audit-log?event=${event}&limit=${limit}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Page)._embedded.item;
  }

  it('records a sign-in and a failed sign-in with the address, never the password', async () => {
    const browser = signInBrowser(origin);
    const action = await browser.openLoginForm();
    expect((await browser.login(action, 'translator', 'not-the-password-123')).status).toBe(401);
    expect((await browser.login(action, 'translator', 'translator')).status).toBe(303);

    const [failed] = await entries('sign-in-failed');
    expect(failed).toMatchObject({ event: 'sign-in-failed', outcome: 'refused', userId: null, target: 'translator', clientAddress: '127.0.0.1', detail: { reason: 'wrong-password' } });
    expect(JSON.stringify(failed)).not.toContain('not-the-password-123');
    const [signedIn] = await entries('sign-in');
    expect(signedIn).toMatchObject({ outcome: 'success', userId: 'translator', target: 'translator', clientAddress: '127.0.0.1' });
  });

  it('records refused calls: 401 without a valid token, 403 without the rights', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user?token=abc' })).statusCode).toBe(401);
    expect((await call(CURATOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: {} })).statusCode).toBe(403);
    const refused = await entries('refused');
    expect(refused).toContainEqual(
      expect.objectContaining({ outcome: 'refused', userId: null, detail: expect.objectContaining({ method: 'GET', path: '/api/v1/user', status: 401, code: 'unauthorized' }) }),
    );
    expect(refused).toContainEqual(
      expect.objectContaining({ userId: 'curator', target: '-/en', detail: expect.objectContaining({ method: 'POST', path: '/api/v1/assets/:id/localizations/:locale', status: 403 }) }),
    );
    expect(JSON.stringify(refused)).not.toContain('token=abc');
  });

  it('counts alike refusals from one address as one entry a minute, with their count and first and last time', async () => {
    const address = '192.0.2.31';
    for (let i = 0; i < 50; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', remoteAddress: address })).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/v1/user', remoteAddress: address, headers: { authorization: 'Bearer not-a-token' } });
    const mine = (await entries('refused')).filter((entry) => entry.clientAddress === address);
    // A minute may turn during the calls: then its refusals are two entries.
    expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.reduce((sum, entry) => sum + entry.count, 0)).toBe(53);
    const [newest] = mine;
    expect(newest).toMatchObject({ event: 'refused', outcome: 'refused', userId: null, target: null, detail: { method: 'GET', path: '/api/v1/user', status: 401, code: 'unauthorized' } });
    expect(newest && newest.firstAt <= newest.lastAt && newest.at <= newest.firstAt && newest.at.endsWith(':00.000Z')).toBe(true);
    // Alike: one route, status and code; another route's refusal from that address is an entry of its own.
    await t.app.inject({ method: 'GET', url: '/api/v1/audit-log', remoteAddress: address });
    expect((await entries('refused')).filter((entry) => entry.clientAddress === address && entry.detail.path === '/api/v1/audit-log')).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it('counts failed sign-ins of one address and reason as one entry', async () => {
    const browser = signInBrowser(origin);
    const action = await browser.openLoginForm();
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3']) expect((await browser.login(action, name, 'guess')).status).toBe(401);
    const unknown = (await entries('sign-in-failed')).filter((entry) => entry.detail.reason === 'unknown-user');
    expect(unknown.reduce((sum, entry) => sum + entry.count, 0)).toBe(3);
    expect(unknown[0]).toMatchObject({ clientAddress: '127.0.0.1', userId: null, target: expect.stringMatching(/^nobody-/) });
  });

  it('adds what several instances counted of one minute into one entry, and keeps other minutes apart', async () => {
    const { db } = t.database;
    const refusal = { event: 'refused', outcome: 'refused', clientAddress: '192.0.2.32', reason: 'the same', detail: { path: '/x' } } as const;
    const first = createAuditLog({ db, onError: failTheTest, now: morningAt('15:10.000') });
    const second = createAuditLog({ db, onError: failTheTest, now: morningAt('15:40.000') });
    for (let i = 0; i < 4; i += 1) first.record(refusal);
    for (let i = 0; i < 6; i += 1) second.record(refusal);
    await second.flush();
    await first.flush();
    second.record(refusal);
    await second.flush();
    const later = createAuditLog({ db, onError: failTheTest, now: morningAt('16:05.000') });
    later.record(refusal);
    await later.flush();
    const rows = await db.selectFrom('audit_log').select(['at', 'count', 'first_at', 'last_at']).where('client_address', '=', '192.0.2.32').orderBy('id').execute();
    expect(rows.map((stored) => ({ ...stored, count: Number(stored.count) }))).toEqual([
      { at: '2026-11-26T08:15:00.000Z', count: 11, first_at: '2026-11-26T08:15:10.000Z', last_at: '2026-11-26T08:15:40.000Z' },
      { at: '2026-11-26T08:16:00.000Z', count: 1, first_at: '2026-11-26T08:16:05.000Z', last_at: '2026-11-26T08:16:05.000Z' },
    ]);
  });

  it('writes counted refusals once a minute without being asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const audit = createAuditLog({ db: t.database.db, onError: () => undefined, now: () => new Date('2026-11-26T09:00:30.000Z') });
      audit.record({ event: 'sign-in-failed', outcome: 'refused', clientAddress: '192.0.2.33', target: 'someone', detail: { reason: 'wrong-password' } });
      const stored = () => t.database.db.selectFrom('audit_log').select('count').where('client_address', '=', '192.0.2.33').execute();
      expect(await stored()).toEqual([]);
      vi.advanceTimersByTime(60_000);
      await audit.flush();
      expect((await stored()).map((entry) => Number(entry.count))).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records publishes, unpublishes, deletes, spaces and embargo changes, and a failed publish', async () => {
    const created = await call(MANAGER, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: VALID_STORY });
    const id = created.json().id as string;
    const version = `/api/v1/assets/${id}/localizations/en`;
    expect((await call(MANAGER, 'POST', `${version}/publish`, {})).statusCode).toBe(200);
    expect((await call(MANAGER, 'POST', `${version}/depublish`)).statusCode).toBe(200);
    expect((await call(MANAGER, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['rbcom', 'global'] })).statusCode).toBe(200);
    expect((await call(MANAGER, 'POST', `/api/v1/assets/${id}/embargo`, { startDate: null, endDate: '2031-01-01T00:00:00.000Z' })).statusCode).toBe(200);
    expect((await call(MANAGER, 'PUT', version, { content: { title: { value: 'Not ready' }, 'story-content': { value: [] } } })).statusCode).toBe(200);
    expect((await call(MANAGER, 'POST', `${version}/publish`, {})).statusCode).toBe(409);
    expect((await call(MANAGER, 'DELETE', version)).statusCode).toBe(200);

    const of = async (event: string) => (await entries(event)).filter((entry) => entry.target?.startsWith(id));
    const base = { userId: 'manager', clientAddress: '127.0.0.1' };
    expect(await of('publish')).toEqual([
      expect.objectContaining({ ...base, target: `${id}/en`, outcome: 'failure', detail: { publishSchedule: null, status: 409 } }),
      expect.objectContaining({ ...base, target: `${id}/en`, outcome: 'success', detail: { publishSchedule: null, status: 200 } }),
    ]);
    expect(await of('unpublish')).toEqual([expect.objectContaining({ ...base, target: `${id}/en`, outcome: 'success' })]);
    expect(await of('change-spaces')).toEqual([expect.objectContaining({ ...base, target: id, outcome: 'success', detail: { spaces: ['rbcom', 'global'], status: 200 } })]);
    expect(await of('set-embargo')).toEqual([expect.objectContaining({ ...base, target: id, detail: { startDate: null, endDate: '2031-01-01T00:00:00.000Z', status: 200 } })]);
    expect(await of('delete')).toEqual([expect.objectContaining({ ...base, target: `${id}/en`, outcome: 'success' })]);
  });

  it('records a role override when a technical admin starts or changes it, and a refused one', async () => {
    const asTranslator = override({ roles: ['translator'], spaces: ['rbcom'], localizations: ['de'] });
    for (let i = 0; i < 3; i++) expect((await call(TECH_ADMIN, 'GET', '/api/v1/user/settings', undefined, asTranslator)).statusCode).toBe(200);
    expect((await call(TECH_ADMIN, 'GET', '/api/v1/user/settings', undefined, override({ roles: ['curator'], spaces: ['rbcom'], localizations: ['en'] }))).statusCode).toBe(200);
    expect((await call(EDITOR, 'GET', '/api/v1/user/settings', undefined, asTranslator)).statusCode).toBe(403);

    const overrides = await entries('role-override');
    expect(overrides.filter((entry) => entry.userId === 'admin').map((entry) => entry.detail)).toEqual([
      { override: { roles: ['curator'], spaces: ['rbcom'], localizations: ['en'] }, originalRoles: TECH_ADMIN.rights.roles },
      { override: { roles: ['translator'], spaces: ['rbcom'], localizations: ['de'] }, originalRoles: TECH_ADMIN.rights.roles },
    ]);
    expect(await entries('refused')).toContainEqual(expect.objectContaining({ detail: expect.objectContaining({ status: 403, message: 'Only technical admins may override their roles.' }) }));
  });

  it('is read by technical admins only, under the rights the request acts with', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit-log' })).statusCode).toBe(401);
    expect((await call(EDITOR, 'GET', '/api/v1/audit-log')).statusCode).toBe(403);
    expect((await call(CURATOR, 'GET', '/api/v1/audit-log')).statusCode).toBe(403);
    const simulated = { [ROLE_OVERRIDE_HEADER]: JSON.stringify({ roles: ['content-manager'], spaces: ['rbcom'], localizations: ['en'] }) };
    expect((await call(TECH_ADMIN, 'GET', '/api/v1/audit-log', undefined, simulated)).statusCode).toBe(403);
    expect((await call(TECH_ADMIN, 'GET', '/api/v1/audit-log')).statusCode).toBe(200);
    expect((await call(TECH_ADMIN, 'GET', '/api/v1/audit-log?event=coffee')).statusCode).toBe(400);
  });

  it('pages newest first by keyset, each entry once', async () => {
    for (let i = 0; i < 4; i++) await call(CURATOR, 'DELETE', '/api/v1/assets/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/localizations/en');
    await t.app.auditLog.flush();
    const all = (await call(TECH_ADMIN, 'GET', '/api/v1/audit-log?limit=500')).json() as Page;
    expect(all._links.next).toBeUndefined();
    const ids = all._embedded.item.map((entry) => entry.id);
    expect(ids).toEqual(ids.toSorted().toReversed());
    expect(all._embedded.item.map((entry) => entry.at)).toEqual(all._embedded.item.map((entry) => entry.at).toSorted().toReversed());

    const paged: string[] = [];
    let href: string | undefined = '/api/v1/audit-log?limit=3';
    while (href) {
      const page = (await call(TECH_ADMIN, 'GET', href)).json() as Page;
      expect(page.size).toBeLessThanOrEqual(3);
      paged.push(...page._embedded.item.map((entry) => entry.id));
      href = page._links.next?.href;
    }
    // Reading the log is no event of its own: the pages see the same entries as the one big page.
    expect(paged).toEqual(ids);
  });

  it('prunes entries past the retention period, in batches, and keeps the rest', async () => {
    const { db } = t.database;
    const now = new Date('2026-11-26T12:00:00.000Z');
    const old = new Date(now.getTime() - 91 * 24 * 3_600_000).toISOString();
    const kept = new Date(now.getTime() - 89 * 24 * 3_600_000).toISOString();
    await db.insertInto('audit_log').values([0, 1, 2, 3, 4].map((i) => row(old, i))).execute();
    await db.insertInto('audit_log').values(row(kept, 9)).execute();

    const pruner = createAuditLogPruner({ db, retentionDays: 90, batchSize: 2, now: () => now });
    expect(await pruner.runOnce()).toBe(5);
    const left = await db.selectFrom('audit_log').select('target').where('target', 'like', 'prune-%').execute();
    expect(left).toEqual([{ target: 'prune-9' }]);
    // Two instances pruning at once delete each entry once and fail nowhere.
    await db.insertInto('audit_log').values([5, 6, 7].map((i) => row(old, i))).execute();
    const counts = await Promise.all([pruner.runOnce(), createAuditLogPruner({ db, retentionDays: 90, now: () => now }).runOnce()]);
    expect(counts[0] + counts[1]).toBe(3);
  });
});

describe('audit log writes and configuration', () => {
  it('never fails the call that records: a failed write is reported and dropped', async () => {
    const onError = vi.fn<(error: unknown) => void>();
    const broken = {
      insertInto: () => {
        throw new Error('database gone');
      },
    } as unknown as Kysely<DB>;
    const audit = createAuditLog({ db: broken, onError });
    expect(() => audit.record({ event: 'delete', outcome: 'success' })).not.toThrow();
    await audit.flush();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database gone' }));
  });

  it('keeps entries 90 days unless AUDIT_LOG_RETENTION_DAYS says otherwise', () => {
    expect(readConfig({}).auditLogRetentionDays).toBe(90);
    expect(readConfig({ AUDIT_LOG_RETENTION_DAYS: '30' }).auditLogRetentionDays).toBe(30);
    expect(() => readConfig({ AUDIT_LOG_RETENTION_DAYS: '0' })).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
  });
});
