import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema } from '@editor/domain';
import { DIALECTS, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { LISTED_TAG_NUMBERS } from '../../../db/migrations/015_tag_numbers.ts';
import { TAGGING_INPUTS } from '../tagging.ts';
import { TAG_BUCKETS } from './listService.ts';

const MANAGER: TestUser = {
  sub: 'manager',
  name: 'Mia Manager',
  rights: { roles: ['content-manager', 'taxonomy-manager', 'translator'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] },
};

const id = (n: number) => `7a900000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DISCIPLINE = id(1);
const CATEGORY = id(2);
const TAG_A = id(3);
const TAG_B = id(4);
/** Referenced through `main-partner`, which is no tagging input: never a tag bucket. */
const PARTNER = id(5);

describe.each(DIALECTS)('tag ids and tag buckets (%s)', (dialect) => {
  let t: TestApp;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: await t.auth(MANAGER), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const [assetId, stencil, title] of [
      [DISCIPLINE, 'discipline', 'Surfing'],
      [CATEGORY, 'content-category', 'Sports'],
      [TAG_A, 'tag', 'Waves'],
      [TAG_B, 'tag', 'Hawaii'],
      [PARTNER, 'partner', 'A partner'],
    ] as const) {
      await insertTaxonomyAsset(t.database, { id: assetId, stencil, space: 'global', title });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const ref = (targetId: string, stencil: string) => ({ id: targetId, stencil });
  const content = (title: string, tags: { disciplines?: string[]; categories?: string[]; tags?: string[] }) => ({
    title: { value: title },
    'main-partner': { value: ref(PARTNER, 'partner') },
    ...(tags.disciplines ? { disciplines: { value: tags.disciplines.map((target) => ref(target, 'discipline')) } } : {}),
    ...(tags.categories ? { 'content-categories': { value: tags.categories.map((target) => ref(target, 'content-category')) } } : {}),
    ...(tags.tags ? { tags: { value: tags.tags.map((target) => ref(target, 'tag')) } } : {}),
  });

  /** Every version's `tag_ids` next to what its tagging references say it must be. */
  async function expectTagIdsToFollowReferences(): Promise<void> {
    const { db } = t.database;
    const versions = await db.selectFrom('asset_localization').select(['asset_id', 'locale', 'tag_ids']).execute();
    const references = await db.selectFrom('asset_reference').select(['asset_id', 'locale', 'target_id']).where('input', 'in', [...TAGGING_INPUTS]).execute();
    for (const version of versions) {
      const expected = references.filter((row) => row.asset_id === version.asset_id && row.locale === version.locale).map((row) => row.target_id).toSorted();
      expect(JSON.parse(version.tag_ids), `${version.asset_id}-${version.locale}`).toEqual(expected);
    }
  }

  /** The list's tag buckets (the TAG_BUCKETS most used) next to a count of the tagging references (the list is small: every version is counted). */
  async function expectTagBucketsToCountReferences(locale?: string): Promise<Array<{ name: string; count: number }>> {
    const response = await call('GET', `/api/v1/assets${locale ? `?localization=${locale}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const buckets = assetListResponseSchema.parse(response.json()).facets.find((facet) => facet.name === 'tagging')!.buckets.map((bucket) => ({ name: bucket.name, count: bucket.count }));
    const counted = await t.database.db
      .selectFrom('asset_reference')
      .select((eb) => ['target_id', eb.fn.countAll<number | string>().as('n')])
      .where('input', 'in', [...TAGGING_INPUTS])
      .$if(locale !== undefined, (query) => query.where('locale', '=', locale!))
      .groupBy('target_id')
      .execute();
    expect(buckets).toEqual(counted.map((row) => ({ name: row.target_id, count: Number(row.n) })).toSorted((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, TAG_BUCKETS));
    return buckets;
  }

  it('keeps each version\'s tag ids with its references as tags are added, changed and removed, and counts tag buckets from them', async () => {
    const created = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: content('Surfing in Hawaii', { disciplines: [DISCIPLINE], tags: [TAG_B, TAG_A] }) });
    expect(created.statusCode, created.body).toBe(201);
    const storyId = created.json().id as string;
    const other = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: content('Big waves', { tags: [TAG_A] }) });
    expect(other.statusCode, other.body).toBe(201);
    await expectTagIdsToFollowReferences();
    expect(await expectTagBucketsToCountReferences()).toEqual([
      { name: TAG_A, count: 2 },
      { name: DISCIPLINE, count: 1 },
      { name: TAG_B, count: 1 },
    ]);

    // A translation starts from the English content, tags included.
    expect((await call('POST', `/api/v1/assets/${storyId}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    await expectTagIdsToFollowReferences();
    await expectTagBucketsToCountReferences();

    const save = async (tags: Parameters<typeof content>[1]) => {
      const response = await call('PUT', `/api/v1/assets/${storyId}/localizations/en`, { content: content('Surfing in Hawaii', tags) });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save({ disciplines: [DISCIPLINE], categories: [CATEGORY], tags: [TAG_A, TAG_B] });
    await expectTagIdsToFollowReferences();
    await expectTagBucketsToCountReferences();
    await save({ categories: [CATEGORY], tags: [TAG_B] });
    await expectTagIdsToFollowReferences();
    expect(await expectTagBucketsToCountReferences('en')).toEqual([
      { name: CATEGORY, count: 1 },
      { name: TAG_A, count: 1 },
      { name: TAG_B, count: 1 },
    ]);
    await save({});
    await expectTagIdsToFollowReferences();
    const row = await t.database.db.selectFrom('asset_localization').select('tag_ids').where('asset_id', '=', storyId).where('locale', '=', 'en').executeTakeFirstOrThrow();
    expect(row.tag_ids).toBe('[]');
    await expectTagBucketsToCountReferences();

    // The tagging filter still finds versions by their references, and its own buckets leave that filter out.
    const tagged = await call('GET', `/api/v1/assets?tagging=${TAG_B}`);
    expect(assetListResponseSchema.parse(tagged.json())._embedded.item.map((item) => `${item.id}-${item.localization}`)).toEqual([`${storyId}-de`]);
  });

  it('counts the tags of a version with more tags than a list index entry holds', async () => {
    // More than PostgreSQL's list indexes hold (migration 015): a count numbers its tags from the table.
    const many = Array.from({ length: LISTED_TAG_NUMBERS + 1 }, (_, n) => id(100 + n));
    for (const [n, tagId] of many.entries()) await insertTaxonomyAsset(t.database, { id: tagId, stencil: 'tag', space: 'global', title: `Tag ${n}` });
    const crowded = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: content('Every tag there is', { tags: many }) });
    expect(crowded.statusCode, crowded.body).toBe(201);
    for (const title of ['Two tags', 'The same two tags']) {
      const few = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: content(title, { tags: many.slice(0, 2) }) });
      expect(few.statusCode, few.body).toBe(201);
    }
    await expectTagIdsToFollowReferences();
    const buckets = await expectTagBucketsToCountReferences();
    expect(buckets.slice(0, 2)).toEqual(many.slice(0, 2).map((name) => ({ name, count: 3 })));
  });

  it('labels a tag bucket with the tag\'s title as it is now, also after the tag is renamed', async () => {
    const created = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: content('Rollers', { tags: [TAG_A] }) });
    expect(created.statusCode, created.body).toBe(201);
    const labelOfTagA = async () => {
      const listed = assetListResponseSchema.parse((await call('GET', '/api/v1/assets?limit=5')).json());
      return listed.facets.find((facet) => facet.name === 'tagging')?.buckets.find((bucket) => bucket.name === TAG_A)?.label;
    };
    expect(await labelOfTagA()).toBe('Waves');
    // Asked again: the title kept from the first ask.
    expect(await labelOfTagA()).toBe('Waves');
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/v1/assets/${TAG_A}/localizations/en`, headers: await t.auth(MANAGER), payload: { content: { title: { value: 'Big waves' } } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await labelOfTagA()).toBe('Big waves');
  });
});
