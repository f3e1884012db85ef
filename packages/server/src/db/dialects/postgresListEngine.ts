import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from '@editor/domain';
import type { DB } from '../schema.ts';
import { searchedVector } from './fullText.ts';
import { joinedIntegersOf } from './joinedIntegers.ts';
import { booleanParam, jsonHasValue, jsonValue } from './json.ts';
import { CARD_COLUMNS, byCountThenId, bucketOf, columnOf, filterWordGroups, type CardRow, type CountRow, type ListEngine, type PreparedSearch, type SearchRouteQuestion, type TagCount, type Versions } from './listEngine.ts';
import { dayAfter, recencyWindows, type RecencyWindow } from './recencyWindows.ts';

/**
 * The list engine on PostgreSQL: a weighted `tsvector` per version, indexed by GIN together with the recency words of
 * its last edit and its stencil, locale and status as words (`searchedVector`), and the same vectors again in the
 * search entries partitioned by month (migration 018); a search reads its matches a window of days at a time, newest
 * first. Tags are counted in the database. docs/list-engine.md draws it.
 */

type PostgresSearch = Extract<PreparedSearch, { dialect: 'postgres' }>;

function postgresSearch(search: PreparedSearch): PostgresSearch {
  if (search.dialect !== 'postgres') throw new Error('A SQLite search reached the PostgreSQL list engine');
  return search;
}

/** A word as a tsquery operand, taken as it is (no further folding). */
const tsqueryWord = (word: string, weight = '') => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${weight}`;

/** Words as prefix terms of a tsquery, all of which a version holds. */
const prefixQuery = (terms: readonly string[]) => terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');

/** The same vector as `searchedVector`, as a search entry `l` holds it (migration 018, `asset_search_entry`). */
const entryVector = sql`l.vector`;

/** The version also has the `filters`' words; the planner chooses itself between the search index and the list's. */
function searchMatches(search: PostgresSearch, options: { filters?: string | undefined }) {
  return sql<boolean>`(${searchedVector}) @@ (${search.all}::tsquery${options.filters ? sql` && ${options.filters}::tsquery` : sql``})`;
}

/** Beyond this many words, a prefix is left to the index, which reads all their postings first. */
const MAX_PREFIX_WORDS = 64;

/** How many of the page's windows (the newest eight days) a count reads as one. */
const FIRST_COUNT_WINDOWS = 4;

/**
 * The windows a count reads: every window costs one pass over the postings of the search's words, which for common
 * words outweighs the matches of a few more days, so the short first ones are read as one. The later ones stay as
 * they are: the last window a count reads is read whole by the index, however little of it the count needs.
 */
function countWindows(windows: readonly RecencyWindow[]): RecencyWindow[] {
  const first = windows.slice(0, FIRST_COUNT_WINDOWS);
  const newest = first[0];
  const oldest = first.at(-1);
  if (!newest || !oldest) return [];
  return [{ query: first.map((window) => window.query).join(' | '), from: oldest.from, to: newest.to }, ...windows.slice(FIRST_COUNT_WINDOWS)];
}

/**
 * How a search finds its newest matches where relevance does not order them: `bySearch` reads them newest first from
 * its windows of days and tests the list's other conditions on each; `newest` walks the versions in the list's order
 * and tests the words on those that meet the other conditions (or whatever the planner prefers, such as every match
 * of rare words from the search index, sorted).
 *
 * The newest 10,001 matches at a million versions, ms, `bySearch` against `newest`: `mostar` 25 / 75,
 * `cliff diving AND status = draft` 155 / 195, `"mostar zermatt bali"` 56 / 215, `mostar AND stencil = athlete`
 * 340 / 110, `mostar AND localization = ja AND stencil = athlete` 2,500 / 490, six words that 4,129 versions hold
 * 365 / 66 (every window reads the postings of every word). The windows pay off while the other conditions keep a
 * good share of the versions and the matches fill the count early; the planner's estimates tell both.
 */

/** The least share of versions the list's other conditions may keep for its windows to pay off. */
const MIN_SHARE = 0.2;
/**
 * The fewest matches the windows must expect, in counts' worth, so that they stop early. Five words that 10,858 of
 * 1,000,000 versions hold (estimated 12,820): windows 330, the planner 72 ms; `cliff diving` at 100,000 versions
 * (17,600 estimated): 33 against 41–63 ms.
 */
const MIN_COUNTS = 1.5;

type Estimated = SelectQueryBuilder<Versions, 'l', { one: number }>;

/** The planner's estimates of a request, kept with its search (prepared once per request): its count and page ask alike. */
const estimatesOf = new WeakMap<PreparedSearch, Map<string, Promise<number>>>();

/** How many rows the planner expects a query to return (`EXPLAIN`, which runs nothing). */
function estimatedRows(db: Kysely<DB>, search: PreparedSearch, key: string, query: (from: Estimated) => Estimated): Promise<number> {
  const estimates = estimatesOf.get(search) ?? new Map<string, Promise<number>>();
  estimatesOf.set(search, estimates);
  const known = estimates.get(key);
  if (known) return known;
  const compiled = query(db.selectFrom('asset_localization as l').select(sql<number>`1`.as('one'))).compile();
  const estimate = db
    .executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]))
    .then((result) => result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  estimates.set(key, estimate);
  return estimate;
}

/** Whether a search's windows pay off, from the planner's estimates of its matches and of the share of versions the list's other conditions keep. */
export function areWindowsCheaper(estimates: { matches: number; share: number }): boolean {
  const { matches, share } = estimates;
  return share >= MIN_SHARE && matches * share >= MIN_COUNTS * (COUNT_CAP + 1);
}

/**
 * Whether a search's windows pay off for the versions the list's conditions keep. The filters the index answers as
 * words count with the matches, the others with what is kept.
 */
async function windowsPayOff(db: Kysely<DB>, search: PostgresSearch, question: SearchRouteQuestion): Promise<boolean> {
  const { filters, others } = question;
  // Without other conditions the share is 1, and the planner need not be asked (two statements fewer per search).
  const share = async () => {
    if (!others) return 1;
    const [versions, kept] = await Promise.all([estimatedRows(db, search, 'versions', (from) => from), estimatedRows(db, search, others.key, (from) => from.where(others.where))]);
    return versions > 0 ? Math.min(1, kept / versions) : 1;
  };
  const [matches, keptShare] = await Promise.all([
    estimatedRows(db, search, `matches:${filters ?? ''}`, (from) => from.where(searchMatches(search, { filters }))),
    share(),
  ]);
  return areWindowsCheaper({ matches, share: keptShare });
}

/** The facet of the rows that are counted tags. */
const TAG = 'tag';

export const postgresListEngine: ListEngine = {
  jsonValue: (column, path, kind) => jsonValue('postgres', column, path, kind),
  jsonHasValue: (column, path) => jsonHasValue('postgres', column, path),
  booleanParam: (value) => booleanParam('postgres', value),

  /**
   * Each term folded as the index folds it, with the dictionary's words that start with it: a prefix that stands for a
   * few indexed words is searched as those words, which the index reads only where a window's words are. The
   * recency windows span the newest edit to the oldest.
   */
  async prepareSearch(db, terms) {
    const [expanded, edits] = await Promise.all([
      sql<{ lexeme: string; words: string[] | null }>`
      SELECT t.lexeme, (SELECT array_agg(w.word) FROM (
        SELECT word FROM asset_search_word WHERE word >= t.lexeme COLLATE "C" AND word < (t.lexeme || chr(1114111)) COLLATE "C" ORDER BY word LIMIT ${MAX_PREFIX_WORDS + 1}
      ) w) AS words
      FROM unnest(to_tsvector('simple', ${terms.join(' ')})) AS t`.execute(db),
      sql<{ newest: string | null; oldest: string | null }>`SELECT max(updated_at) AS newest, min(updated_at) AS oldest FROM asset_localization`.execute(db),
    ]);
    const groups = expanded.rows.map(({ lexeme, words }) => (weight: string) => {
      const isExpandable = words !== null && words.length > 0 && words.length <= MAX_PREFIX_WORDS;
      return isExpandable ? `(${words.map((word) => tsqueryWord(word, weight && `:${weight}`)).join(' | ')})` : tsqueryWord(lexeme, `:*${weight}`);
    });
    // No word at all matches nothing: '_' is no word the index holds.
    const query = (weight: string) => (groups.length > 0 ? groups.map((group) => group(weight)).join(' & ') : "'_'");
    const today = new Date().toISOString();
    const { newest, oldest } = edits.rows[0] ?? { newest: null, oldest: null };
    return { dialect: 'postgres', all: query(''), title: query('A'), windows: recencyWindows(newest ?? today, oldest ?? today) };
  },

  fullTextMatches: (terms) => sql<boolean>`(${searchedVector}) @@ to_tsquery('simple', ${prefixQuery(terms)})`,

  /** A tsquery text of the words of `searchedVector` (`('_sstory' | '_svideo') & ('_lde')`). */
  filterWords(...filters) {
    const groups = filterWordGroups(filters).map(([prefix, values]) => `(${values.map((value) => tsqueryWord(`_${prefix}${value}`)).join(' | ')})`);
    return groups.length > 0 ? groups.join(' & ') : undefined;
  },

  searchMatches: (search, options) => searchMatches(postgresSearch(search), options),

  /**
   * The recency windows, read first as `w`, newest first (those of `slice`, or for a count its wider ones), asking the
   * index of the versions' `searchedVector` or, `fromEntries`, of the search entries' vector, for the matches of each
   * window in turn that also have the `filters`' words.
   */
  searchSource(prepared, input) {
    const search = postgresSearch(prepared);
    const { filters, fromEntries = false } = input;
    const vector = fromEntries ? entryVector : searchedVector;
    // The entries are partitioned by month (migration 018): the window's days also as a range, by which PostgreSQL reads
    // only the partitions of the window's months. The versions keep their day words alone: a range on their
    // `updated_at` might tempt the planner to walk the list index instead of the search index.
    const inDays = fromEntries ? sql` AND l.updated_at COLLATE "C" >= w.since AND l.updated_at COLLATE "C" < w.until` : sql``;
    const inWindow = (query: string) => sql<boolean>`((${vector}) @@ (${query}::tsquery${filters ? sql` && ${filters}::tsquery` : sql``} && w.recent)${inDays})`;
    const condition = { all: inWindow(search.all), title: inWindow(search.title), rest: sql<boolean>`(${inWindow(search.all)} AND NOT ((${vector}) @@ ${search.title}::tsquery))` }[input.part];
    const windows = input.slice?.windows ?? countWindows(search.windows);
    const numbered = windows.map((window, index) => sql`(${sql.lit(windows.length - index)}, ${window.query}::tsquery, ${window.from}, ${dayAfter(window.to)})`);
    const values = numbered.length > 0 ? sql.join(numbered) : sql`(0, NULL::tsquery, '', '')`;
    // The ORDER BY keeps the windows' order through the join, so that ordering by `w.k` needs no sort.
    const table = sql`(SELECT * FROM (VALUES ${values}) v (k, recent, since, until) ORDER BY k DESC)`;
    // Recency as an expression no index holds: a window is read from the search index and its matches sorted. Ordered
    // by the bare column, the planner may instead walk the list index newest first and test every version against the
    // search, which for a window with few matches reads the whole table (5.6 s at 1,000,000 versions).
    return { table, condition, recency: sql<string>`(l.updated_at || '')`, window: sql<number>`w.k`, isRecencyUnique: false };
  },

  /**
   * The windows one at a time, from the one that holds `before` (an edit time) on, each read and sorted whole.
   * Reading them in one query would sort by window first, and a sort reads into the next window to find where one ends.
   */
  pageSlices(prepared, before) {
    const beforeDay = typeof before === 'string' ? before.slice(0, 10) : undefined;
    return postgresSearch(prepared)
      .windows.filter((window) => !beforeDay || window.from <= beforeDay)
      .map((window) => ({ windows: [window] }));
  },

  recencyOf: (text) => text,

  walkedSearchBound: () => undefined,

  /** Always but for an advanced query, whose conditions may read any column of a version (the list decides). */
  hasSearchEntries: true,

  async searchCountRoute(db, search, question) {
    return (await windowsPayOff(db, postgresSearch(search), question())) ? 'bySearch' : 'newest';
  },

  countsKeptMatchesOnly: true,

  pagesByMatchKeys: false,

  /**
   * The keys as one text from the search entries' index (migration 043), ascending, parsed in the server. Those after
   * `after` read the entries' key index first: a few new entries, each tested against the words.
   */
  async readMatchKeys(db, prepared, after) {
    const from = after === undefined ? sql`` : sql` AND l.search_key > ${after}`;
    const found = await sql<{ keys: string | null }>`SELECT string_agg(l.search_key::text, ',' ORDER BY l.search_key) AS keys FROM asset_search_entry l
      WHERE ${entryVector} @@ ${postgresSearch(prepared).all}::tsquery AND l.search_key IS NOT NULL${from}`.execute(db);
    return joinedIntegersOf(found.rows[0]?.keys);
  },

  async filterMatchKeys(db, prepared, keys) {
    if (keys.length === 0) return [];
    const found = await sql<{ search_key: string }>`SELECT l.search_key FROM asset_search_entry l
      WHERE l.search_key = ANY(${keys.map(String)}::bigint[]) AND ${entryVector} @@ ${postgresSearch(prepared).all}::tsquery`.execute(db);
    return found.rows.map((row) => Number(row.search_key));
  },

  /** Kept when every word is one the dictionary knows; a prefix left to the index (`word:*`) is read each time. */
  matchCacheKey: (prepared) => {
    const { all } = postgresSearch(prepared);
    return all.includes(':*') ? undefined : all;
  },

  /** Only the windows (days of the last edit) give a page by last edit. */
  async searchPageRoute(db, search, input) {
    return input.sortBy === 'lastEdited' && (await windowsPayOff(db, postgresSearch(search), input.question())) ? 'bySearch' : 'newest';
  },

  mergesCountRows: true,
  splitsCounting: true,

  /**
   * A set that one branch counts is read where it is counted; keeping 10,001 rows costs more than reading them from
   * an index (at a million versions 10 ms against 2 for the tags of the newest versions).
   */
  materialization: (reads) => (reads.facets && reads.tags ? 'MATERIALIZED' : 'NOT MATERIALIZED'),

  /** The list indexes' tag numbers (migration 015), with the key to read the tags of versions with more than an index entry holds. */
  tagColumns: [sql<number[] | null>`l.listed_tag_numbers`.as('tag_numbers'), 'l.asset_id', 'l.locale'],

  /**
   * The `limit` most used tags of a set of counted versions `m`, counted in the database, which answers with those few
   * rows: handing the 1.1 MB of 10,001 versions' tag ids to the server cost more than counting them. The tags are
   * read as numbers the list indexes hold (migration 015), which are grouped three times as fast as ids read out of
   * JSON; a version with more has its tags numbered from its row. Numbers are turned into ids only for the tags that
   * can be among the first `limit`, and ordered as `byCountThenId` orders tags.
   */
  /** The keys come as one JSON parameter, so the statement's text is the same for every page. */
  async readCards(db, input) {
    if (input.keys.length === 0) return [];
    const keys = JSON.stringify(input.keys.map((key) => [key.id, key.locale]));
    const found = await sql<CardRow>`SELECT ${CARD_COLUMNS},
        (SELECT coalesce(json_agg(s.space ORDER BY s.space), '[]')::text FROM asset_space s WHERE s.asset_id = l.asset_id) AS spaces,
        (SELECT coalesce(json_agg(json_build_array(o.locale, o.status) ORDER BY o.created_at, o.locale), '[]')::text FROM asset_localization o WHERE o.asset_id = l.asset_id) AS locales,
        EXISTS (SELECT 1 FROM bookmark b WHERE b.user_id = ${input.userId} AND b.asset_id = l.asset_id AND b.locale = l.locale) AS bookmarked
      FROM jsonb_array_elements(${keys}::jsonb) k
      JOIN asset_localization l ON l.asset_id = k ->> 0 AND l.locale = k ->> 1
      JOIN asset a ON a.id = l.asset_id`.execute(db);
    return found.rows;
  },

  async readTitles(db, ids) {
    if (ids.length === 0) return [];
    const found = await sql<{ asset_id: string; title: string | null; spaces: string }>`SELECT k.value AS asset_id,
        (SELECT l.title FROM asset_localization l WHERE l.asset_id = k.value ORDER BY l.locale = 'en' DESC, l.created_at LIMIT 1) AS title,
        (SELECT coalesce(json_agg(s.space), '[]')::text FROM asset_space s WHERE s.asset_id = k.value) AS spaces
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS k(value)`.execute(db);
    return found.rows.flatMap((row) => (row.title === null ? [] : [{ ...row, title: row.title }]));
  },

  countTags(counted, limit) {
    const numbers = sql`coalesce(m.tag_numbers, (SELECT asset_tag_numbers(t.tag_ids) FROM asset_localization t WHERE t.asset_id = m.asset_id AND t.locale = m.locale))`;
    const counts = sql`SELECT v.number, count(*) AS n FROM (SELECT unnest(${numbers}) AS number FROM ${sql.table(counted)} m) v GROUP BY v.number`;
    // Only the tags that can make the first `limit` (ties included) are turned into ids: 2 of some 22 ms otherwise.
    const leading = sql`SELECT c.number, c.n FROM (${counts}) c ORDER BY c.n DESC FETCH FIRST ${sql.lit(limit)} ROWS WITH TIES`;
    return sql`(SELECT ${sql.lit(TAG)} AS facet, d.tag_id AS bucket, tag.n FROM (${leading}) tag
    JOIN asset_tag_number d ON d.number = tag.number
    ORDER BY tag.n DESC, d.tag_id LIMIT ${sql.lit(limit)})`;
  },

  /** Grouped in the database, one grouping set per facet: a few dozen rows instead of 400 kB of text. */
  countFacets(counted, facets) {
    const columns = facets.filter((facet) => facet !== 'total');
    if (columns.length === 0) return sql`SELECT 'total' AS facet, NULL AS bucket, count(*) AS n FROM ${sql.table(counted)} m`;
    // Each row belongs to the one grouping set whose column it is grouped by, or to the total.
    const facetName = sql.join(columns.map((facet) => sql`WHEN GROUPING(${columnOf(facet, 'm')}) = 0 THEN ${sql.lit(facet)}`), sql` `);
    const bucket = sql`coalesce(${sql.join(columns.map((facet) => bucketOf(facet, 'm')))})`;
    const sets = [...columns.map((facet) => sql`(${columnOf(facet, 'm')})`), ...(facets.includes('total') ? [sql`()`] : [])];
    return sql`SELECT CASE ${facetName} ELSE 'total' END AS facet, ${bucket} AS bucket, count(*) AS n FROM ${sql.table(counted)} m GROUP BY GROUPING SETS (${sql.join(sets)})`;
  },

  async readCountRows(_db, rows, input) {
    const plain: CountRow[] = [];
    const tags: TagCount[] = [];
    for (const row of rows) {
      if (row.facet === TAG) tags.push({ id: row.bucket === null ? '' : String(row.bucket), count: Number(row.n) });
      else plain.push(row);
    }
    return { rows: plain, tags: tags.toSorted(byCountThenId).slice(0, input.tagLimit) };
  },
};
