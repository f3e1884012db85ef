import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, athletesResponseSchema, scheduleResponseSchema, trendingResponseSchema, type TrendingAsset } from '@editor/domain';
import { DIALECTS, EDITOR, HUB, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { insertReferenceRows } from '../assets/repository.ts';
import { schedule } from '../lifecycle/service.ts';

const DAY = 24 * 60 * 60 * 1000;
const titlesOf = (assets: readonly TrendingAsset[]) => assets.map((asset) => asset.title);

describe.each(DIALECTS)('dashboard panels (%s)', (dialect) => {
  let t: TestApp;
  const disciplineId = 'd15c1b11-0000-4000-8000-0000000000a1';
  const seriesId = 'e5e5e5e5-0000-4000-8000-0000000000a1';
  const stories: Record<string, string> = {};

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const create = async (input: { stencil: string; title: string; space?: string; user?: TestUser; content?: object }) => {
    const response = await call(input.user ?? EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=${input.space ?? 'rbcom'}&container.stencil=${input.stencil}`, {
      content: { title: { value: input.title }, ...input.content },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const markPublished = async (id: string, at: Date, locale = 'en') => {
    await t.database.db
      .updateTable('asset_localization')
      .set({ status: 'published', first_published_at: at.toISOString(), last_published_at: at.toISOString() })
      .where('asset_id', '=', id)
      .where('locale', '=', locale)
      .execute();
  };
  const trending = async (body: object, user: TestUser = EDITOR): Promise<TrendingAsset[]> => {
    const response = await call(user, 'POST', '/api/v1/panels/trending-content?mediaContentFilter=lastPublished', body);
    expect(response.statusCode, response.body).toBe(200);
    return trendingResponseSchema.strict().parse(response.json()).trendingAssets;
  };

  const page = async (query: string, body: object = { locales: ['en'] }, user: TestUser = EDITOR) => {
    const response = await call(user, 'POST', `/api/v1/panels/athletes${query}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return athletesResponseSchema.strict().parse(response.json()).athletes;
  };
  const panel = async (offset: number) => {
    const response = await call(EDITOR, 'POST', '/api/v1/panels/schedules', { locales: ['en'], limit: 10, offset });
    expect(response.statusCode, response.body).toBe(200);
    return scheduleResponseSchema.parse(response.json()).scheduledAssets.map((entry) => entry.assetLocalization.id);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await insertTaxonomyAsset(t.database, { id: disciplineId, stencil: 'discipline', space: 'global', title: 'Cliff Diving' });
    await insertTaxonomyAsset(t.database, { id: seriesId, stencil: 'event-series', space: 'global', title: 'Cliff Diving World Series' });
    const yesterday = new Date(Date.now() - DAY);
    const discipline = { disciplines: { value: [{ id: disciplineId, stencil: 'discipline' }] } };
    stories.quiet = await create({ stencil: 'story', title: 'Quiet story' });
    stories.edited = await create({ stencil: 'story', title: 'Edited story', content: discipline });
    stories.bookmarked = await create({ stencil: 'story', title: 'Bookmarked story' });
    stories.used = await create({ stencil: 'story', title: 'Used story', content: { 'event-series': { value: { id: seriesId, stencil: 'event-series' } } } });
    stories.old = await create({ stencil: 'story', title: 'Old story' });
    stories.video = await create({ stencil: 'video', title: 'Diving video', space: 'global', content: discipline });
    stories.image = await create({ stencil: 'image', title: 'An image' });
    stories.hub = await create({ stencil: 'story', title: 'Hub story', space: 'illume', user: HUB });
    expect((await call(EDITOR, 'POST', `/api/v1/assets/${stories.quiet}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    for (const key of ['quiet', 'edited', 'bookmarked', 'used', 'video', 'image', 'hub']) await markPublished(stories[key]!, yesterday);
    await markPublished(stories.quiet!, yesterday, 'de');
    await markPublished(stories.old!, new Date(Date.now() - 40 * DAY));
    // Signals: two saves, one bookmark, one use by another asset.
    for (const title of ['Edited story, take 2', 'Edited story']) {
      expect((await call(EDITOR, 'PUT', `/api/v1/assets/${stories.edited}/localizations/en`, { content: { title: { value: title }, ...discipline } })).statusCode).toBe(200);
    }
    await t.database.db.updateTable('asset_localization').set({ status: 'published' }).where('asset_id', '=', stories.edited!).execute();
    expect((await call(EDITOR, 'PUT', `/api/v1/assets/${stories.bookmarked}/localizations/en/bookmark`)).statusCode).toBeLessThan(300);
    const user = await create({ stencil: 'story', title: 'A story that uses another' });
    await insertReferenceRows(t.database.db, [{ asset_id: user, locale: 'en', input: 'story-content', target_id: stories.used! }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ranks recent publishes by uses, bookmarks and edits; one entry per asset with its other locales (spec 001 §2.2)', async () => {
    const ranked = await trending({ assetTypes: ['story'], locales: ['en', 'de'] });
    expect(titlesOf(ranked)).toEqual(['Used story', 'Bookmarked story', 'Edited story', 'Quiet story']);
    expect(ranked.find((asset) => asset.title === 'Quiet story')).toEqual({
      id: stories.quiet,
      localization: 'en',
      title: 'Quiet story',
      stencil: 'story',
      imageUrl: null,
      disciplines: [],
      additionalTrendingLocales: ['de'],
    });
    expect(ranked.find((asset) => asset.title === 'Edited story')?.disciplines).toEqual([{ id: disciplineId, title: 'Cliff Diving' }]);
  });

  it('filters by asset types, disciplines, event series and locales; defaults to the usual types in en', async () => {
    expect(titlesOf(await trending({ assetTypes: ['video'] }))).toEqual(['Diving video']);
    expect(titlesOf(await trending({ assetTypes: ['story', 'video'], disciplines: [disciplineId] })).toSorted()).toEqual(['Diving video', 'Edited story']);
    expect(titlesOf(await trending({ eventSeries: [seriesId] }))).toEqual(['Used story']);
    expect(await trending({ assetTypes: ['story'], locales: ['de'] })).toMatchObject([{ id: stories.quiet, localization: 'de', additionalTrendingLocales: [] }]);
    const byDefault = titlesOf(await trending({}));
    expect(byDefault).toContain('Diving video');
    expect(byDefault).not.toContain('An image');
    expect(byDefault).not.toContain('Old story');
  });

  it("lists only the user's spaces", async () => {
    expect(titlesOf(await trending({ assetTypes: ['story'] }))).not.toContain('Hub story');
    expect(titlesOf(await trending({ assetTypes: ['story'] }, HUB))).toEqual(['Hub story']);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/panels/trending-content', payload: {} })).statusCode).toBe(401);
    expect((await call(EDITOR, 'POST', '/api/v1/panels/trending-content?mediaContentFilter=mostViewed', {})).statusCode).toBe(400);
  });

  it('keeps a ranking until a publish through the server, which forgets it (docs/decisions.md, "Trending content")', async () => {
    const feed = { assetTypes: ['story'], eventSeries: [seriesId] };
    const series = { 'event-series': { value: { id: seriesId, stencil: 'event-series' } } };
    expect(titlesOf(await trending(feed))).toEqual(['Used story']);
    // Published straight in the database, past the server: the kept ranking does not know it yet.
    await markPublished(await create({ stencil: 'story', title: 'Quietly published story', content: series }), new Date());
    expect(titlesOf(await trending(feed))).toEqual(['Used story']);
    const published = await create({
      stencil: 'story',
      title: 'Published story',
      content: { 'story-content': { value: [{ type: 'text', value: '<p>Fresh.</p>' }] }, authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] }, ...series },
    });
    const response = await call(EDITOR, 'POST', `/api/v1/assets/${published}/localizations/en/publish`, { publishSchedule: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(titlesOf(await trending(feed)).toSorted()).toEqual(['Published story', 'Quietly published story', 'Used story']);
  });

  it("keeps rankings per set of spaces, and shows only versions still published in the user's spaces", async () => {
    const both: TestUser = { sub: 'both-spaces', name: 'Bo Both', rights: { roles: ['content-editor'], spaces: ['rbcom', 'illume'], localizations: ['en'] } };
    const feed = { assetTypes: ['story'], locales: ['en'] };
    const editorSees = titlesOf(await trending(feed));
    expect(editorSees).toEqual(expect.arrayContaining(['Bookmarked story', 'Edited story']));
    expect(editorSees).not.toContain('Hub story');
    expect(titlesOf(await trending(feed, HUB))).toEqual(['Hub story']);
    expect(titlesOf(await trending(feed, both))).toEqual(expect.arrayContaining([...editorSees, 'Hub story']));
    // Unpublished, and moved out of the editor's spaces, while their rankings are kept: not shown from the next call on.
    await t.database.db.updateTable('asset_localization').set({ status: 'draft' }).where('asset_id', '=', stories.bookmarked!).execute();
    await t.database.db.updateTable('asset_space').set({ space: 'illume' }).where('asset_id', '=', stories.edited!).execute();
    try {
      expect(titlesOf(await trending(feed))).toEqual(editorSees.filter((title) => title !== 'Bookmarked story' && title !== 'Edited story'));
      expect(titlesOf(await trending(feed, HUB))).toEqual(['Hub story']);
    } finally {
      await t.database.db.updateTable('asset_localization').set({ status: 'published' }).where('asset_id', '=', stories.bookmarked!).execute();
      await t.database.db.updateTable('asset_space').set({ space: 'rbcom' }).where('asset_id', '=', stories.edited!).execute();
    }
  });

  describe('athletes', () => {
    const athletes: string[] = [];

    beforeAll(async () => {
      for (let n = 1; n <= 14; n++) athletes.push(await create({ stencil: 'athlete', title: `Athlete ${n}` }));
      for (const id of athletes.slice(0, 3)) await markPublished(id, new Date());
    });

    it('pages new (draft) athletes 10 at a time without duplicates or gaps while they are saved', async () => {
      const first = await page('?assetStatus=draft&limit=10&offset=0');
      expect(first).toHaveLength(10);
      // Saving athletes of both pages between the two requests moves nothing.
      for (const id of athletes.slice(3, 9)) {
        expect((await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: 'Renamed athlete' } } })).statusCode).toBe(200);
      }
      const second = await page('?assetStatus=draft&limit=10&offset=10');
      expect(second).toHaveLength(1);
      const ids = [...first, ...second].map((athlete) => athlete.id);
      expect(new Set(ids).size).toBe(11);
      expect(ids.toSorted()).toEqual(athletes.slice(3).toSorted());
      expect(first[0]).toMatchObject({ stencil: 'athlete', localization: 'en', _meta: { status: 'draft' } });
    });

    it('lists existing (published) athletes, in the given locales and spaces only', async () => {
      expect((await page('?assetStatus=published')).map((athlete) => athlete.id).toSorted()).toEqual(athletes.slice(0, 3).toSorted());
      expect(await page('?assetStatus=draft', { locales: ['de'] })).toEqual([]);
      expect(await page('?assetStatus=draft', {}, HUB)).toEqual([]);
      expect((await call(EDITOR, 'POST', '/api/v1/panels/athletes?assetStatus=archived', {})).statusCode).toBe(400);
    });
  });

  it('pages the schedule by offset, soonest first, without duplicates or gaps while assets are saved', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 12; n++) {
      const id = await create({ stencil: 'story', title: `Scheduled ${n}` });
      ids.push(id);
      await schedule(t.database.db, { assetId: id, locale: 'en', to: 'PUBLISHED', dueAt: new Date(Date.UTC(2099, 0, n, 10)).toISOString(), user: 'Emma Editor', userId: null });
    }
    const first = await panel(0);
    for (const id of ids.slice(0, 5)) expect((await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: 'Saved again' } } })).statusCode).toBe(200);
    const second = await panel(10);
    expect([...first, ...second]).toEqual(ids);
  });

  it('answers Recents with the asset list: recently edited by the user and their favorites, 10 each (spec 001 §7)', async () => {
    const edited = await call(EDITOR, 'GET', `/api/v1/assets?author=${encodeURIComponent('Emma Editor')}&limit=10`);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(assetListResponseSchema.parse(edited.json())._embedded.item).toHaveLength(10);
    const favorites = await call(EDITOR, 'GET', '/api/v1/assets?bookmarked=true&limit=10');
    expect(assetListResponseSchema.parse(favorites.json())._embedded.item.map((item) => item.id)).toEqual([stories.bookmarked]);
  });
});
