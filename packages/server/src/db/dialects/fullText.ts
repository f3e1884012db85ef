import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';
import { dayAfter, recencyWindows, type RecencyWindow } from './recencyWindows.ts';

/**
 * Full-text search, the one place where SQLite and PostgreSQL differ most: SQLite keeps an FTS5 table
 * (`asset_fts`, its row id stored on the version as `search_key`), PostgreSQL a weighted `tsvector` column, indexed
 * by GIN together with the recency words of the version's last edit (`searchedVector`). Titles weigh more than body
 * text. Both keep a dictionary of the indexed words (`asset_search_word`) that prefixes expand from.
 */

type Executor = Kysely<DB> | Transaction<DB>;

export async function createFullTextIndex(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE asset_fts USING fts5(title, body, asset_id UNINDEXED, locale UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    return;
  }
  await sql`ALTER TABLE asset_localization ADD COLUMN search_vector tsvector`.execute(db);
  await sql`CREATE INDEX asset_localization_search_idx ON asset_localization USING GIN (search_vector)`.execute(db);
}

/**
 * SQLite: the words of a version's stencil, locale and status in its search entry's `filters` column (migration 029),
 * for `asset_localization as l`: each value as one word, its letter and the hex of its bytes (`s73746f7279` for
 * story), which no tokenizer splits (`pt-BR` would be two words) and no other value spells.
 */
export const SQLITE_FILTER_WORDS = sql<string>`'s' || lower(hex(l.stencil)) || ' l' || lower(hex(l.locale)) || ' p' || lower(hex(l.status))`;

/** SQLite: a filter value as `SQLITE_FILTER_WORDS` writes it. */
const sqliteFilterWord = (prefix: string, value: string) => `${prefix}${Buffer.from(value, 'utf8').toString('hex')}`;

/** SQLite: the version's key as the next entry of the search index, so entries are numbered in the order they were written. */
const nextSearchKey = sql`(SELECT coalesce(max(rowid), 0) + 1 FROM asset_fts)`;

/** SQLite: adds the words of a text to the dictionary that prefix searches expand from, with the index's own tokenizer. */
const addWords = (text: RawBuilder<unknown>) => sql`INSERT OR IGNORE INTO asset_search_word (word) SELECT DISTINCT token FROM asset_search_tokenizer WHERE input = ${text}`;

/**
 * PostgreSQL: adds the words of the versions' vectors to the dictionary that prefix searches expand from. In word
 * order, so that two saves adding the same new words wait for each other instead of deadlocking.
 */
const addVectorWords = (versions: RawBuilder<unknown>) =>
  sql`INSERT INTO asset_search_word (word)
    SELECT DISTINCT word FROM asset_localization, unnest(tsvector_to_array(search_vector)) AS word WHERE ${versions} ORDER BY word
    ON CONFLICT DO NOTHING`;

/** Stores the searchable text of one version, replacing what it had. */
export async function writeSearchEntry(db: Executor, dialect: Dialect, entry: { id: string; locale: string; title: string; body: string }): Promise<void> {
  const version = sql`asset_id = ${entry.id} AND locale = ${entry.locale}`;
  if (dialect === 'sqlite') {
    await sql`DELETE FROM asset_fts WHERE rowid = (SELECT search_key FROM asset_localization WHERE ${version})`.execute(db);
    await sql`UPDATE asset_localization SET search_key = ${nextSearchKey} WHERE ${version}`.execute(db);
    await sql`INSERT INTO asset_fts (rowid, title, body, filters, asset_id, locale)
      SELECT l.search_key, ${entry.title}, ${entry.body}, ${SQLITE_FILTER_WORDS}, l.asset_id, l.locale FROM asset_localization l WHERE ${version}`.execute(db);
    await addWords(sql`${`${entry.title} ${entry.body}`}`).execute(db);
    return;
  }
  await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', ${entry.title}), 'A') || setweight(to_tsvector('simple', ${entry.body}), 'B')
    WHERE ${version}`.execute(db);
  await addVectorWords(version).execute(db);
}

/** Removes a version's search entry; harmless after the version is gone, whose entry then went with it. */
export async function deleteSearchEntry(db: Executor, dialect: Dialect, entry: { id: string; locale: string }): Promise<void> {
  // PostgreSQL's column goes with its row; SQLite's entry goes by a trigger when the version is deleted.
  if (dialect === 'sqlite') await sql`DELETE FROM asset_fts WHERE rowid = (SELECT search_key FROM asset_localization WHERE asset_id = ${entry.id} AND locale = ${entry.locale})`.execute(db);
}

/**
 * Indexes many versions at once from their stored `title` and `search_text` columns (the demo seed, imports):
 * a few statements instead of several per version. Keys follow the versions' last edit.
 */
export async function writeSearchEntriesFromColumns(db: Executor, dialect: Dialect, assetIds: readonly string[]): Promise<void> {
  for (let start = 0; start < assetIds.length; start += 500) {
    const ids = sql.join(assetIds.slice(start, start + 500));
    if (dialect === 'sqlite') {
      await sql`DELETE FROM asset_fts WHERE rowid IN (SELECT search_key FROM asset_localization WHERE asset_id IN (${ids}))`.execute(db);
      await sql`UPDATE asset_localization SET search_key = k.search_key
        FROM (SELECT asset_id, locale, ${nextSearchKey} - 1 + row_number() OVER (ORDER BY updated_at, asset_id, locale) AS search_key FROM asset_localization WHERE asset_id IN (${ids})) k
        WHERE asset_localization.asset_id = k.asset_id AND asset_localization.locale = k.locale`.execute(db);
      await sql`INSERT INTO asset_fts (rowid, title, body, filters, asset_id, locale)
        SELECT l.search_key, l.title, l.search_text, ${SQLITE_FILTER_WORDS}, l.asset_id, l.locale FROM asset_localization l WHERE l.asset_id IN (${ids}) ORDER BY l.search_key`.execute(db);
      await sql`INSERT OR IGNORE INTO asset_search_word (word)
        SELECT DISTINCT t.token FROM asset_localization l JOIN asset_search_tokenizer t ON t.input = l.title || ' ' || l.search_text WHERE l.asset_id IN (${ids})`.execute(db);
    } else {
      await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', search_text), 'B')
        WHERE asset_id IN (${ids})`.execute(db);
      await addVectorWords(sql`asset_id IN (${ids})`).execute(db);
    }
  }
}

/** The most words a search takes. */
export const MAX_SEARCH_TERMS = 16;

/** Words of a search text, each as a prefix term: "cliff div" finds "cliff diving". Operators typed by a user are not passed on. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_TERMS);
}

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

function sqliteMatch(terms: readonly string[]): string {
  return terms.map((term) => `${quoted(term)}*`).join(' ');
}

function postgresQuery(terms: readonly string[], weight = ''): string {
  return terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*${weight}`).join(' & ');
}

/**
 * PostgreSQL: the vector the search index holds (migrations 014 and 016) for `asset_localization as l`: a version's
 * words, the recency words of its last edit (`_d2026-11-24`, `_m2026-11`, `_y2026`; see `recencyWindows.ts`) and its
 * stencil, locale and status as words (`_sstory`, `_lde`, `_pdraft`; see `filterWords`). A query must use this very
 * expression, with its literals inline, for the index to answer it; the migration's test checks that.
 */
export const searchedVector = sql`l.search_vector || array_to_tsvector(ARRAY['_d' || left(l.updated_at, 10), '_m' || left(l.updated_at, 7), '_y' || left(l.updated_at, 4), '_s' || l.stencil, '_l' || l.locale, '_p' || l.status])`;

/** PostgreSQL: the same vector, as a search entry `l` holds it (migration 018, `asset_search_entry`). */
const entryVector = sql`l.vector`;

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

/**
 * Filters as words of the search index, a version meeting every set of them, or undefined without any: a search with
 * filters then reads from the index only the matches that meet them. PostgreSQL: a tsquery text of the words of
 * `searchedVector` (`('_sstory' | '_svideo') & ('_lde')`); SQLite: an FTS5 expression on the entries' `filters`
 * column (`{filters} : (s73746f7279 OR s766964656f) AND {filters} : (l6465)`).
 */
export function filterWords(dialect: Dialect, ...filters: WordedFilters[]): string | undefined {
  const groups = filters
    .flatMap((filter) =>
      [
        ['s', filter.stencil],
        ['l', filter.locale],
        ['p', filter.status],
      ] as const,
    )
    .filter(([, values]) => values.length > 0)
    .map(([prefix, values]) =>
      dialect === 'sqlite'
        ? `{filters} : (${values.map((value) => sqliteFilterWord(prefix, value)).join(' OR ')})`
        : `(${values.map((value) => tsqueryWord(`_${prefix}${value}`)).join(' | ')})`,
    );
  return groups.length > 0 ? groups.join(dialect === 'sqlite' ? ' AND ' : ' & ') : undefined;
}

/** SQLite: an FTS5 expression that also asks for the filters' words (`filterWords`). */
const withSqliteFilters = (expression: string, filters: string | undefined) => (filters ? `(${expression}) AND ${filters}` : expression);

/** SQLite: the WHERE condition "the version's entry matches this FTS5 expression" on `asset_localization as l`. */
const sqliteMatches = (expression: string) => sql<boolean>`l.search_key IN (SELECT rowid FROM asset_fts WHERE asset_fts MATCH ${expression})`;

/** The WHERE condition "the version matches these words" on `asset_localization as l` (EAQL `fulltext ~` within OR or NOT). */
export function fullTextMatches(dialect: Dialect, terms: readonly string[]): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sqliteMatches(sqliteMatch(terms));
  return sql<boolean>`(${searchedVector}) @@ to_tsquery('simple', ${postgresQuery(terms)})`;
}

/**
 * A search, prepared once per request. Relevance has two tiers: versions whose title holds every word, then those
 * that hold them elsewhere; newest first within a tier (SQLite: the order entries were written, which is the order
 * of edits; PostgreSQL: the last edit, read a window of days at a time). Ranking every match by a score would read
 * every match, which at a million versions costs seconds for a common word.
 */
export type PreparedSearch =
  | { dialect: 'sqlite'; /** FTS5 expressions. */ all: string; title: string }
  | { dialect: 'postgres'; /** tsquery texts. */ all: string; title: string; /** Newest first, from the newest edit to the oldest. */ windows: RecencyWindow[] };

/** Beyond this many words, a prefix is left to the index, which reads all their postings first. */
const MAX_PREFIX_WORDS = 64;

/** A word as a tsquery operand, taken as it is (no further folding). */
const tsqueryWord = (word: string, weight = '') => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${weight}`;

/**
 * Prepares the match expressions of search terms. Both indexes read every posting of a prefix term before they return
 * the first match; a prefix that stands for a few indexed words is searched as those words instead, which the index
 * reads lazily (SQLite: newest first, and stops once a page is full; PostgreSQL: only where a window's words are).
 */
export async function prepareSearch(db: Executor, dialect: Dialect, terms: readonly string[]): Promise<PreparedSearch> {
  if (dialect === 'postgres') return preparePostgresSearch(db, terms);
  const folded = await sql<{ token: string }>`SELECT token FROM asset_search_tokenizer WHERE input = ${terms.join(' ')}`.execute(db);
  const groups: string[] = [];
  for (const { token } of folded.rows) {
    const words = await sql<{ word: string }>`SELECT word FROM asset_search_word WHERE word >= ${token} AND word < ${`${token}\u{10FFFF}`} ORDER BY word LIMIT ${MAX_PREFIX_WORDS + 1}`.execute(db);
    // No known word (a dictionary that missed one) or too many: the index's own prefix search, slower but complete.
    const isExpandable = words.rows.length > 0 && words.rows.length <= MAX_PREFIX_WORDS;
    groups.push(isExpandable ? `(${words.rows.map((row) => quoted(row.word)).join(' OR ')})` : `${quoted(token)}*`);
  }
  const all = groups.length > 0 ? groups.join(' AND ') : '""';
  return { dialect, all, title: `{title} : (${all})` };
}

async function preparePostgresSearch(db: Executor, terms: readonly string[]): Promise<PreparedSearch> {
  const [expanded, edits] = await Promise.all([
    // Each term folded as the index folds it, with the dictionary's words that start with it.
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
}

/**
 * SQLite: up to this many matches, a list sorted otherwise than the index reads its entries reads every match and
 * sorts them; with more, it walks the versions in its order and tests each (at a million versions the two cost the
 * same at some 4,000 matches, and reading 417,000 matches took 540 against 40 ms).
 */
const FEW_MATCHES = 5_000;

/** Whether a search matches so many versions that a list walks the versions in its own order (see `searchMatches`). */
export async function hasManyMatches(db: Executor, search: PreparedSearch): Promise<boolean> {
  if (search.dialect === 'postgres') return true;
  // The index stops at the limit: about a millisecond for a common word.
  const found = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM asset_fts WHERE asset_fts MATCH ${search.all} LIMIT ${FEW_MATCHES + 1})`.execute(db);
  return Number(found.rows[0]?.n ?? 0) > FEW_MATCHES;
}

/**
 * The WHERE condition "the version matches every word of the search" on `asset_localization as l`, for a list sorted
 * otherwise than the search's source reads. SQLite, `isWalked`: the list walks the versions in its order and tests
 * each (it collects the matches once; the unary plus keeps it from reading the versions by their search keys
 * instead). PostgreSQL: the version also has the `filters`' words (`filterWords`); its planner chooses itself between
 * the search index and the list's.
 */
export function searchMatches(search: PreparedSearch, options: { isWalked: boolean; filters?: string | undefined }): RawBuilder<boolean> {
  if (search.dialect === 'sqlite') {
    const match = withSqliteFilters(search.all, options.filters);
    return options.isWalked ? sql<boolean>`+l.search_key IN (SELECT rowid FROM asset_fts WHERE asset_fts MATCH ${match})` : sqliteMatches(match);
  }
  return sql<boolean>`(${searchedVector}) @@ (${search.all}::tsquery${options.filters ? sql` && ${options.filters}::tsquery` : sql``})`;
}

/** Which versions of a search a query reads: every match, those matching in the title, or the others. */
export type SearchPart = 'all' | 'title' | 'rest';

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

/** Which matches of a search one query reads: SQLite all at once; PostgreSQL those of some of its windows. */
export interface SearchSlice {
  windows?: readonly RecencyWindow[];
}

/**
 * The slices of a search that a page reads one after another, newest first, until it is full: SQLite's whole index
 * (which returns its entries newest first); PostgreSQL's windows one at a time, from the one that holds `before` (an
 * edit time) on, each read and sorted whole. Reading them in one query would sort by window first, and a sort reads
 * into the next window to find where one ends.
 */
export function pageSlices(search: PreparedSearch, before?: string | number): SearchSlice[] {
  if (search.dialect === 'sqlite') return [{}];
  const beforeDay = typeof before === 'string' ? before.slice(0, 10) : undefined;
  return search.windows.filter((window) => !beforeDay || window.from <= beforeDay).map((window) => ({ windows: [window] }));
}

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
 * How a query reads the matches of a search, newest first: SQLite starts from the index (`asset_fts as f`, joined to
 * `l` by the version's key); PostgreSQL from its recency windows (`w`, newest first: those of `slice`, or for a
 * count its wider ones), asking the index of the versions' `searchedVector` or, `fromEntries`, of the search
 * entries' `entryVector`, for the matches of each window in turn that also have the `filters`' words (`filterWords`).
 */
export function searchSource(search: PreparedSearch, part: SearchPart, slice: SearchSlice = {}, options: { filters?: string | undefined; fromEntries?: boolean } = {}): SearchSource {
  if (search.dialect === 'sqlite') {
    const match = withSqliteFilters({ all: search.all, title: search.title, rest: `(${search.all}) NOT (${search.title})` }[part], options.filters);
    return { table: sql`asset_fts`, condition: sql<boolean>`f.asset_fts MATCH ${match} AND l.search_key = f.rowid`, recency: sql<number>`f.rowid`, window: undefined, isRecencyUnique: true };
  }
  const { filters, fromEntries = false } = options;
  const vector = fromEntries ? entryVector : searchedVector;
  // The entries are partitioned by month (migration 018): the window's days also as a range, by which PostgreSQL reads
  // only the partitions of the window's months. The versions keep their day words alone: a range on their
  // `updated_at` might tempt the planner to walk the list index instead of the search index.
  const inDays = fromEntries ? sql` AND l.updated_at COLLATE "C" >= w.since AND l.updated_at COLLATE "C" < w.until` : sql``;
  const inWindow = (query: string) => sql<boolean>`((${vector}) @@ (${query}::tsquery${filters ? sql` && ${filters}::tsquery` : sql``} && w.recent)${inDays})`;
  const condition = { all: inWindow(search.all), title: inWindow(search.title), rest: sql<boolean>`(${inWindow(search.all)} AND NOT ((${vector}) @@ ${search.title}::tsquery))` }[part];
  const windows = slice.windows ?? countWindows(search.windows);
  const numbered = windows.map((window, index) => sql`(${sql.lit(windows.length - index)}, ${window.query}::tsquery, ${window.from}, ${dayAfter(window.to)})`);
  const values = numbered.length > 0 ? sql.join(numbered) : sql`(0, NULL::tsquery, '', '')`;
  // The ORDER BY keeps the windows' order through the join, so that ordering by `w.k` needs no sort.
  const table = sql`(SELECT * FROM (VALUES ${values}) v (k, recent, since, until) ORDER BY k DESC)`;
  // Recency as an expression no index holds: a window is read from the search index and its matches sorted. Ordered
  // by the bare column, the planner may instead walk the list index newest first and test every version against the
  // search, which for a window with few matches reads the whole table (5.6 s at 1,000,000 versions).
  return { table, condition, recency: sql<string>`(l.updated_at || '')`, window: sql<number>`w.k`, isRecencyUnique: false };
}
