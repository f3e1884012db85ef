import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, type AssetListResponse } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { searchTerms } from '../../../db/dialects/fullText.ts';
import { listEngineOf } from '../../../db/dialects/listEngines.ts';
import { postgresListEngine } from '../../../db/dialects/postgresListEngine.ts';
import { monthOf, partitionOf } from '../../../db/dialects/searchEntries.ts';
import { listQuerySchema, type Cursor } from './listQuery.ts';
import { countVersions } from './listCounts.ts';
import { listPage, searchPageQuery, type ListRoute, type ListScope } from './listRepository.ts';

const WRITER: TestUser = {
  sub: 'harbour-writer',
  name: 'Hana Harbour',
  rights: { roles: ['content-manager'], spaces: ['rbcom'], localizations: ['en'] },
};

/** How many days before the newest edit each story was last edited: one or more in every recency window, over 40 years. */
const DAYS_BACK = [15_000, 9_000, 3_000, 1_000, 400, 100, 40, 13, 8, 5, 3, 2, 1, 0, 0];
const NEWEST = Date.UTC(2026, 10, 20, 12);
const eaql = (query: string, extra = '') => `?q=${encodeURIComponent(query)}${extra}`;
const stencilBuckets = (page: AssetListResponse) => page.facets.find((facet) => facet.name === 'stencil')?.buckets.map((bucket) => [bucket.name, bucket.count]);

describe.each(DIALECTS)('search across the years (%s)', (dialect) => {
  let t: TestApp;
  /** Oldest first, as written. */
  const stories: Array<{ id: string; inTitle: boolean; updatedAt: string }> = [];

  const call = async (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(WRITER), ...(payload ? { payload } : {}) });
  const list = async (query: string): Promise<AssetListResponse> => {
    const response = await call('GET', `/api/v1/assets${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return assetListResponseSchema.parse(response.json());
  };
  /** Every page of a list, following its `next` links. */
  const everyPage = async (query: string): Promise<string[]> => {
    const ids: string[] = [];
    let href: string | undefined = `/api/v1/assets${query}`;
    while (href) {
      const page = assetListResponseSchema.parse((await call('GET', href)).json());
      ids.push(...page._embedded.item.map((item) => item.id));
      href = page._links.next?.href;
    }
    return ids;
  };
  /** Title tier first, newest first within each tier. */
  const newestFirst = (inTitle: boolean) => stories.filter((story) => story.inTitle === inTitle).toReversed().map((story) => story.id);
  const expectedOrder = () => [...newestFirst(true), ...newestFirst(false)];
  /** By last edit, newest first, whatever the tier. */
  const byLastEdit = (keep: (story: (typeof stories)[number]) => boolean = () => true) => stories.filter(keep).toReversed().map((story) => story.id);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // Written oldest first, so that SQLite's order of writes and the last edits agree.
    for (const [index, daysBack] of DAYS_BACK.entries()) {
      const inTitle = index % 3 === 0;
      const content = inTitle
        ? { title: { value: `Harbour lights ${index}` }, teaser: { value: 'A night on the water.' } }
        : { title: { value: `Night shift ${index}` }, teaser: { value: `The harbourmaster remembers ${index}.` } };
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers: await t.auth(WRITER), payload: { content } });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as string;
      const updatedAt = new Date(NEWEST - daysBack * 86_400_000 + index * 60_000).toISOString();
      await t.database.db.updateTable('asset_localization').set({ updated_at: updatedAt }).where('asset_id', '=', id).execute();
      stories.push({ id, inTitle, updatedAt });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the matches of every year, the title tier first and the newest first within each', async () => {
    const page = await list('?q=harbo&limit=50');
    expect(page.total).toBe(DAYS_BACK.length);
    expect(page._embedded.item.map((item) => item.id)).toEqual(expectedOrder());
    expect(page.facets.find((facet) => facet.name === 'stencil')?.buckets.map((bucket) => [bucket.name, bucket.count])).toEqual([['story', DAYS_BACK.length]]);
  });

  it('pages through every match exactly once, across the windows of days', async () => {
    expect(await everyPage('?q=harbo&limit=2')).toEqual(expectedOrder());
    expect(await everyPage('?q=harbourmaster&limit=3')).toEqual(newestFirst(false));
  });

  it('counts and pages only the versions that hold every word', async () => {
    expect((await list('?q=harbour%20night')).total).toBe(DAYS_BACK.length);
    expect((await list('?q=harbour%20water')).total).toBe(stories.filter((story) => story.inTitle).length);
    expect((await list('?q=harbour%20nowhere')).total).toBe(0);
  });

  it('pages and counts a search under the stencil, locale and status filters', async () => {
    // PostgreSQL asks its index for these filters as words of each version (migration 016).
    expect(await everyPage('?q=harbo&stencil=story,video&localization=en&publishstatus=draft&limit=4')).toEqual(expectedOrder());
    const none = await list('?q=harbo&stencil=video');
    expect(none.total).toBe(0);
    expect(none._embedded.item).toEqual([]);
    expect(none.facets.find((facet) => facet.name === 'stencil')?.buckets.map((bucket) => [bucket.name, bucket.count])).toEqual([['story', DAYS_BACK.length]]);
    expect((await list('?q=harbo&publishstatus=published')).total).toBe(0);
  });

  describe('advanced queries that search words (EAQL fulltext)', () => {
    it('lists the matches by their last edit across every window of days, each exactly once', async () => {
      expect((await list(eaql('fulltext ~ harbo'))).total).toBe(DAYS_BACK.length);
      expect(await everyPage(eaql('fulltext ~ harbo', '&limit=2'))).toEqual(byLastEdit());
      expect(await everyPage(eaql('fulltext ~ harbourmaster', '&limit=4'))).toEqual(byLastEdit((story) => !story.inTitle));
    });

    it('combines the words with the other conditions of the query', async () => {
      expect(await everyPage(eaql('fulltext ~ harbo AND fulltext ~ water', '&limit=3'))).toEqual(byLastEdit((story) => story.inTitle));
      const since = stories[8]!.updatedAt;
      const recent = await list(eaql(`fulltext ~ "harbour night" AND _meta.updatedDate >= "${since}" AND title ~ shift`, '&limit=50'));
      expect(recent._embedded.item.map((item) => item.id)).toEqual(byLastEdit((story) => !story.inTitle && story.updatedAt >= since));
      expect(recent.facets.find((facet) => facet.name === 'stencil')?.buckets.map((bucket) => bucket.count)).toEqual([recent.total]);
      expect((await list(eaql('fulltext ~ harbo AND stencil = video'))).total).toBe(0);
    });

    it('holds the matches to the stencils, localizations and statuses the query names', async () => {
      const all = await list(eaql('fulltext ~ harbo AND stencil in (story, video) AND localization = en AND status = draft', '&limit=50'));
      expect(all.total).toBe(DAYS_BACK.length);
      expect(all._embedded.item.map((item) => item.id)).toEqual(byLastEdit());
      // The list's stencil filter is left out of the stencil facet's counts, the query's stencil never.
      const filtered = await list(eaql('fulltext ~ harbo AND stencil = story', '&stencil=video'));
      expect(filtered.total).toBe(0);
      expect(stencilBuckets(filtered)).toEqual([['story', DAYS_BACK.length]]);
      const videos = await list(eaql('fulltext ~ harbo AND stencil = video AND status in (draft, published)', '&stencil=story'));
      expect(videos.total).toBe(0);
      expect(stencilBuckets(videos)).toEqual([]);
    });

    it('keeps words under OR and NOT as conditions of their own', async () => {
      expect((await list(eaql('NOT fulltext ~ lights'))).total).toBe(stories.filter((story) => !story.inTitle).length);
      expect((await list(eaql('fulltext ~ lights OR fulltext ~ remembers'))).total).toBe(DAYS_BACK.length);
    });

    describe('along every route a search can take', () => {
      // The route depends on the planner's estimates and the number of matches (see `searchRoute.ts`): these small
      // lists take one of them through the API, so each is driven here directly.
      const routes: ListRoute[] = dialect === 'postgres' ? ['bySearch', 'newest'] : ['newest', 'byMatches'];
      const scopeOf = async (words: string, query: Record<string, string> = {}): Promise<ListScope> => ({
        query: listQuerySchema.parse(query),
        engine: listEngineOf(dialect),
        userId: WRITER.sub,
        spaces: WRITER.rights.spaces,
        allSpaces: WRITER.rights.spaces,
        search: await listEngineOf(dialect).prepareSearch(t.database.db, searchTerms(words)),
        advanced: undefined,
      });

      it.each(routes)('pages the matches by last edit, each exactly once (%s)', async (route) => {
        const scope = await scopeOf('harbourmaster');
        const ids: string[] = [];
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await listPage(t.database.db, { scope, sortBy: 'lastEdited', cursor, limit: 3, route });
          ids.push(...rows.slice(0, 3).map((row) => row.asset_id));
          const last = rows[2];
          if (rows.length <= 3 || !last) break;
          cursor = { sortBy: 'lastEdited', value: last.sort_value, id: last.asset_id, locale: last.locale, total: 0 };
        }
        expect(ids).toEqual(byLastEdit((story) => !story.inTitle));
      });

      it.each(['bySearch', 'newest'] as const)('counts the matches under the list filters (%s)', async (searchRoute) => {
        const counts = await countVersions(t.database.db, await scopeOf('harbo', { stencil: 'story', localization: 'en' }), { facets: ['stencil', 'localization', 'tagging'], tagging: { limit: 20 }, searchRoute });
        expect(counts.total).toBe(DAYS_BACK.length);
        expect([...counts.columns.stencil]).toEqual([['story', DAYS_BACK.length]]);
        expect([...counts.columns.localization]).toEqual([['en', DAYS_BACK.length]]);
        const none = await countVersions(t.database.db, await scopeOf('harbo', { stencil: 'video' }), { facets: ['stencil'], tagging: { limit: 20 }, searchRoute });
        expect(none.total).toBe(0);
        expect([...none.columns.stencil]).toEqual([['story', DAYS_BACK.length]]);
      });

      it.each(routes)('holds pages and counts to the stencils of an advanced query (%s)', async (route) => {
        const base = await scopeOf('harbo');
        const holding = (stencil: string): ListScope => ({ ...base, advancedWords: { stencil: [stencil], locale: [], status: [] } });
        const [storyScope, videoScope] = [holding('story'), holding('video')];
        const count = (scope: ListScope) => countVersions(t.database.db, scope, { facets: ['stencil'], tagging: { limit: 20 }, searchRoute: route });
        expect((await count(storyScope)).total).toBe(DAYS_BACK.length);
        const none = await count(videoScope);
        expect(none.total).toBe(0);
        // Unlike the list's stencil filter, the query's stays in the stencil facet's own counts.
        expect([...none.columns.stencil]).toEqual([]);
        const page = (scope: ListScope) => listPage(t.database.db, { scope, sortBy: 'lastEdited', cursor: undefined, limit: 50, route });
        expect((await page(storyScope)).map((row) => row.asset_id)).toEqual(byLastEdit());
        expect(await page(videoScope)).toEqual([]);
      });
    });

    it('sorts the matches by another sort when asked', async () => {
      const created = await everyPage(eaql('fulltext ~ harbo', '&sortBy=lastCreated&limit=4'));
      expect(created.toSorted()).toEqual(stories.map((story) => story.id).toSorted());
      const page = await list(eaql('fulltext ~ harbo', '&sortBy=lastCreated&limit=50'));
      expect(page.sortBy).toBe('lastCreated');
      const dates = page._embedded.item.map((item) => item._meta.createdDate);
      expect(dates).toEqual(dates.toSorted().toReversed());
    });
  });

  it('puts a story first once it is saved again, and finds the words it was given', async () => {
    const oldest = stories[1]!;
    const asset = (await call('GET', `/api/v1/assets/${oldest.id}/localizations/en`)).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/assets/${oldest.id}/localizations/en`,
      headers: { ...(await t.auth(WRITER)), 'if-match': String(asset._meta.version) },
      payload: { content: { ...asset.content, teaser: { value: 'The harbourmaster sails to Zanzibar.' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await list('?q=harbourm');
    expect(page._embedded.item[0]?.id).toBe(oldest.id);
    expect((await list('?q=zanz'))._embedded.item.map((item) => item.id)).toEqual([oldest.id]);
    // The dictionary that prefixes expand from knows the new word, so the index need not read every 'zanz…' posting.
    const known = await sql<{ word: string }>`SELECT word FROM asset_search_word WHERE word = 'zanzibar'`.execute(t.database.db);
    expect(known.rows).toEqual([{ word: 'zanzibar' }]);
  });

  it.skipIf(dialect !== 'postgres')('reads a window of a search from the search index, in the partitions of its months only, and sorts it; never walks the list index', async () => {
    // Walking the list index newest first and testing every version against the search stops early only if the
    // window holds enough matches; for a window with few it read the whole table (5.6 s at 1,000,000 versions), a plan
    // the planner chose once the statistics moved. Discouraging sorts (and, on this small table, reading it whole)
    // makes it take any index that gives the order.
    const { db } = t.database;
    const search = await postgresListEngine.prepareSearch(db, searchTerms('harbour'));
    const scope = { query: listQuerySchema.parse({}), engine: postgresListEngine, userId: WRITER.sub, spaces: WRITER.rights.spaces, allSpaces: WRITER.rights.spaces, search, advanced: undefined };
    const [slice] = postgresListEngine.pageSlices(search);
    expect(slice).toBeDefined();
    const planOf = async (ofScope: ListScope) => {
      const compiled = searchPageQuery(db, ofScope, { part: 'title', slice: slice ?? {} }).limit(13).compile();
      const plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_sort = off`.execute(trx);
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      });
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    // A search reads the index of its entries (migration 018), in each month's partition.
    const plain = await planOf(scope);
    expect(plain).toMatch(/asset_search_entry_\w+_vector_idx/);
    expect(plain).not.toContain('asset_localization');
    // A window reads only the partitions of its months: the one two months ahead is never read.
    const compiled = searchPageQuery(db, scope, { part: 'all', slice: slice ?? {} }).limit(13).compile();
    const run = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${compiled.sql}`, [...compiled.parameters]));
    const now = new Date();
    const ahead = partitionOf(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1))));
    const aheadLines = run.rows.map((row) => row['QUERY PLAN']).filter((line) => line.includes(ahead));
    expect(aheadLines.length).toBeGreaterThan(0);
    for (const line of aheadLines) expect(line).toContain('never executed');
    // An advanced query's conditions may read any column of a version: it reads the versions' own index.
    const advanced = await planOf({ ...scope, advanced: { kind: 'compare', property: { name: 'title', type: 'text' }, operator: '!=', value: '' } });
    expect(advanced).toContain('asset_localization_search_recency_idx');
    expect(advanced).not.toContain('asset_localization_list_idx');
  });
});
