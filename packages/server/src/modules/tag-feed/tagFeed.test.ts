import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagFeedResponseSchema, tagResourceSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const PARENT_ID = '7a9f0000-0000-4000-8000-000000000001';
const BP_PARENT_ID = '7a9f0000-0000-4000-8000-000000000002';
const FEED = '/api/crepo/feed/v3/query';
const RESOURCES = '/api/crepo/content/v4/types/rrn:content:tags/resources';

const createBody = (foreignId: string, parentId: string) => ({
  data: { type: 'tags', attributes: { title: 'Wings for Life run', label: foreignId }, meta: { externalReference: { foreignId } }, relationships: { broaderTag: { data: { id: parentId } } } },
});

describe.each(DIALECTS)('tag feed and playground projects (%s)', (dialect) => {
  let t: TestApp;
  const feed = async (query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `${FEED}?${new URLSearchParams(query).toString()}`, headers: await t.auth(EDITOR) });
    expect(response.statusCode, response.body).toBe(200);
    return tagFeedResponseSchema.parse(response.json()).data;
  };
  const create = async (body: object, user: TestUser = EDITOR) => {
    const response = await t.app.inject({ method: 'POST', url: RESOURCES, headers: await t.auth(user), payload: body });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const tagCount = async () => Number((await t.database.db.selectFrom('tag_resource').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const base = { uri_slug: null, sub_type: null, status: 'published', author: 'Taxonomy', created_at: '2026-01-01T00:00:00.000Z', broader_tag_id: null };
    await t.database.db
      .insertInto('tag_resource')
      .values([
        { ...base, id: PARENT_ID, origin: 'meppconnect', foreign_id: '123456', title: 'Running projects', label: 'Running projects' },
        { ...base, id: BP_PARENT_ID, origin: 'mediaplanet', foreign_id: 'BP-AAAAAAAAAAAAA', title: 'A BP project', label: 'BP-AAAAAAAAAAAAA' },
        { ...base, id: '7a9f0000-0000-4000-8000-000000000003', origin: 'sap-business-warehouse', foreign_id: 'SPOD123456', title: 'Warehouse', label: 'Warehouse' },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the tags of an origin and foreign id (spec 001 §7)', async () => {
    const found = await feed({ 'filter[meta.externalReference.origin]': 'meppconnect', 'filter[meta.externalReference.foreignId]': '123456', 'filter[type]': 'tags' });
    expect(found.map((tag) => tag.id)).toEqual([PARENT_ID]);
    expect(await feed({ 'filter[meta.externalReference.origin]': 'mediaplanet', 'filter[meta.externalReference.foreignId]': '123456' })).toEqual([]);
    expect((await feed({ 'filter[meta.externalReference.origin]': 'sap-business-warehouse' })).map((tag) => tag.attributes.title)).toEqual(['Warehouse']);
  });

  it('creates a playground project for a BP id under a parent that is not one, once', async () => {
    const created = await create(createBody('BP-ABCDEFGHIJ123', PARENT_ID));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tag = tagResourceSchema.parse(created.body);
    expect(tag).toMatchObject({
      type: 'tags',
      attributes: { subType: 'playground-project', title: 'Wings for Life run', label: 'BP-ABCDEFGHIJ123', status: 'published' },
      meta: { externalReference: { foreignId: 'BP-ABCDEFGHIJ123', origin: 'mediaplanet' }, published: true, spaces: ['global'] },
      relationships: { broaderTag: { data: { id: PARENT_ID } } },
    });
    expect((await feed({ 'filter[meta.externalReference.origin]': 'mediaplanet', 'filter[meta.externalReference.foreignId]': 'BP-ABCDEFGHIJ123' })).map((found) => found.id)).toEqual([tag.id]);
    const assets = await t.database.db.selectFrom('asset').select(['stencil', 'external_reference']).where('stencil', '=', 'tag').execute();
    expect(assets.map((asset) => JSON.parse(String(asset.external_reference)) as unknown)).toContainEqual({ origin: 'mediaplanet', foreignId: 'BP-ABCDEFGHIJ123' });
    expect((await create(createBody('BP-ABCDEFGHIJ123', PARENT_ID))).status).toBe(409);
  });

  it('refuses ids that are not BP ids, a missing parent and a parent that is itself a BP project (spec 001 §5)', async () => {
    expect((await create(createBody('123457', PARENT_ID))).status).toBe(400);
    expect((await create(createBody('SPOD654321', PARENT_ID))).status).toBe(400);
    expect((await create(createBody('BPABCDEFGHIJ12345678', '7a9f0000-0000-4000-8000-0000000000ff'))).status).toBe(400);
    expect((await create(createBody('BPABCDEFGHIJ12345678', BP_PARENT_ID))).status).toBe(400);
    expect((await create({ data: { attributes: {}, meta: {}, relationships: {} } })).status).toBe(400);
  });

  it('refuses with 403 a user who may not create in global, before the body is looked at, and stores nothing', async () => {
    const NO_ROLES: TestUser = { sub: 'no-roles', name: 'Nora Nobody', rights: { roles: [], spaces: [], localizations: [] } };
    const CURATOR_OF_GLOBAL: TestUser = { ...CURATOR, sub: 'global-curator', rights: { ...CURATOR.rights, spaces: ['rbcom', 'global'] } };
    const before = await tagCount();
    for (const user of [CURATOR, CURATOR_OF_GLOBAL, HUB, NO_ROLES]) {
      const refused = await create(createBody('BP-REFUSED000000', PARENT_ID), user);
      expect(refused.status, `${user.sub}: ${JSON.stringify(refused.body)}`).toBe(403);
      // A refused caller learns nothing about the parent or the id: a missing parent is refused the same way.
      expect((await create(createBody('BPABCDEFGHIJ12345678', '7a9f0000-0000-4000-8000-0000000000ff'), user)).status).toBe(403);
    }
    // TECH_ADMIN is a content manager holding global.
    expect((await create(createBody('BP-ADMINCREATED1', PARENT_ID), TECH_ADMIN)).status).toBe(201);
    expect(await tagCount()).toBe(before + 1);
  });

  it('asks for a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: FEED })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: RESOURCES, payload: createBody('BP-ABCDEFGHIJ999', PARENT_ID) })).statusCode).toBe(401);
  });
});
