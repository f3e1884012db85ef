import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagSuggestionsResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, HUB, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

describe.each(DIALECTS)('tag suggestions (%s)', (dialect) => {
  let t: TestApp;
  const suggest = async (type: string, body: object, user: TestUser = EDITOR) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/suggestions/tags/${type}`, headers: await t.auth(user), payload: body });
    return { status: response.statusCode, body: response.json() };
  };
  const titles = async (type: string, body: object) => {
    const { status, body: answer } = await suggest(type, body);
    expect(status, JSON.stringify(answer)).toBe(200);
    return tagSuggestionsResponseSchema.parse(answer).map((tag) => tag.title);
  };
  const addTitle = async (id: string, locale: string, title: string) => {
    const row = await t.database.db.selectFrom('asset_localization').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
    const { spaces: _spaces, tag_ids: _tagIds, ...columns } = row;
    await t.database.db.insertInto('asset_localization').values({ ...columns, locale, title }).execute();
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const disciplines = ['Cliff Diving', 'Mountain Bike', 'Mountain Running', 'Skiing', 'Snowboarding', 'Surfing', 'Breaking', 'Motocross', 'Air Racing', 'Kayaking'];
    for (const [n, title] of disciplines.entries()) {
      await insertTaxonomyAsset(t.database, { id: `d15c1b11-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`, stencil: 'discipline', space: 'rbcom', title });
    }
    await addTitle('d15c1b11-0000-4000-8000-000000000000', 'de', 'Klippenspringen');
    await insertTaxonomyAsset(t.database, { id: 'd15c1b11-0000-4000-8000-0000000000f0', stencil: 'discipline', space: 'illume', title: 'Cliff Jumping' });
    await insertTaxonomyAsset(t.database, { id: '7a900000-0000-4000-8000-000000000001', stencil: 'tag', space: 'rbcom', title: 'World Championship' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('suggests the 3 disciplines of the space that fit a text best (spec 001 §7, §9)', async () => {
    const text = 'The mountain bike stage climbed for hours before the riders could take their bikes down to the valley, where mountain running fans cheered. Cliff diving comes next week.';
    const { status, body } = await suggest('disciplines', { space: 'rbcom', suggestionAmount: 3, textualContent: text });
    expect(status).toBe(200);
    expect(tagSuggestionsResponseSchema.parse(body)).toEqual([
      { uuid: 'd15c1b11-0000-4000-8000-000000000001', title: 'Mountain Bike', localization: 'en' },
      { uuid: 'd15c1b11-0000-4000-8000-000000000002', title: 'Mountain Running', localization: 'en' },
      { uuid: 'd15c1b11-0000-4000-8000-000000000000', title: 'Cliff Diving', localization: 'en' },
    ]);
    expect(await titles('disciplines', { space: 'rbcom', textualContent: 'Klippenspringen in Mostar' })).toEqual(['Klippenspringen']);
  });

  it('suggests only tags of the asked type and space, and only in a space of the user', async () => {
    expect(await titles('disciplines', { space: 'rbcom', textualContent: 'Cliff jumping at the world championship' })).toEqual(['Cliff Diving']);
    expect(await titles('tags', { space: 'rbcom', textualContent: 'Cliff jumping at the world championship' })).toEqual(['World Championship']);
    expect((await suggest('disciplines', { space: 'illume', textualContent: 'Cliff jumping' })).status).toBe(403);
    const hub = await suggest('disciplines', { space: 'illume', textualContent: 'Cliff jumping' }, HUB);
    expect(tagSuggestionsResponseSchema.parse(hub.body).map((tag) => tag.title)).toEqual(['Cliff Jumping']);
    expect((await suggest('athletes', { space: 'rbcom', textualContent: 'x' })).status).toBe(400);
    expect(await titles('disciplines', { space: 'rbcom' })).toEqual([]);
  });

  it('sees a tag added or renamed after the index was built', async () => {
    expect(await titles('disciplines', { space: 'rbcom', textualContent: 'A paragliding flight over the Alps' })).toEqual([]);
    await insertTaxonomyAsset(t.database, { id: 'd15c1b11-0000-4000-8000-0000000000a0', stencil: 'discipline', space: 'rbcom', title: 'Paragliding' });
    expect(await titles('disciplines', { space: 'rbcom', textualContent: 'A paragliding flight over the Alps' })).toEqual(['Paragliding']);
    await t.database.db
      .updateTable('asset_localization')
      .set({ title: 'Paragliding Acro', version: 2, updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('asset_id', '=', 'd15c1b11-0000-4000-8000-0000000000a0')
      .execute();
    expect(await titles('disciplines', { space: 'rbcom', textualContent: 'A paragliding flight over the Alps' })).toEqual(['Paragliding Acro']);
  });
});
