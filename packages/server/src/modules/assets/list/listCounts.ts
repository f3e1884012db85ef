import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { COUNT_CAP } from '@editor/domain';
import { PREPARED } from '../../../db/database.ts';
import {
  COLUMN_FACETS,
  bucketOf,
  columnOf,
  combinationOf,
  joinedCombination,
  type ColumnFacet,
  type Combination,
  type CountRow,
  type SetFacet,
  type TagCount,
  type VersionColumns,
} from '../../../db/dialects/listEngine.ts';
import type { DB } from '../../../db/schema.ts';
import { searchCountRoute } from './searchRoute.ts';
import { columnConditions, listFrom, readableConditions, type FacetName, type ListRoute, type ListScope } from './listRepository.ts';

export { COLUMN_FACETS, type ColumnFacet };

/** What a list's header shows: its total (at most COUNT_CAP + 1) and the bucket counts of each facet asked for. */
export interface ListCounts {
  total: number;
  columns: Record<ColumnFacet, Map<string, number>>;
  /** Per space of the request's spaces. */
  spaces: Map<string, number>;
  /** The most referenced tags, most used first. */
  tags: TagCount[];
}

/**
 * What `asset_list_count` says of a list narrowed only by its columns, exactly: how many versions match, how many the
 * request may see at all, and, where the engine merges count rows, the keys of its matching count rows, unless there
 * are more than `mergedByCounts` merges.
 */
export interface ColumnTotals {
  matching: number;
  visible: number;
  keys: Combination[] | undefined;
}

/** Whether the list filters by a facet (its own counts then leave that filter out). */
function isFiltered(scope: ListScope, facet: FacetName): boolean {
  if (facet === 'infographic') return scope.query.infographic !== undefined;
  if (facet === 'space') return scope.query.space.length > 0;
  return scope.query[facet].length > 0;
}

const and = (conditions: ReadonlyArray<RawBuilder<SqlBool>>) => (conditions.length === 0 ? sql<SqlBool>`(1 = 1)` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`);
const emptyCounts = (): ListCounts => ({ total: 0, columns: { stencil: new Map(), localization: new Map(), publishstatus: new Map(), infographic: new Map() }, spaces: new Map(), tags: [] });

/** Adds the plain rows of a counting statement (totals and facet buckets) to `counts`. */
function tally(counts: ListCounts, rows: readonly CountRow[], scope: ListScope): void {
  for (const row of rows) {
    const n = Number(row.n);
    const bucket = row.bucket === null ? '' : String(row.bucket);
    if (row.facet === 'total') counts.total = Math.min(counts.total + n, COUNT_CAP + 1);
    else if (row.facet === 'space') {
      // A space bucket is a set of spaces (`,a,b,`); only the request's spaces are shown.
      for (const space of bucket.split(',')) if (space && scope.spaces.includes(space)) counts.spaces.set(space, (counts.spaces.get(space) ?? 0) + n);
    } else if (row.facet in COLUMN_FACETS && n > 0) {
      const buckets = counts.columns[row.facet as ColumnFacet];
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + n);
    }
  }
}

/** The rows of `asset_list_count` that hold versions and meet `conditions`. */
const countRows = (conditions: ReadonlyArray<RawBuilder<SqlBool>>) => sql`asset_list_count c WHERE c.n > 0 AND ${and(conditions)}`;

/** The most count rows whose versions `mergedByCounts` merges; more would make a statement slow to plan. */
const MAX_MERGED_COUNT_ROWS = 100;
/** The facet of the rows that carry the keys of the matching count rows. */
const KEY = 'key';

/** The totals of a list narrowed only by stencil, locale, status, space and infographic (sums over `asset_list_count`). */
export async function countColumnTotals(db: Kysely<DB>, scope: ListScope): Promise<ColumnTotals> {
  const branches = [
    sql`SELECT 'matching' AS facet, NULL AS bucket, coalesce(sum(c.n), 0) AS n FROM ${countRows(columnConditions('c', scope))}`,
    sql`SELECT 'visible' AS facet, NULL AS bucket, coalesce(sum(c.n), 0) AS n FROM ${countRows(readableConditions('c', scope))}`,
    // The rows `mergedByCounts` merges, in the same round trip: asking for them after the sums cost 3 ms.
    ...(scope.engine.mergesCountRows ? [sql`(SELECT ${sql.lit(KEY)} AS facet, ${joinedCombination('c')} AS bucket, c.n FROM ${countRows(columnConditions('c', scope))} LIMIT ${sql.lit(MAX_MERGED_COUNT_ROWS + 1)})`] : []),
  ];
  const rows = (await sql<CountRow>`${sql.join(branches, sql` UNION ALL `)}`.execute(db)).rows;
  const keyRows = rows.filter((row) => row.facet === KEY);
  return {
    matching: Number(rows.find((row) => row.facet === 'matching')?.n ?? 0),
    visible: Number(rows.find((row) => row.facet === 'visible')?.n ?? 0),
    keys: keyRows.length <= MAX_MERGED_COUNT_ROWS && scope.engine.mergesCountRows ? keyRows.map((row) => combinationOf(String(row.bucket))) : undefined,
  };
}

/**
 * The exact column facets of a list narrowed only by stencil, locale, status, space and infographic, whatever the size
 * of the archive: sums over `asset_list_count`. Its total comes from `countColumnTotals`, and its tags, which are no
 * column of that table, from `countVersions`. Asked for apart from the totals, so that the page and the tag count,
 * which take their routes from the totals, need not wait for these sums (8 ms at a million versions on PostgreSQL).
 */
export async function countColumnFacets(db: Kysely<DB>, scope: ListScope, facets: readonly FacetName[]): Promise<ListCounts> {
  const branches = facets
    .filter((facet) => facet !== 'tagging')
    .map((facet) => sql`SELECT ${sql.lit(facet)} AS facet, ${bucketOf(facet, 'c')} AS bucket, sum(c.n) AS n FROM ${countRows(columnConditions('c', scope, facet))} GROUP BY ${columnOf(facet, 'c')}`);
  const counts = emptyCounts();
  if (branches.length > 0) tally(counts, (await sql<CountRow>`${sql.join(branches, sql` UNION ALL `)}`.execute(db)).rows, scope);
  return counts;
}

/** The columns a counted set reads for its facets: those of `asset_list_count`. */
const FACET_COLUMNS = ['l.stencil', 'l.locale', 'l.status', 'l.infographic', 'l.spaces'] as const;

/**
 * The numbers of ranges a merge is written for, padded with ranges that hold nothing: its counting statement, prepared
 * once per connection, then comes in eight texts (a prepared 72-range plan takes some 2.5 MB of a connection's memory).
 */
const MERGED_RANGES = [1, 2, 4, 8, 16, 32, 64, MAX_MERGED_COUNT_ROWS];

/**
 * A set counted by its count rows, where the engine merges them (`mergesCountRows`): the newest COUNT_CAP + 1
 * versions merged from one index range per matching row of `asset_list_count`, each newest first (a Merge Append reads
 * only what it keeps), instead of reading every matching version and sorting them: on PostgreSQL 21 against 50 ms for
 * 23,000 matching versions of 72 rows at a million; SQLite gained nothing from it (20 against 17 ms). `keys` are the
 * list's matching count rows (`countColumnTotals`, only from such an engine), which a set that leaves a filter out
 * does not have. Undefined where it does not apply.
 */
function mergedByCounts(db: Kysely<DB>, keys: readonly Combination[] | undefined, except: FacetName | undefined, columns: VersionColumns) {
  if (!keys || except || keys.length === 0 || keys.length > MAX_MERGED_COUNT_ROWS) return undefined;
  const range = (key: Combination | undefined) => {
    const newest = db
      .selectFrom('asset_localization as l')
      .select([...columns, 'l.updated_at'])
      .orderBy('l.updated_at', 'desc')
      .limit(COUNT_CAP + 1);
    if (!key) return newest.where(sql<SqlBool>`false`);
    return newest
      .where('l.spaces', '=', key.spaces)
      .where('l.stencil', '=', key.stencil)
      .where('l.locale', '=', key.locale)
      .where('l.status', '=', key.status)
      .where('l.infographic', '=', Number(key.infographic));
  };
  const size = MERGED_RANGES.find((ranges) => ranges >= keys.length) ?? keys.length;
  const ranges = Array.from({ length: size }, (_, index) => range(keys[index]));
  return sql`SELECT * FROM (${sql.join(ranges, sql` UNION ALL `)}) r ORDER BY r.updated_at DESC LIMIT ${COUNT_CAP + 1}`;
}

/**
 * Counts by reading the newest COUNT_CAP + 1 matching versions (see `countingRows` for its statements): once for the
 * total and every facet whose filter is not set, and once more (without it) for each facet whose filter is set. A list
 * of more than 10,000 versions shows 'More than 10000 Assets', and its buckets count shares of its newest 10,001.
 * `route` says how the versions are found (lists counted by columns only), with the `keys` of their count rows; a
 * search's counted sets each take the route `searchCountRoute` chooses, or `searchRoute` for all of them.
 */
export async function countVersions(
  db: Kysely<DB>,
  scope: ListScope,
  input: {
    facets: readonly FacetName[];
    tagging: { limit: number };
    route?: ListRoute;
    keys?: readonly Combination[] | undefined;
    searchRoute?: ListRoute;
    /** Exact totals say at most COUNT_CAP + 1 versions match: the set of all filters is all of them, read unordered. */
    isWhole?: boolean;
  },
): Promise<ListCounts> {
  // Sets of counted versions, each a CTE: all filters (`m_all`), and all but one for a filtered facet.
  const counted = new Map<string, { except: FacetName | undefined }>();
  const countedFor = (facet: FacetName | 'all') => {
    const except = facet !== 'all' && isFiltered(scope, facet) ? facet : undefined;
    const name = except ? `m_${except}` : 'm_all';
    counted.set(name, { except });
    return name;
  };
  // Per set, the facets (and the total) it is counted for; and the set the tags are counted from.
  const facetsOfSet = new Map<string, SetFacet[]>();
  const countFrom = (set: string, facet: SetFacet) => facetsOfSet.set(set, [...(facetsOfSet.get(set) ?? []), facet]);
  let tagSet: string | undefined;
  for (const facet of input.facets) {
    if (facet === 'tagging') tagSet = countedFor('tagging');
    else countFrom(countedFor(facet), facet);
  }
  if (facetsOfSet.size > 0) countFrom(countedFor('all'), 'total');
  // A search's counted sets each take the route their conditions call for, unless the caller names one.
  const searchRoutes = input.searchRoute ? undefined : new Map(await Promise.all([...counted].map(async ([name, { except }]) => [name, await searchCountRoute(db, scope, except)] as const)));

  /**
   * A set as a CTE of one statement, reading only the columns that statement counts (fewer columns make a cheaper
   * sort), kept as its engine keeps such a set (`materialization`).
   */
  const setOf = (name: string, reads: { facets: boolean; tags: boolean }) => {
    const except = counted.get(name)?.except;
    const columns = [...new Set([...(reads.facets ? FACET_COLUMNS : []), ...(reads.tags ? scope.engine.tagColumns : [])])];
    const selected = columns.length > 0 ? columns : (['l.asset_id'] as const);
    const kept = sql.raw(scope.engine.materialization(reads));
    // Sorting the versions only to keep the newest COUNT_CAP + 1 of them cost three quarters of a list's tag count
    // (3.4 of 4.4 ms for 5,726 versions at 100,000 on SQLite) when they were all kept anyway.
    if (input.isWhole && !except) {
      const { query } = listFrom(db, scope, input.route ? { route: input.route } : {});
      // Read where it is counted, as a join SQLite walks in its indexes (0.5 against 1 ms kept).
      const read = reads.facets && reads.tags ? kept : sql.raw('NOT MATERIALIZED');
      return { cte: sql`${sql.table(name)} AS ${read} ${query.select(selected)}`, isMerged: false };
    }
    const merged = input.route === 'byCounts' ? mergedByCounts(db, input.keys, except, selected) : undefined;
    if (merged) return { cte: sql`${sql.table(name)} AS ${kept} (${merged})`, isMerged: true };
    const route = searchRoutes?.get(name) ?? input.searchRoute ?? input.route;
    const { query, recency, window } = listFrom(db, scope, { except, ...(route ? { route } : {}) });
    // A search read by windows counts its newest windows whole and as much of the last one it reads as the cap needs.
    const newestFirst = query.select(selected).orderBy(window ?? recency, 'desc');
    // A query builder embedded in `sql` comes in parentheses, as a CTE wants it.
    return { cte: sql`${sql.table(name)} AS ${kept} ${newestFirst.limit(COUNT_CAP + 1)}`, isMerged: false };
  };

  /** One counting statement: the facets of `facetSets` and the tags of `tagsFrom`. */
  const countingRows = async (facetSets: ReadonlyMap<string, SetFacet[]>, tagsFrom: string | undefined): Promise<CountRow[]> => {
    const names = new Set([...facetSets.keys(), ...(tagsFrom ? [tagsFrom] : [])]);
    if (names.size === 0) return [];
    const sets = [...names].map((name) => setOf(name, { facets: facetSets.has(name), tags: name === tagsFrom }));
    const branches = [...[...facetSets].map(([set, facets]) => scope.engine.countFacets(set, facets)), ...(tagsFrom ? [scope.engine.countTags(tagsFrom, input.tagging.limit)] : [])];
    // Planning a merge of 72 ranges took 5–8 ms of a 30 ms statement; its texts are few (`MERGED_RANGES`).
    const prepared = sets.some((set) => set.isMerged) ? sql.raw(PREPARED) : sql``;
    return (await sql<CountRow>`${prepared}WITH ${sql.join(sets.map((set) => set.cte))} ${sql.join(branches, sql` UNION ALL `)}`.execute(db)).rows;
  };
  // An engine may count the facets and the tags of a list that is no search in two statements, on two connections,
  // each reading the versions it counts: on PostgreSQL two index reads of the newest 10,001 versions cost less than
  // one kept for both (the EAQL call's counting at a million versions: 19 against 36 ms). A search's matches cost too
  // much to read twice.
  const isSplit = scope.engine.splitsCounting && !scope.search;
  const rows = (await Promise.all(isSplit ? [countingRows(facetsOfSet, undefined), countingRows(new Map(), tagSet)] : [countingRows(facetsOfSet, tagSet)])).flat();
  const counts = emptyCounts();
  const read = await scope.engine.readCountRows(db, rows, { facetsOf: (set) => facetsOfSet.get(set) ?? [], tagLimit: input.tagging.limit });
  tally(counts, read.rows, scope);
  counts.tags = read.tags;
  return counts;
}
