import { expressionBuilder, sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { COUNT_CAP, type EaqlNode, type SortOption } from '@editor/domain';
import {
  NO_WORDED_FILTERS,
  type Eb,
  type FacetName,
  type ListEngine,
  type ListRoute,
  type PreparedSearch,
  type SearchPart,
  type SearchSlice,
  type Versions,
  type WordedFilters,
} from '../../../db/dialects/listEngine.ts';
import type { DB } from '../../../db/schema.ts';
import { compileEaql, conjuncts, filterConditions } from './eaqlSql.ts';
import { dayBound, invalidPageLink, type Cursor, type ListQuery } from './listQuery.ts';

export type { Eb, FacetName, ListRoute };
/** A query over the list's main table `l` (for a search in SQLite, joined to the search index `f`, read through raw SQL only). */
export type ListFrom = SelectQueryBuilder<Versions, 'l', object>;

/** Everything that narrows a list: the request's filters, who asks, and a search or an advanced query. */
export interface ListScope {
  query: ListQuery;
  /** The database's list engine, which the conditions are compiled for and the search is read by. */
  engine: ListEngine;
  userId: string;
  /** The spaces the request acts with: nothing outside them is listed. */
  spaces: readonly string[];
  /** Every space of the installation: a user holding all of them needs no space check per row. */
  allSpaces: readonly string[];
  /**
   * Words every listed version holds, prepared once for the request: a search text (`q` as words, ranked by
   * relevance) or the `fulltext ~` conditions of an advanced query (see `splitFullText`).
   */
  search?: PreparedSearch | undefined;
  /**
   * An advanced query (EAQL), but for the words it searches (`search`) and its `advancedWords`, if any: compiled
   * together with the list's stencil, localization and status filters, which are EAQL conditions too (`filterConditions`).
   */
  advanced?: EaqlNode | undefined;
  /**
   * The stencils, locales and statuses an advanced query that searches words holds every version to (`splitWorded`):
   * conditions like the list's filters (PostgreSQL's search asks its index for them as words too), but never left out
   * of a facet's own counts.
   */
  advancedWords?: WordedFilters | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Whether the version's asset is in any of `spaces`: its spaces are stored with it as `,a,b,` (migration 007). */
export const inAnySpace = (table: 'l' | 'c', spaces: readonly string[]): RawBuilder<SqlBool> =>
  spaces.length === 0
    ? sql<SqlBool>`(1 = 0)`
    : sql<SqlBool>`(${sql.join(
        spaces.map((space) => sql`${sql.ref(`${table}.spaces`)} LIKE ${`%,${escapeLike(space)},%`} ESCAPE '\\'`),
        sql` OR `,
      )})`;

/** Inputs whose references count as authorship (spec 001 §3 authorshipId). */
const AUTHORSHIP_INPUTS = ['authorship'];

/** Whether a list is narrowed only by what `asset_list_count` counts by: its totals and facets are then sums of that table. */
export function isCountedByColumns(scope: ListScope): boolean {
  const { query } = scope;
  return (
    !scope.search &&
    !scope.advanced &&
    query.tagging.length === 0 &&
    query.authorshipId.length === 0 &&
    !query.author &&
    !(query.createdDateFrom && query.createdDateTo) &&
    !query.publishDateFrom &&
    !query.publishDateTo &&
    query.bookmarked !== 'true'
  );
}

/** Only versions in the request's spaces are listed (a user holding every space needs no check). */
export function readableConditions(table: 'l' | 'c', scope: ListScope): Array<RawBuilder<SqlBool>> {
  if (scope.spaces.length === 0) return [sql<SqlBool>`(1 = 0)`];
  return scope.allSpaces.every((space) => scope.spaces.includes(space)) ? [] : [inAnySpace(table, scope.spaces)];
}

/**
 * The conditions on the columns a version and its row in `asset_list_count` share (`table` is `l` or `c`): the
 * request's spaces and the stencil, locale, status, space and infographic filters, leaving out `except`'s. On the
 * versions (`l`) the stencil, locale and status filters are not among them: they are EAQL conditions, compiled with the
 * advanced query (`conditionsOf`).
 */
export function columnConditions(table: 'l' | 'c', scope: ListScope, except?: FacetName): Array<RawBuilder<SqlBool>> {
  const { query } = scope;
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const oneOf = (name: string, values: readonly (string | number)[]) => sql<SqlBool>`${column(name)} IN (${sql.join(values)})`;
  const conditions = readableConditions(table, scope);
  if (table === 'c') {
    if (query.stencil.length > 0 && except !== 'stencil') conditions.push(oneOf('stencil', query.stencil));
    if (query.localization.length > 0 && except !== 'localization') conditions.push(oneOf('locale', query.localization));
    if (query.publishstatus.length > 0 && except !== 'publishstatus') conditions.push(oneOf('status', query.publishstatus));
  }
  if (query.space.length > 0 && except !== 'space') conditions.push(inAnySpace(table, query.space));
  if (query.infographic !== undefined && except !== 'infographic') conditions.push(oneOf('infographic', [query.infographic === 'true' ? 1 : 0]));
  return conditions;
}

/**
 * The EAQL tree of a list's conditions on its versions: the conditions of its advanced query's top-level AND, its
 * worded conditions (`advancedWords`), then its stencil, localization and status filters (but `except`'s) as the EAQL
 * conditions they spell (`stencil=story` is `stencil = story`). Compiled by the one EAQL compiler, `stencil=story&q=title ~ summit` is the same SQL as
 * `q=title ~ summit AND stencil = story`.
 */
export function conditionTree(scope: ListScope, except?: FacetName): EaqlNode | undefined {
  const filters = filterConditions(scope.query).filter((filter) => filter.facet !== except);
  // An advanced query's worded conditions (`splitWorded`) are never left out of a facet's counts.
  const words = scope.advancedWords;
  const worded = words ? filterConditions({ stencil: words.stencil, localization: words.locale, publishstatus: words.status }) : [];
  const operands = [...(scope.advanced ? conjuncts(scope.advanced) : []), ...worded.map((filter) => filter.node), ...filters.map((filter) => filter.node)];
  return operands.length <= 1 ? operands[0] : { kind: 'and', operands };
}

/**
 * The stencil, locale and status filters (but `except`'s), which a search asks its index for as words (migrations
 * 016 and 029). They stay conditions too, which then cost nothing but a look at the row.
 */
function wordedFilters(scope: ListScope, except?: FacetName): WordedFilters {
  const { query } = scope;
  return {
    stencil: except === 'stencil' ? [] : query.stencil,
    locale: except === 'localization' ? [] : query.localization,
    status: except === 'publishstatus' ? [] : query.publishstatus,
  };
}

/**
 * The words a search asks its index for besides its own (`filterWords`): the list's stencil, locale and status
 * filters but `except`'s, and those of its advanced query.
 */
export function filterWordsOf(scope: ListScope, except?: FacetName): string | undefined {
  return scope.engine.filterWords(wordedFilters(scope, except), scope.advancedWords ?? NO_WORDED_FILTERS);
}

/** The scope without the filters a search asks its index for as words (`filterWordsOf`). */
export function withoutWordedFilters(scope: ListScope): ListScope {
  return { ...scope, query: { ...scope.query, stencil: [], localization: [], publishstatus: [] }, advancedWords: undefined };
}

const referencesAny = (eb: Eb, targets: readonly string[], inputs?: readonly string[]) => {
  let references = eb.selectFrom('asset_reference as r').select(sql`1`.as('one')).whereRef('r.asset_id', '=', 'l.asset_id').whereRef('r.locale', '=', 'l.locale').where('r.target_id', 'in', [...targets]);
  if (inputs) references = references.where('r.input', 'in', [...inputs]);
  return eb.exists(references);
};

/** The conditions of a list (but its search, which `listFrom` joins), leaving out the filter of `except` (for that facet's own counts). */
function conditionsOf(scope: ListScope, except: FacetName | undefined, eb: Eb): Array<Expression<SqlBool>> {
  const { query } = scope;
  const conditions: Array<Expression<SqlBool>> = columnConditions('l', scope, except);
  if (query.tagging.length > 0 && except !== 'tagging') conditions.push(referencesAny(eb, query.tagging));
  if (query.authorshipId.length > 0) conditions.push(referencesAny(eb, query.authorshipId, AUTHORSHIP_INPUTS));
  if (query.author) {
    const author = query.author;
    conditions.push(
      eb.exists(eb.selectFrom('asset_history as h').select(sql`1`.as('one')).whereRef('h.asset_id', '=', 'l.asset_id').whereRef('h.locale', '=', 'l.locale').where('h.user_name', '=', author)),
    );
  }
  // Spec 001 §5: the created-date filter applies only when both dates are present.
  if (query.createdDateFrom && query.createdDateTo) {
    conditions.push(eb.between('l.created_at', dayBound(query.createdDateFrom, 'start'), dayBound(query.createdDateTo, 'end')));
  }
  if (query.publishDateFrom || query.publishDateTo) {
    const from = query.publishDateFrom ? dayBound(query.publishDateFrom, 'start') : '0000';
    const to = query.publishDateTo ? dayBound(query.publishDateTo, 'end') : '9999';
    conditions.push(eb.or([eb.between('l.last_published_at', from, to), eb.between('l.publish_start', from, to), eb.between('l.publish_end', from, to)]));
  }
  if (query.bookmarked === 'true') {
    conditions.push(
      eb.exists(eb.selectFrom('bookmark as b').select(sql`1`.as('one')).whereRef('b.asset_id', '=', 'l.asset_id').whereRef('b.locale', '=', 'l.locale').where('b.user_id', '=', scope.userId)),
    );
  }
  const tree = conditionTree(scope, except);
  if (tree) conditions.push(compileEaql(scope.engine, tree, scope.userId));
  return conditions;
}

/** The WHERE clause of a list: its conditions (`conditionsOf`), all of which a version meets. */
export function listConditions(scope: ListScope, except?: FacetName): (eb: Eb) => Expression<SqlBool> {
  return (eb) => eb.and(conditionsOf(scope, except, eb));
}

/** Whether a list but its search and the filter of `except` keeps every version: no filter, and a reader of every space. */
export function keepsEveryVersion(scope: ListScope, except?: FacetName): boolean {
  return conditionsOf(scope, except, expressionBuilder<Versions, 'l'>()).length === 0;
}

/** The route of a page: by the counts' rows when at most COUNT_CAP versions match (an exact count says so). */
export function pageRoute(scope: ListScope, matching: number): ListRoute {
  return isCountedByColumns(scope) && matching <= COUNT_CAP ? 'byCounts' : 'newest';
}

/**
 * The route to the newest COUNT_CAP + 1 matching versions: walking newest first reads about
 * COUNT_CAP × visible / matching index entries (0.2 µs each at a million versions), the counts' rows read every
 * matching version and sort them (about three times as much per version).
 */
export function countedRoute(scope: ListScope, counts: { matching: number; visible: number }): ListRoute {
  return isCountedByColumns(scope) && 3 * counts.matching * counts.matching <= COUNT_CAP * counts.visible ? 'byCounts' : 'newest';
}

const andAll = (conditions: ReadonlyArray<RawBuilder<SqlBool>>) => (conditions.length === 0 ? sql<SqlBool>`(1 = 1)` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`);

/**
 * The matching versions of a list, newest first by `window` (if any), then `recency`: the versions table (along
 * `route`), or for a search (along `bySearch`, the default) the part of its matches asked for, from the source its
 * engine reads them from (all, or those of `slice`), which it joins first.
 */
export function listFrom(
  db: Kysely<DB>,
  scope: ListScope,
  options: { except?: FacetName | undefined; part?: SearchPart; route?: ListRoute; slice?: SearchSlice } = {},
): { query: ListFrom; recency: RawBuilder<string | number>; window: RawBuilder<number> | undefined; isRecencyUnique: boolean } {
  const byEdit = { recency: sql<string>`l.updated_at`, window: undefined, isRecencyUnique: false };
  if (options.route === 'byCounts') {
    // CROSS JOIN keeps the counts first; `c` is not in the builder's types, conditions name it in raw SQL.
    const from = db.selectFrom('asset_list_count as c').crossJoin('asset_localization as l') as unknown as ListFrom;
    const query = from
      .where(sql<SqlBool>`c.n > 0 AND ${andAll(columnConditions('c', scope, options.except))}`)
      .where(sql<SqlBool>`l.spaces = c.spaces AND l.stencil = c.stencil AND l.locale = c.locale AND l.status = c.status AND l.infographic = c.infographic`);
    return { query, ...byEdit };
  }
  const { search } = scope;
  // The search index is asked for the stencil, locale and status filters too, as words of each version.
  const filters = search ? filterWordsOf(scope, options.except) : undefined;
  if (!search || options.route === 'newest' || options.route === 'byMatches') {
    let query = db.selectFrom('asset_localization as l').where(listConditions(scope, options.except));
    if (search) query = query.where(scope.engine.searchMatches(search, { isWalked: options.route === 'newest', filters }));
    return { query, ...byEdit };
  }
  const fromEntries = readsSearchEntries(scope);
  const source = scope.engine.searchSource(search, { part: options.part ?? 'all', ...(options.slice ? { slice: options.slice } : {}), filters, fromEntries });
  // The source comes first: an index (`f`) joined by CROSS JOIN, which keeps its order; or windows (`w`) with a
  // LATERAL join, which asks the index once per window. `f` and `w` are not in the builder's types; raw SQL names them.
  const from =
    source.window === undefined
      ? db.selectFrom(source.table.as('f')).crossJoin('asset_localization as l').where(source.condition)
      : db
          .selectFrom(source.table.as('w'))
          .innerJoinLateral(
            // Typed as the versions: the entries hold every column a query of `readsSearchEntries` reads.
            (eb) => eb.selectFrom((fromEntries ? 'asset_search_entry as l' : 'asset_localization as l') as 'asset_localization as l').selectAll('l').where(source.condition).as('l'),
            (join) => join.onTrue(),
          );
  return { query: (from as unknown as ListFrom).where(listConditions(scope, options.except)), recency: source.recency, window: source.window, isRecencyUnique: source.isRecencyUnique };
}

/**
 * Whether a search reads its matches from the search entries (migration 018), whose matches lie together, instead of
 * the versions, where its engine keeps them: always but for an advanced query, whose conditions may read any column of
 * a version. The entries hold every column the list's other conditions, sorts and counts read.
 */
function readsSearchEntries(scope: ListScope): boolean {
  return scope.engine.hasSearchEntries && !scope.advanced;
}

/** The sort expression of each sort option; the key (asset id, locale) breaks ties. Relevance is ranked apart. */
function sortExpression(sortBy: Exclude<SortOption, 'relevance'>): RawBuilder<string> {
  switch (sortBy) {
    case 'lastPublished':
      return sql<string>`coalesce(l.last_published_at, '')`;
    case 'lastCreated':
      return sql<string>`l.created_at`;
    case 'lastEdited':
      return sql<string>`l.updated_at`;
  }
}

export interface ListedRow {
  asset_id: string;
  locale: string;
  sort_value: string | number;
}

/**
 * One page of keys, newest (or most relevant) first, after the cursor; one row more than asked tells whether more
 * follow. A search in the list's sort takes the route `searchPageRoute` chose.
 */
export async function listPage(db: Kysely<DB>, input: { scope: ListScope; sortBy: SortOption; cursor: Cursor | undefined; limit: number; route: ListRoute }): Promise<ListedRow[]> {
  const { scope, cursor, route } = input;
  if (scope.search && input.sortBy === 'relevance') return relevancePage(db, { ...input, search: scope.search });
  // A page by last edit along its search's source: only where the source's recency is the last edit (`searchPageRoute`).
  if (scope.search && route === 'bySearch') return newestMatchesPage(db, { ...input, search: scope.search });
  const sort = sortExpression(input.sortBy === 'relevance' ? 'lastEdited' : input.sortBy);
  let page = listFrom(db, scope, { route }).query.select(['l.asset_id', 'l.locale', sort.as('sort_value')]);
  if (cursor) page = page.where(sql<boolean>`(${sort}, l.asset_id, l.locale) < (${cursor.value}, ${cursor.id}, ${cursor.locale})`);
  else if (route === 'newest' && scope.search) {
    // Walking a search's many matches: the engine may bound the sort as a cursor does, to guide its planner.
    const bound = scope.engine.walkedSearchBound(sort);
    if (bound) page = page.where(bound);
  }
  return page.orderBy(sort, 'desc').orderBy('l.asset_id', 'desc').orderBy('l.locale', 'desc').limit(input.limit + 1).execute();
}

/** Relevance tiers, best first: every word in the title, then the other matches. */
const TIERS = [
  { tier: 1, part: 'title' },
  { tier: 0, part: 'rest' },
] as const;

/** A relevance cursor's value for a row of a tier: `{tier}|{recency}`. */
const relevanceValue = (tier: number, recency: string | number) => `${tier}|${String(recency)}`;

/** A relevance cursor's value, `{tier}|{recency}`: which tier the page ended in, and where. */
function parseRelevance(engine: ListEngine, value: string | number): { tier: number; recency: string | number } {
  const match = typeof value === 'string' ? /^([01])\|(.+)$/.exec(value) : null;
  const recency = engine.recencyOf(match?.[2]);
  if (!match || recency === undefined) throw invalidPageLink();
  return { tier: Number(match[1]), recency };
}

/**
 * The matches of one tier of a search in one slice (SQLite: all of them; PostgreSQL: one window of days), newest
 * first, after `after` within that tier.
 */
export function searchPageQuery(db: Kysely<DB>, scope: ListScope, input: { part: SearchPart; slice: SearchSlice; after?: SearchCursor | undefined }) {
  const { query, recency, isRecencyUnique } = listFrom(db, scope, { part: input.part, slice: input.slice });
  const { after } = input;
  let page = query.select(['l.asset_id', 'l.locale', recency.as('recency')]);
  if (after) page = page.where(isRecencyUnique ? sql<boolean>`${recency} < ${after.recency}` : sql<boolean>`(${recency}, l.asset_id, l.locale) < (${after.recency}, ${after.id}, ${after.locale})`);
  page = page.orderBy(recency, 'desc');
  return isRecencyUnique ? page : page.orderBy('l.asset_id', 'desc').orderBy('l.locale', 'desc');
}

type SearchCursor = { recency: string | number; id: string; locale: string };

/**
 * Adds to `rows` the matches of one part of a search, newest first after `after`, reading its slices one after
 * another until the page (`limit` + 1 rows) is full; `sortValue` makes a row's cursor value of its recency.
 */
async function addMatches(
  db: Kysely<DB>,
  input: { scope: ListScope; search: PreparedSearch; part: SearchPart; after: SearchCursor | undefined; limit: number; sortValue: (recency: string | number) => string | number },
  rows: ListedRow[],
): Promise<void> {
  for (const slice of input.scope.engine.pageSlices(input.search, input.after?.recency)) {
    const found = await searchPageQuery(db, input.scope, { part: input.part, slice, after: input.after }).limit(input.limit + 1 - rows.length).execute();
    rows.push(...found.map((row) => ({ asset_id: row.asset_id, locale: row.locale, sort_value: input.sortValue(row.recency) })));
    if (rows.length > input.limit) return;
  }
}

/** A page of a search: the title tier, newest first, then the rest; each read only as far as the page needs. */
async function relevancePage(db: Kysely<DB>, input: { scope: ListScope; search: PreparedSearch; cursor: Cursor | undefined; limit: number }): Promise<ListedRow[]> {
  const after = input.cursor ? { ...parseRelevance(input.scope.engine, input.cursor.value), id: input.cursor.id, locale: input.cursor.locale } : undefined;
  const rows: ListedRow[] = [];
  for (const { tier, part } of TIERS) {
    if (after && tier > after.tier) continue;
    const isCursorTier = after !== undefined && tier === after.tier;
    await addMatches(db, { ...input, part, after: isCursorTier ? after : undefined, sortValue: (recency) => relevanceValue(tier, recency) }, rows);
    if (rows.length > input.limit) break;
  }
  return rows;
}

/**
 * A search's first page by relevance when its newest matches that the list's filters keep are known already (the
 * list index's, from the matches its counts read at once): the title tier read from the index as `relevancePage`
 * reads it, then those of `matches.newest` it did not hold, in place of reading the other tier.
 */
export async function firstRelevancePage(
  db: Kysely<DB>,
  input: { scope: ListScope; search: PreparedSearch; limit: number; matches: Promise<{ newest: readonly KeyedMatch[] }> },
): Promise<ListedRow[]> {
  const [title] = TIERS;
  const rows: ListedRow[] = [];
  await addMatches(db, { ...input, part: title.part, after: undefined, sortValue: (recency) => recency }, rows);
  return titleThenRest({ title: rows.map((row) => ({ asset_id: row.asset_id, locale: row.locale, searchKey: Number(row.sort_value) })), newest: (await input.matches).newest }, input.limit);
}

/** A match by its version and its current search entry's key, the recency where pages follow the search keys (SQLite). */
export type KeyedMatch = Pick<ListedRow, 'asset_id' | 'locale'> & { searchKey: number };

/**
 * A first page by relevance where pages follow the search keys (SQLite), as `relevancePage` reads it: the title
 * tier's newest (`title`, every one there is up to one more than a page), then the newest of all matches (`newest`)
 * that are not among them.
 */
export function titleThenRest(tiers: { title: readonly KeyedMatch[]; newest: readonly KeyedMatch[] }, limit: number): ListedRow[] {
  const [title, rest] = TIERS;
  const rows = tiers.title.slice(0, limit + 1).map((row) => ({ asset_id: row.asset_id, locale: row.locale, sort_value: relevanceValue(title.tier, row.searchKey) }));
  const inTitles = new Set(rows.map((row) => `${row.asset_id}\n${row.locale}`));
  for (const match of tiers.newest) {
    if (rows.length > limit) break;
    if (!inTitles.has(`${match.asset_id}\n${match.locale}`)) rows.push({ asset_id: match.asset_id, locale: match.locale, sort_value: relevanceValue(rest.tier, match.searchKey) });
  }
  return rows;
}

/**
 * A search's first page by relevance from tiers known already, each newest first by last edit (the list index's, from
 * kept matches, where the database's pages follow the last edit): the title tier, then the rest, one more than a page.
 */
export function relevanceRows(tiers: { title: readonly ListedRow[]; rest: readonly ListedRow[] }, limit: number): ListedRow[] {
  const [title, rest] = TIERS;
  const rows = [...tiers.title.map((row) => ({ ...row, sort_value: relevanceValue(title.tier, row.sort_value) })), ...tiers.rest.map((row) => ({ ...row, sort_value: relevanceValue(rest.tier, row.sort_value) }))];
  return rows.slice(0, limit + 1);
}

/** A page of a search's matches by their last edit, read slice by slice from a source whose recency is the last edit. */
async function newestMatchesPage(db: Kysely<DB>, input: { scope: ListScope; search: PreparedSearch; cursor: Cursor | undefined; limit: number }): Promise<ListedRow[]> {
  const { cursor } = input;
  if (cursor && typeof cursor.value !== 'string') throw invalidPageLink();
  const rows: ListedRow[] = [];
  await addMatches(db, { ...input, part: 'all', after: cursor ? { recency: cursor.value, id: cursor.id, locale: cursor.locale } : undefined, sortValue: (recency) => recency }, rows);
  return rows;
}

/** The title of each asset, in English where it has an English version (tag buckets show the tag's title). */
export async function findTitles(db: Kysely<DB>, assetIds: readonly string[]): Promise<Map<string, string>> {
  const titleOf = new Map<string, string>();
  if (assetIds.length === 0) return titleOf;
  const titles = await db.selectFrom('asset_localization').select(['asset_id', 'title', 'locale']).where('asset_id', 'in', [...assetIds]).orderBy('created_at').execute();
  for (const title of titles) if (!titleOf.has(title.asset_id) || title.locale === 'en') titleOf.set(title.asset_id, title.title);
  return titleOf;
}
