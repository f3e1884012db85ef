import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { createListCache } from './listCache.ts';

describe('createListCache', () => {
  it('computes a list once for the calls while it is computed and within its time after, and again after it', async () => {
    let clock = 0;
    let computed = 0;
    const cache = createListCache<number>({ ttlMs: 500, now: () => clock });
    const compute = async () => (computed += 1);
    const first = cache.get('a', compute);
    // Computing took longer than the time a list is kept: the calls meanwhile wait for it all the same.
    clock = 800;
    expect(await Promise.all([first, cache.get('a', compute)])).toEqual([1, 1]);
    clock = 1300;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    clock = 1301;
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('computes again after a write, also for a list whose computing began before it', async () => {
    let computed = 0;
    const cache = createListCache<number>({ ttlMs: 500, now: () => 0 });
    const compute = async () => (computed += 1);
    const before = cache.get('a', compute);
    cache.forget();
    expect(await cache.get('a', compute)).toBe(2);
    expect(await before).toBe(1);
  });

  it('keeps a list from its second ask, when so asked, and shares one computation between calls at once', async () => {
    let clock = 0;
    let computed = 0;
    const cache = createListCache<number>({ ttlMs: 500, now: () => clock, keepsFromSecondAsk: true });
    const compute = async () => (computed += 1);
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    // Asked once: not kept. Asked again within one to two times the time: kept from then on.
    expect(await cache.get('a', compute)).toBe(2);
    clock = 400;
    expect(await cache.get('a', compute)).toBe(2);
    // A list asked once, then only after more than two times the time, is computed each time.
    expect(await cache.get('b', compute)).toBe(3);
    clock = 1500;
    expect(await cache.get('b', compute)).toBe(4);
    expect(await cache.get('b', compute)).toBe(5);
    expect(await cache.get('b', compute)).toBe(5);
  });

  it('keeps no failure, and nothing at all with a time of 0', async () => {
    const failing = createListCache<number>({ ttlMs: 500, now: () => 0 });
    await expect(failing.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing.get('a', async () => 7)).toBe(7);
    let computed = 0;
    const off = createListCache<number>({ ttlMs: 0 });
    await off.get('a', async () => (computed += 1));
    expect(await off.get('a', async () => (computed += 1))).toBe(2);
  });
});

const OTHER: TestUser = { sub: 'other-editor', name: 'Otto Other', rights: EDITOR.rights };

describe.each(DIALECTS)('list answers kept for a second (%s)', (dialect) => {
  let t: TestApp;
  let id = '';
  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });
  const titles = async (user: TestUser) => {
    const response = await call(user, 'GET', '/api/v1/assets?stencil=story');
    expect(response.statusCode, response.body).toBe(200);
    return assetListResponseSchema.parse(response.json())._embedded.item.map((item) => item.title);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { LIST_CACHE_MS: '1000' });
    const created = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: 'Summit fever' } } });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows a user's save in their next list call, and everyone else's", async () => {
    expect(await titles(EDITOR)).toEqual(['Summit fever']);
    expect(await titles(OTHER)).toEqual(['Summit fever']);
    const read = await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`);
    const saved = await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: 'Summit fever, the return' } } }, { 'if-match': read.headers.etag as string });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titles(EDITOR)).toEqual(['Summit fever, the return']);
    expect(await titles(OTHER)).toEqual(['Summit fever, the return']);
  });

  it('keeps the lists across a POST that only reads (a dashboard panel), and drops them on a write', async () => {
    expect(await titles(EDITOR)).toEqual(['Summit fever, the return']);
    await t.database.db.updateTable('asset_localization').set({ title: 'Changed behind the cache' }).where('asset_id', '=', id).execute();
    const panel = await call(EDITOR, 'POST', '/api/v1/suggestions/tags/tags', { space: 'rbcom', suggestionAmount: 3, textualContent: 'summit' });
    expect(panel.statusCode, panel.body).toBe(200);
    expect(await titles(EDITOR)).toEqual(['Summit fever, the return']);
    const settings = await call(EDITOR, 'GET', '/api/v1/user/settings');
    const write = await call(EDITOR, 'PUT', '/api/v1/user/settings', settings.json());
    expect(write.statusCode, write.body).toBe(200);
    expect(await titles(EDITOR)).toEqual(['Changed behind the cache']);
    // Leave the title and the kept lists as the next test expects them.
    await t.database.db.updateTable('asset_localization').set({ title: 'Summit fever, the return' }).where('asset_id', '=', id).execute();
    expect((await call(EDITOR, 'PUT', '/api/v1/user/settings', settings.json())).statusCode).toBe(200);
  });

  it('shows a write that did not go through this instance within a second', async () => {
    expect(await titles(EDITOR)).toEqual(['Summit fever, the return']);
    await t.database.db.updateTable('asset_localization').set({ title: 'Written elsewhere' }).where('asset_id', '=', id).execute();
    expect(await titles(EDITOR)).toEqual(['Summit fever, the return']);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await titles(EDITOR)).toEqual(['Written elsewhere']);
  });
});
