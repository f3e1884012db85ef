import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const CLAIM = '/api/crepo/urislug-registry/uriSlugs';
const versionUrl = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;

interface TrashPage {
  deleted: Array<{ id: string; assetId: string; localization: string; title: string; lastVersion: number; deletedBy: string; _links: { restore: { href: string } } }>;
  _links: { next?: { href: string } };
}

describe.each(DIALECTS)('trash (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });
  const create = async (title: string) => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: title } } });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const trashEntryOf = async (assetId: string, locale = 'en') => {
    const page = (await call(TECH_ADMIN, 'GET', '/api/v1/trash?limit=200')).json() as TrashPage;
    const entry = page.deleted.find((candidate) => candidate.assetId === assetId && candidate.localization === locale);
    expect(entry).toBeDefined();
    return entry as TrashPage['deleted'][number];
  };
  const slugId = (name: string) => `rbcom:en-INT:${name}-${dialect}-${(n += 1)}`;

  it('keeps the revisions of a deleted version and restores it as a draft with its history and a revision of its own', async () => {
    const id = await create('Kept in the trash');
    await call(EDITOR, 'PUT', versionUrl(id), { content: { title: { value: 'Second wording' } } }, { 'if-match': '"1"' });
    expect((await call(EDITOR, 'DELETE', versionUrl(id))).statusCode).toBe(200);
    expect((await call(EDITOR, 'GET', versionUrl(id))).statusCode).toBe(404);

    const entry = await trashEntryOf(id);
    expect(entry).toMatchObject({ title: 'Second wording', lastVersion: 2, deletedBy: 'Emma Editor' });
    const restored = await call(TECH_ADMIN, 'POST', entry._links.restore.href);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, localization: 'en', version: 3, slugs: [] });

    const version = (await call(EDITOR, 'GET', versionUrl(id))).json() as { content: { title: { value: string } }; _meta: { status: string; version: number } };
    expect(version.content.title.value).toBe('Second wording');
    expect(version._meta).toMatchObject({ status: 'draft', version: 3 });
    const revisions = (await call(EDITOR, 'GET', `${versionUrl(id)}/revisions`)).json() as { revisions: Array<{ version: number; kind: string }> };
    expect(revisions.revisions.map((revision) => [revision.version, revision.kind])).toEqual([[3, 'restore-deleted'], [2, 'save'], [1, 'create']]);
    expect(((await call(TECH_ADMIN, 'GET', '/api/v1/trash?limit=200')).json() as TrashPage).deleted.some((candidate) => candidate.id === entry.id)).toBe(false);
  });

  it('checks the URI slugs again: a free one comes back, one taken meanwhile gets a pending claim', async () => {
    const id = await create('Slugs of a deleted story');
    const free = slugId('comes-back');
    const taken = slugId('taken-meanwhile');
    for (const slug of [free, taken]) expect((await call(EDITOR, 'PATCH', `${CLAIM}/${slug}/relationships/claimingResource`, { data: { id, spaces: ['rbcom'], type: 'story' } })).statusCode).toBe(200);
    expect((await call(EDITOR, 'DELETE', versionUrl(id))).statusCode).toBe(200);
    const other = await create('Took the slug');
    expect((await call(EDITOR, 'PATCH', `${CLAIM}/${taken}/relationships/claimingResource`, { data: { id: other, spaces: ['rbcom'], type: 'story' } })).statusCode).toBe(200);

    const restored = await call(TECH_ADMIN, 'POST', (await trashEntryOf(id))._links.restore.href);
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as { slugs: unknown[] }).slugs).toEqual(
      expect.arrayContaining([
        { slugId: free, outcome: 'owned' },
        { slugId: taken, outcome: 'claimed' },
      ]),
    );
    const owner = await t.database.db.selectFrom('uri_slug').select('asset_id').where('slug_id', '=', taken).executeTakeFirstOrThrow();
    expect(owner.asset_id).toBe(other);
  });

  it('brings the asset back when its last version was deleted, and refuses a locale that exists again', async () => {
    const id = await create('The only locale');
    expect((await call(EDITOR, 'DELETE', versionUrl(id))).statusCode).toBe(200);
    expect((await call(TECH_ADMIN, 'POST', (await trashEntryOf(id))._links.restore.href)).statusCode).toBe(200);
    expect((await call(EDITOR, 'GET', versionUrl(id))).json()).toMatchObject({ _embedded: { about: { _meta: { spaces: ['rbcom'] } } } });

    expect((await call(EDITOR, 'POST', versionUrl(id, 'de'), { reference: 'en' })).statusCode).toBe(201);
    expect((await call(EDITOR, 'DELETE', versionUrl(id, 'de'))).statusCode).toBe(200);
    const entry = await trashEntryOf(id, 'de');
    expect((await call(EDITOR, 'POST', versionUrl(id, 'de'), { reference: 'en' })).statusCode).toBe(201);
    expect((await call(TECH_ADMIN, 'POST', entry._links.restore.href)).statusCode).toBe(409);
  });

  it('is for technical admins only', async () => {
    expect((await call(EDITOR, 'GET', '/api/v1/trash')).statusCode).toBe(403);
    const id = await create('Not for editors');
    await call(EDITOR, 'DELETE', versionUrl(id));
    expect((await call(EDITOR, 'POST', (await trashEntryOf(id))._links.restore.href)).statusCode).toBe(403);
  });

  it('pages the trash by keyset, most recently deleted first', async () => {
    for (let index = 0; index < 3; index++) await call(EDITOR, 'DELETE', versionUrl(await create(`Paged ${index}`)));
    const first = (await call(TECH_ADMIN, 'GET', '/api/v1/trash?limit=2')).json() as TrashPage;
    expect(first.deleted).toHaveLength(2);
    const second = (await call(TECH_ADMIN, 'GET', first._links.next?.href ?? '')).json() as TrashPage;
    expect(second.deleted.length).toBeGreaterThan(0);
    expect(second.deleted.some((entry) => first.deleted.some((seen) => seen.id === entry.id))).toBe(false);
  });
});
