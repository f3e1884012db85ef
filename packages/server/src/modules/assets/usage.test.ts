import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageResponseSchema, type UsageResponse } from '@editor/domain';
import { DIALECTS, EDITOR, HUB, TV, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const TAG = 'b0000000-0000-4000-8000-00000000b001';
const UNUSED_TAG = 'b0000000-0000-4000-8000-00000000b002';
const tagRef = { id: TAG, stencil: 'tag' };
const EVERYWHERE: TestUser = {
  sub: 'everywhere',
  name: 'Eve Everywhere',
  rights: { roles: ['content-manager', 'translator'], spaces: ['rbcom', 'global', 'rbtv'], localizations: ['en', 'de'] },
};

describe.each(DIALECTS)('asset usage (%s)', (dialect) => {
  let t: TestApp;
  /** The rbcom stories that use the tag, newest edit first. */
  const users: string[] = [];

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, space: string, content: object) => {
    const response = await call(user, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const usage = async (id: string, query = '', user: TestUser = EDITOR, locale = 'en'): Promise<UsageResponse> => {
    const response = await call(user, 'GET', `/api/v1/assets/${id}/localizations/${locale}/usage${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return usageResponseSchema.strict().parse(response.json());
  };
  const setUpdated = (id: string, at: string) => t.database.db.updateTable('asset_localization').set({ updated_at: at }).where('asset_id', '=', id).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await insertTaxonomyAsset(t.database, { id: TAG, stencil: 'tag', space: 'global', title: 'Whitewater' });
    await insertTaxonomyAsset(t.database, { id: UNUSED_TAG, stencil: 'tag', space: 'global', title: 'Glaciers' });
    // Ten rbcom stories tag it, edited on ten different days; one story only mentions other things.
    for (let n = 1; n <= 10; n++) {
      const id = await create(EDITOR, 'rbcom', { title: { value: `River diary ${n}` }, tags: { value: [tagRef] } });
      await setUpdated(id, `2026-02-${String(n).padStart(2, '0')}T10:00:00.000Z`);
      users.unshift(id);
    }
    await create(EDITOR, 'rbcom', { title: { value: 'Not about rivers' } });
    // An rbtv story the editor cannot read uses it too.
    await create(TV, 'rbtv', { title: { value: 'Rapids on tv' }, tags: { value: [tagRef] } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the versions that use an asset, newest edit first, 8 at a time, with the full total', async () => {
    const first = await usage(TAG);
    expect(first.total).toBe(10);
    expect(first.items).toEqual(users.slice(0, 8).map((id) => ({ id, localization: 'en' })));
    const second = await usage(TAG, '?limit=8&offset=8');
    expect(second).toEqual({ total: 10, items: users.slice(8).map((id) => ({ id, localization: 'en' })) });
    expect((await usage(TAG, '?limit=3&offset=2')).items.map((item) => item.id)).toEqual(users.slice(2, 5));
  });

  it('counts only versions the user may read', async () => {
    expect((await usage(TAG, '?limit=100', EVERYWHERE)).total).toBe(11);
    expect((await usage(TAG, '', EDITOR)).total).toBe(10);
  });

  it('answers an empty page for an asset nobody uses', async () => {
    expect(await usage(UNUSED_TAG)).toEqual({ total: 0, items: [] });
  });

  it('counts each version once, every locale on its own, and leaves out the asset itself', async () => {
    const target = await create(EVERYWHERE, 'rbcom', { title: { value: 'The Zambezi guide' } });
    // It links itself (an internal link) and is tagged by another story from two inputs.
    const link = `<p>See <a href="/api/v1/assets/${target}">the guide</a>.</p>`;
    const self = await call(EVERYWHERE, 'PATCH', `/api/v1/assets/${target}/localizations/en`, { content: { 'story-content': { value: [{ type: 'text', value: link }] } } });
    expect(self.statusCode, self.body).toBe(200);
    const own = await t.database.db.selectFrom('asset_reference').select('input').where('asset_id', '=', target).where('target_id', '=', target).execute();
    expect(own).toEqual([{ input: 'story-content' }]);
    const other = await create(EVERYWHERE, 'rbcom', {
      title: { value: 'Packing list' },
      tags: { value: [{ id: target, stencil: 'story' }] },
      'story-content': { value: [{ type: 'text', value: link }] },
    });
    expect((await call(EVERYWHERE, 'POST', `/api/v1/assets/${other}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect(await t.database.db.selectFrom('asset_reference').select('input').where('asset_id', '=', other).where('locale', '=', 'en').orderBy('input').execute()).toEqual([
      { input: 'story-content' },
      { input: 'tags' },
    ]);
    const used = await usage(target, '', EVERYWHERE);
    expect(used.total).toBe(2);
    expect(used.items.map((item) => `${item.id} ${item.localization}`).toSorted()).toEqual([`${other} de`, `${other} en`]);
    // Any locale of the asset answers the same.
    expect((await call(EVERYWHERE, 'POST', `/api/v1/assets/${target}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect((await usage(target, '', EVERYWHERE, 'de')).total).toBe(2);
  });

  it('follows the writes: a version that drops the reference no longer counts', async () => {
    const target = await create(EDITOR, 'rbcom', { title: { value: 'Canyon notes' } });
    const user = await create(EDITOR, 'rbcom', { title: { value: 'Canyon trip' }, tags: { value: [{ id: target, stencil: 'story' }] } });
    expect((await usage(target)).total).toBe(1);
    expect((await call(EDITOR, 'PATCH', `/api/v1/assets/${user}/localizations/en`, { content: { tags: { value: [] } } })).statusCode).toBe(200);
    expect((await usage(target)).total).toBe(0);
  });

  it('answers 404 for a version that does not exist or that the user may not read, and 400 for a bad page', async () => {
    expect((await call(EDITOR, 'GET', '/api/v1/assets/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/localizations/en/usage')).statusCode).toBe(404);
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${TAG}/localizations/de/usage`)).statusCode).toBe(404);
    const hidden = await call(HUB, 'GET', `/api/v1/assets/${TAG}/localizations/en/usage`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ status: 404, code: 'not-found' });
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${TAG}/localizations/en/usage?limit=0`)).statusCode).toBe(400);
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${TAG}/localizations/en/usage?offset=-1`)).statusCode).toBe(400);
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${TAG}/localizations/en/usage?limit=many`)).statusCode).toBe(400);
  });

  it('is offered by the p:usage link of a version', async () => {
    const version = (await call(EDITOR, 'GET', `/api/v1/assets/${TAG}/localizations/en`)).json();
    expect(version._links['p:usage']).toEqual({ href: `/api/v1/assets/${TAG}/localizations/en/usage`, methods: ['GET'] });
  });
});
