import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectExpression, type SqlBool } from 'kysely';
import type { SortOption } from '@editor/domain';
import type { DB } from '../schema.ts';
import type { JsonKind } from './json.ts';
import type { RecencyWindow } from './recencyWindows.ts';

/**
 * The list and search engine's seam: what a list asks of its database beyond the SQL both databases speak alike. One
 * implementation per database (`sqliteListEngine.ts`, `postgresListEngine.ts`), chosen once (`listEngineOf`) and
 * handed to the list module, which builds every list from the same conditions and never asks which database it runs
 * on. docs/list-engine.md draws the tables, triggers and indexes each one reads.
 */

/** The versions a list reads, aliased `l`. */
export type Versions = DB & { l: DB['asset_localization'] };
/** Expressions over the versions `l`. */
export type Eb = ExpressionBuilder<Versions, 'l'>;
/** Columns a query over the versions `l` selects. */
export type VersionColumns = ReadonlyArray<SelectExpression<Versions, 'l'>>;

/** The facets whose filter is left out when their own bucket counts are computed (disjunctive faceting). */
export type FacetName = 'stencil' | 'localization' | 'publishstatus' | 'space' | 'infographic' | 'tagging';

/**
 * How a list finds its versions. `newest` walks all versions newest first and keeps the matching ones: cheap while
 * many match. `byCounts` (lists counted by columns only) reads the versions of the `asset_list_count` rows its filters
 * match, each row's newest first, and sorts them: cheap while few match, whatever the size of the archive.
 * A search's words are tested on each version along `newest`; `byMatches` reads every match of its words and sorts
 * them, `bySearch` reads its matches newest first from the search's own source (`searchSource`).
 */
export type ListRoute = 'newest' | 'byCounts' | 'byMatches' | 'bySearch';

/**
 * Filters a search asks its index for as words: each a set of values, any of which a version has (an empty set
 * filters nothing).
 */
export interface WordedFilters {
  stencil: readonly string[];
  locale: readonly string[];
  status: readonly string[];
}

export const NO_WORDED_FILTERS: WordedFilters = { stencil: [], locale: [], status: [] };

/** The non-empty sets of worded filters, each with the letter its words start with (stencil s, locale l, status p). */
export function filterWordGroups(filters: readonly WordedFilters[]): Array<readonly ['s' | 'l' | 'p', readonly string[]]> {
  return filters
    .flatMap((filter) =>
      [
        ['s', filter.stencil],
        ['l', filter.locale],
        ['p', filter.status],
      ] as const,
    )
    .filter(([, values]) => values.length > 0);
}

/**
 * A search, prepared once per request by the engine that reads it. Relevance has two tiers: versions whose title holds
 * every word, then those that hold them elsewhere; newest first within a tier (SQLite: the order entries were
 * written, which is the order of edits; PostgreSQL: the last edit, read a window of days at a time).
 */
export type PreparedSearch =
  | { dialect: 'sqlite'; /** FTS5 expressions. */ all: string; title: string }
  | { dialect: 'postgres'; /** tsquery texts. */ all: string; title: string; /** Newest first, from the newest edit to the oldest. */ windows: RecencyWindow[] };

/** Which versions of a search a query reads: every match, those matching in the title, or the others. */
export type SearchPart = 'all' | 'title' | 'rest';

/** Which matches of a search one query reads: SQLite all at once; PostgreSQL those of some of its windows. */
export interface SearchSlice {
  windows?: readonly RecencyWindow[];
}

/** Where a query reads a search's matches from, newest first, before it joins the versions `l`. */
export interface SearchSource {
  /** SQLite: the index, read first as `f`. PostgreSQL: the recency windows, read first as `w`, newest first. */
  table: RawBuilder<unknown>;
  /** SQLite: the condition on `f` and `l`. PostgreSQL: the condition on `l` within window `w`. */
  condition: RawBuilder<boolean>;
  /** Orders matches within a tier, newest first. */
  recency: RawBuilder<string | number>;
  /**
   * PostgreSQL: the window's number, larger for newer ones. Ordered by it alone, a query with a LIMIT reads the
   * windows newest first and stops within the last one it needs, without sorting.
   */
  window: RawBuilder<number> | undefined;
  /** SQLite's entry numbers are unique, so they order alone, and the index returns them in that order without a sort. */
  isRecencyUnique: boolean;
}

/**
 * What an engine may ask the list before it picks a search's route: the filters its index answers as words, and the
 * list's other conditions (none when they keep every version), with a key that names them within the request.
 */
export interface SearchRouteQuestion {
  filters: string | undefined;
  others: { key: string; where: (eb: Eb) => Expression<SqlBool> } | undefined;
}

/** The facets backed by a column of the version (and of `asset_list_count`). */
export const COLUMN_FACETS = { stencil: 'stencil', localization: 'locale', publishstatus: 'status', infographic: 'infographic' } as const;
export type ColumnFacet = keyof typeof COLUMN_FACETS;

/** A facet counted from a set of counted versions, or the set's total. */
export type SetFacet = Exclude<FacetName, 'tagging'> | 'total';

/** One row of a counting statement: a bucket of a facet (or a total) and its count. */
export interface CountRow {
  facet: string;
  bucket: string | number | null;
  n: string | number;
}

/** A tag bucket: a tag and how many counted versions hold it. */
export interface TagCount {
  id: string;
  count: number;
}

/** Most counted first; byte order of the ids breaks ties. */
export const byCountThenId = (a: TagCount, b: TagCount) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The columns of `asset_list_count`: a version's facet buckets but its tags. */
export const COMBINATION = ['stencil', 'locale', 'status', 'infographic', 'spaces'] as const;
export type Combination = Record<(typeof COMBINATION)[number], string>;
/** How a set's combinations come joined: values by tabs, versions by newlines (no facet value holds either). */
const VALUE_SEPARATOR = '\t';
export const VERSION_SEPARATOR = '\n';
/** The combination of a row of `asset_list_count` (`c`) or of a counted version (`m`), as one text. */
export const joinedCombination = (table: 'c' | 'm') => sql.join(COMBINATION.map((column) => sql.ref(`${table}.${column}`)), sql` || ${VALUE_SEPARATOR} || `);
export const combinationOf = (joined: string): Combination => {
  const values = joined.split(VALUE_SEPARATOR);
  return Object.fromEntries(COMBINATION.map((column, index) => [column, values[index] ?? ''])) as Combination;
};

/** The column of a facet in `asset_list_count` (`c`) or in a set of counted versions (`m`). */
export const columnOf = (facet: Exclude<FacetName, 'tagging'>, table: 'c' | 'm') => sql.ref(`${table}.${facet === 'space' ? 'spaces' : COLUMN_FACETS[facet]}`);
/** A facet's bucket as text (infographic is a number). Grouped by the bare column, which SQLite can walk in an index. */
export const bucketOf = (facet: Exclude<FacetName, 'tagging'>, table: 'c' | 'm') => sql`CAST(${columnOf(facet, table)} AS TEXT)`;

export interface ListEngine {
  /** The value at `path` in the JSON text `column`, as `kind`, or NULL when absent or of another type. */
  jsonValue(column: RawBuilder<unknown>, path: readonly string[], kind: JsonKind): RawBuilder<unknown>;
  /** Whether `path` holds a value (not JSON null) in the JSON text `column`. */
  jsonHasValue(column: RawBuilder<unknown>, path: readonly string[]): RawBuilder<boolean>;
  /** A boolean parameter as the database compares it. */
  booleanParam(value: boolean): RawBuilder<unknown>;

  /** Prepares the match expressions of search terms, once per request. */
  prepareSearch(db: Kysely<DB>, terms: readonly string[]): Promise<PreparedSearch>;
  /** The WHERE condition "the version matches these words" on `l` (EAQL `fulltext ~` within OR or NOT). */
  fullTextMatches(terms: readonly string[]): RawBuilder<boolean>;
  /** Filters as words of the search index, a version meeting every set of them, or undefined without any. */
  filterWords(...filters: WordedFilters[]): string | undefined;
  /**
   * The WHERE condition "the version matches every word of the search" on `l`, for a list sorted otherwise than the
   * search's source reads; `isWalked` when the list walks the versions in its own order and tests each.
   */
  searchMatches(search: PreparedSearch, options: { isWalked: boolean; filters?: string | undefined }): RawBuilder<boolean>;
  /** How a query reads the matches of a search, newest first (`part` of them, in `slice`), joined to `l` after. */
  searchSource(search: PreparedSearch, input: { part: SearchPart; slice?: SearchSlice; filters?: string | undefined; fromEntries?: boolean }): SearchSource;
  /** The slices of a search that a page reads one after another, newest first, from the one that holds `before` on. */
  pageSlices(search: PreparedSearch, before?: string | number): SearchSlice[];
  /** A search source's recency as a page link carries it, or undefined when the text is none. */
  recencyOf(text: string | undefined): string | number | undefined;
  /** A bound every version meets, added to a page that walks the versions testing a search's words, if it helps the planner. */
  walkedSearchBound(sort: RawBuilder<string>): RawBuilder<boolean> | undefined;
  /** Whether a search reads its matches from the search entries (migration 018) where the list's conditions allow. */
  readonly hasSearchEntries: boolean;

  /** The route of a search's count; `question` is asked only when the answer depends on the list's conditions. */
  searchCountRoute(db: Kysely<DB>, search: PreparedSearch, question: () => SearchRouteQuestion): Promise<ListRoute>;
  /**
   * The search keys of every version holding a search's words, in the order of its entries (oldest first), read at
   * once, or of those written after the entry `after`: the list index counts a search by them (`searchCounts`).
   */
  readMatchKeys(db: Kysely<DB>, search: PreparedSearch, after?: number): Promise<ArrayLike<number>>;
  /**
   * Whether a first page by relevance takes the matches after its title tier in the order of their search keys, as
   * the list index counts them (SQLite: the order of its entries is its recency), or reads them from the database
   * (PostgreSQL: its recency is the last edit).
   */
  readonly pagesByMatchKeys: boolean;
  /**
   * Whether the list index counts a search only once an instance keeps its matches (`matchKeyCache.ts`), which the
   * first asks read in the background: PostgreSQL read a common word's 40,000 matches at 100,000 versions in 85 ms,
   * where its windows count the newest 10,001 in 10 to 30.
   */
  readonly countsKeptMatchesOnly: boolean;
  /** Which of `keys` (search keys, ascending) hold a search's words now. */
  filterMatchKeys(db: Kysely<DB>, search: PreparedSearch, keys: readonly number[]): Promise<number[]>;
  /**
   * What names a search's matches among the matches an instance keeps (`matchKeyCache.ts`), or undefined when they
   * are read each time: an entry's matches may change only by new keys, which the list index learns of.
   */
  matchCacheKey(search: PreparedSearch): string | undefined;
  /** The route of a search's page in the list's sort (relevance is ranked apart). */
  searchPageRoute(db: Kysely<DB>, search: PreparedSearch, input: { sortBy: Exclude<SortOption, 'relevance'>; question: () => SearchRouteQuestion }): Promise<ListRoute>;

  /**
   * The cards of a page in one statement: each key's version with its asset, its spaces, its asset's locales and
   * whether `userId` bookmarked it. Keys without a version are left out.
   */
  readCards(db: Kysely<DB>, input: { keys: ReadonlyArray<{ id: string; locale: string }>; userId: string }): Promise<CardRow[]>;

  /**
   * The title of each asset of `ids` (its English version's, else its first version's) with its spaces (JSON array),
   * in one statement: the labels of a list's tag buckets. Ids without a version are left out.
   */
  readTitles(db: Kysely<DB>, ids: readonly string[]): Promise<Array<{ asset_id: string; title: string; spaces: string }>>;

  /** Whether a count by `asset_list_count` merges one index range per matching count row instead of sorting. */
  readonly mergesCountRows: boolean;
  /** Whether a list that is no search counts its facets and its tags in two statements, on two connections. */
  readonly splitsCounting: boolean;
  /** How a set of counted versions is kept as a CTE, by what its statement reads of it. */
  materialization(reads: { facets: boolean; tags: boolean }): 'MATERIALIZED' | 'NOT MATERIALIZED';
  /** The columns a set of counted versions reads for its tags. */
  readonly tagColumns: VersionColumns;
  /** The branch of a counting statement that counts the tags of the set of counted versions `counted`. */
  countTags(counted: string, limit: number): RawBuilder<unknown>;
  /** The branch of a counting statement that counts `facets` (and the total) of the set of counted versions `counted`. */
  countFacets(counted: string, facets: readonly SetFacet[]): RawBuilder<unknown>;
  /**
   * The rows of a counting statement as plain facet and total rows, and its `tagLimit` most used tags: what the
   * branches of `countTags` and `countFacets` answered, read back.
   */
  readCountRows(db: Kysely<DB>, rows: readonly CountRow[], input: { facetsOf: (counted: string) => readonly SetFacet[]; tagLimit: number }): Promise<{ rows: CountRow[]; tags: TagCount[] }>;
}

/** A card's row as `readCards` answers it: the version's card columns, its asset's (`asset_`), and three lists. */
export interface CardRow {
  asset_id: string;
  locale: string;
  stencil: string;
  status: string;
  title: string;
  meta: string;
  changed_properties: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  last_published_at: string | null;
  publish_start: string | null;
  publish_end: string | null;
  error_count: number;
  main_image: string | null;
  asset_stencil: string;
  asset_embargo_start: string | null;
  asset_embargo_end: string | null;
  asset_external_reference: string | null;
  asset_music_import: string | null;
  asset_created_at: string;
  asset_created_by: string;
  /** JSON array of the asset's spaces, by name. */
  spaces: string;
  /** JSON array of `[locale, status]` of the asset's versions, in the order they were created. */
  locales: string;
  /** 1 or true when the user bookmarked this version. */
  bookmarked: number | boolean;
}

/** The columns of `CardRow` read from the version `l` and its asset `a`, alike in both databases. */
export const CARD_COLUMNS = sql.raw(
  [
    ...['asset_id', 'locale', 'stencil', 'status', 'title', 'meta', 'changed_properties', 'created_at', 'created_by', 'updated_at', 'updated_by', 'last_published_at', 'publish_start', 'publish_end', 'error_count', 'main_image'].map((column) => `l.${column}`),
    ...['stencil', 'embargo_start', 'embargo_end', 'external_reference', 'music_import', 'created_at', 'created_by'].map((column) => `a.${column} AS asset_${column}`),
  ].join(', '),
);
