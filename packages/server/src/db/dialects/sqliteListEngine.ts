import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { sqliteFilterWord } from './fullText.ts';
import { joinedIntegersOf } from './joinedIntegers.ts';
import { booleanParam, jsonHasValue, jsonValue } from './json.ts';
import {
  CARD_COLUMNS,
  COLUMN_FACETS,
  VERSION_SEPARATOR,
  byCountThenId,
  combinationOf,
  filterWordGroups,
  joinedCombination,
  type CardRow,
  type CountRow,
  type ListEngine,
  type PreparedSearch,
  type SetFacet,
  type TagCount,
} from './listEngine.ts';

/**
 * The list engine on SQLite: an FTS5 table (`asset_fts`, its row id stored on the version as `search_key`) whose
 * entries are numbered in the order they were written, which is the order of edits; the stencil, locale and status
 * of each version as words of its entry's `filters` column (migration 029); tag numbers listed on each version
 * (migration 017), counted in the server. docs/list-engine.md draws it.
 */

type SqliteSearch = Extract<PreparedSearch, { dialect: 'sqlite' }>;

function sqliteSearch(search: PreparedSearch): SqliteSearch {
  if (search.dialect !== 'sqlite') throw new Error('A PostgreSQL search reached the SQLite list engine');
  return search;
}

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** An FTS5 expression that also asks for the filters' words (`filterWords`). */
const withFilters = (expression: string, filters: string | undefined) => (filters ? `(${expression}) AND ${filters}` : expression);

/** The WHERE condition "the version's entry matches this FTS5 expression" on `asset_localization as l`. */
const matches = (expression: string) => sql<boolean>`l.search_key IN (SELECT rowid FROM asset_fts WHERE asset_fts MATCH ${expression})`;

/** Beyond this many words, a prefix is left to the index, which reads all their postings first. */
const MAX_PREFIX_WORDS = 64;

/**
 * Up to this many matches, a list sorted otherwise than the index reads its entries reads every match and sorts them;
 * with more, it walks the versions in its order and tests each (at a million versions the two cost the same at some
 * 4,000 matches, and reading 417,000 matches took 540 against 40 ms).
 */
const FEW_MATCHES = 5_000;

/** Whether a search matches so many versions that a list walks the versions in its own order (see `searchMatches`). */
async function hasManyMatches(db: Kysely<DB>, search: SqliteSearch): Promise<boolean> {
  // The index stops at the limit: about a millisecond for a common word.
  const found = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM asset_fts WHERE asset_fts MATCH ${search.all} LIMIT ${FEW_MATCHES + 1})`.execute(db);
  return Number(found.rows[0]?.n ?? 0) > FEW_MATCHES;
}

/** Above every sort value (they are timestamps or empty): the last code point. */
const LAST_SORT_VALUE = '\u{10FFFF}';

/** The facet of the row that carries the counted versions' tag numbers. */
const TAG_NUMBERS = 'tag_numbers';
/** The facet of a counted set's combinations row: `set:` and the set's name. */
const SET_PREFIX = 'set:';

const COMMA = 44;
const ZERO = 48;
/** Adds one to a tag number's count for each entry of `joined` (`3,17,250`, as the tag numbers row brings them). */
function addTagNumbers(counted: Map<number, number>, joined: string): void {
  let number = 0;
  let hasDigits = false;
  for (let index = 0; index <= joined.length; index++) {
    const code = index < joined.length ? joined.charCodeAt(index) : COMMA;
    if (code !== COMMA) {
      number = number * 10 + code - ZERO;
      hasDigits = true;
    } else if (hasDigits) {
      counted.set(number, (counted.get(number) ?? 0) + 1);
      number = 0;
      hasDigits = false;
    }
  }
}

/**
 * The `limit` most used tags of counted tag numbers, as ids (`asset_tag_number`). Only the numbers that can be among
 * the first `limit`, ties included, are looked up; the ids then break the ties.
 */
async function leadingTags(db: Kysely<DB>, counted: ReadonlyMap<number, number>, limit: number): Promise<TagCount[]> {
  const byCount = [...counted].toSorted((a, b) => b[1] - a[1]);
  const least = byCount[Math.min(limit, byCount.length) - 1]?.[1];
  if (least === undefined) return [];
  const leading = byCount.filter(([, count]) => count >= least);
  const named = await sql<{ number: number; tag_id: string }>`SELECT number, tag_id FROM asset_tag_number
    WHERE number IN (SELECT value FROM json_each(${JSON.stringify(leading.map(([number]) => number))}))`.execute(db);
  const idOf = new Map(named.rows.map((row) => [row.number, row.tag_id]));
  return leading
    .flatMap(([number, count]) => {
      const id = idOf.get(number);
      return id === undefined ? [] : [{ id, count }];
    })
    .toSorted(byCountThenId)
    .slice(0, limit);
}

/** The rows of the facets (and the total) a set is counted for, from its joined combinations. */
function combinationsOf(joined: string, facetsOfSet: readonly SetFacet[]): CountRow[] {
  const versionsOf = new Map<string, number>();
  if (joined) for (const combination of joined.split(VERSION_SEPARATOR)) versionsOf.set(combination, (versionsOf.get(combination) ?? 0) + 1);
  return [...versionsOf].flatMap(([combination, n]) => {
    const row = combinationOf(combination);
    return facetsOfSet.map((facet) => (facet === 'total' ? { facet, bucket: null, n } : { facet, bucket: row[facet === 'space' ? 'spaces' : COLUMN_FACETS[facet]], n }));
  });
}

export const sqliteListEngine: ListEngine = {
  jsonValue: (column, path, kind) => jsonValue('sqlite', column, path, kind),
  jsonHasValue: (column, path) => jsonHasValue('sqlite', column, path),
  booleanParam: (value) => booleanParam('sqlite', value),

  /**
   * Each term folded by the index's own tokenizer; a prefix that stands for a few indexed words (`asset_search_word`)
   * is searched as those words, which the index reads lazily, newest first, and stops once a page is full. A prefix
   * term would read every posting of its words before the first match.
   */
  async prepareSearch(db, terms) {
    const folded = await sql<{ token: string }>`SELECT token FROM asset_search_tokenizer WHERE input = ${terms.join(' ')}`.execute(db);
    const groups: string[] = [];
    for (const { token } of folded.rows) {
      const words = await sql<{ word: string }>`SELECT word FROM asset_search_word WHERE word >= ${token} AND word < ${`${token}\u{10FFFF}`} ORDER BY word LIMIT ${MAX_PREFIX_WORDS + 1}`.execute(db);
      // No known word (a dictionary that missed one) or too many: the index's own prefix search, slower but complete.
      const isExpandable = words.rows.length > 0 && words.rows.length <= MAX_PREFIX_WORDS;
      groups.push(isExpandable ? `(${words.rows.map((row) => quoted(row.word)).join(' OR ')})` : `${quoted(token)}*`);
    }
    const all = groups.length > 0 ? groups.join(' AND ') : '""';
    return { dialect: 'sqlite', all, title: `{title} : (${all})` };
  },

  fullTextMatches: (terms) => matches(terms.map((term) => `${quoted(term)}*`).join(' ')),

  /** An FTS5 expression on the entries' `filters` column (`{filters} : (s73746f7279 OR s766964656f) AND {filters} : (l6465)`). */
  filterWords(...filters) {
    const groups = filterWordGroups(filters).map(([prefix, values]) => `{filters} : (${values.map((value) => sqliteFilterWord(prefix, value)).join(' OR ')})`);
    return groups.length > 0 ? groups.join(' AND ') : undefined;
  },

  /**
   * `isWalked`: the list walks the versions in its order and tests each (it collects the matches once; the unary plus
   * keeps it from reading the versions by their search keys instead).
   */
  searchMatches(prepared, options) {
    const match = withFilters(sqliteSearch(prepared).all, options.filters);
    return options.isWalked ? sql<boolean>`+l.search_key IN (SELECT rowid FROM asset_fts WHERE asset_fts MATCH ${match})` : matches(match);
  },

  /** The index, read first as `asset_fts f` and joined to `l` by the version's key, newest entry first. */
  searchSource(prepared, input) {
    const search = sqliteSearch(prepared);
    const match = withFilters({ all: search.all, title: search.title, rest: `(${search.all}) NOT (${search.title})` }[input.part], input.filters);
    return { table: sql`asset_fts`, condition: sql<boolean>`f.asset_fts MATCH ${match} AND l.search_key = f.rowid`, recency: sql<number>`f.rowid`, window: undefined, isRecencyUnique: true };
  },

  /** The whole index at once: it returns its entries newest first. */
  pageSlices: () => [{}],

  recencyOf(text) {
    const recency = Number(text);
    return Number.isSafeInteger(recency) ? recency : undefined;
  },

  /**
   * A bound every version meets, as a cursor's is, makes SQLite weigh walking the sort's index against the others.
   * Without it, `stencil = athlete` took another index and sorted every athlete, each tested against the matches: 210
   * against 33 ms at a million versions. A selective condition still wins.
   */
  walkedSearchBound: (sort) => sql<boolean>`${sort} <= ${LAST_SORT_VALUE}`,

  hasSearchEntries: false,

  /** The index's entries come newest first: a count reads them in that order and stops at the cap. */
  searchCountRoute: async () => 'bySearch',

  /**
   * The entries are in the order they were written, which a publish does not change, so no page by last edit reads
   * them: a page walks the versions when the words are common and reads every match when they are few.
   */
  async searchPageRoute(db, search) {
    return (await hasManyMatches(db, sqliteSearch(search))) ? 'newest' : 'byMatches';
  },

  countsKeptMatchesOnly: false,

  pagesByMatchKeys: true,

  /**
   * One text of comma-joined row ids, in the index's own order: handed over and read in a fraction of the time of as
   * many rows, and parsed on the reader's thread (`joinedIntegers.ts`). Asking for the newest first, or for some of
   * them, took two to four times as long (FTS5 at 100,000 versions: 11 ms for a word in 40 % of them, 25 newest
   * first, 46 for the newest 16,384).
   */
  async readMatchKeys(db, search, after) {
    const from = after === undefined ? sql`` : sql` AND rowid > ${after}`;
    const found = await sql<{ keys__integers: Float64Array | string | null }>`SELECT group_concat(rowid) AS keys__integers FROM asset_fts WHERE asset_fts MATCH ${sqliteSearch(search).all}${from}`.execute(db);
    return joinedIntegersOf(found.rows[0]?.keys__integers);
  },

  /** The index reads the range between the lowest and the highest key (they are recent entries, close together). */
  async filterMatchKeys(db, search, keys) {
    const [lowest, highest] = [keys[0], keys.at(-1)];
    if (lowest === undefined || highest === undefined) return [];
    const found = await sql<{ keys__integers: Float64Array | string | null }>`SELECT group_concat(rowid) AS keys__integers FROM asset_fts
      WHERE asset_fts MATCH ${sqliteSearch(search).all} AND rowid >= ${lowest} AND rowid <= ${highest}`.execute(db);
    const wanted = new Set(keys);
    return [...joinedIntegersOf(found.rows[0]?.keys__integers)].filter((key) => wanted.has(key));
  },

  /**
   * Kept when every word is one the dictionary knows: such words are the titles' and texts', which change only with a
   * new entry. A prefix left to the index (`word*`) could also match the entry's filter words, rewritten in place.
   */
  matchCacheKey: (search) => {
    const { all } = sqliteSearch(search);
    return all.includes('*') ? undefined : all;
  },

  /** The keys come as one JSON parameter, so the statement's text is the same for every page and prepared once. */
  async readCards(db, input) {
    if (input.keys.length === 0) return [];
    const keys = JSON.stringify(input.keys.map((key) => [key.id, key.locale]));
    const found = await sql<CardRow>`SELECT ${CARD_COLUMNS},
        (SELECT json_group_array(s.space ORDER BY s.space) FROM asset_space s WHERE s.asset_id = l.asset_id) AS spaces,
        (SELECT json_group_array(json_array(o.locale, o.status) ORDER BY o.created_at, o.locale) FROM asset_localization o WHERE o.asset_id = l.asset_id) AS locales,
        EXISTS (SELECT 1 FROM bookmark b WHERE b.user_id = ${input.userId} AND b.asset_id = l.asset_id AND b.locale = l.locale) AS bookmarked
      FROM json_each(${keys}) k
      JOIN asset_localization l ON l.asset_id = k.value ->> 0 AND l.locale = k.value ->> 1
      JOIN asset a ON a.id = l.asset_id`.execute(db);
    return found.rows;
  },

  async readTitles(db, ids) {
    if (ids.length === 0) return [];
    const found = await sql<{ asset_id: string; title: string | null; spaces: string }>`SELECT k.value AS asset_id,
        (SELECT l.title FROM asset_localization l WHERE l.asset_id = k.value ORDER BY l.locale = 'en' DESC, l.created_at LIMIT 1) AS title,
        (SELECT json_group_array(s.space) FROM asset_space s WHERE s.asset_id = k.value) AS spaces
      FROM json_each(${JSON.stringify(ids)}) k`.execute(db);
    return found.rows.flatMap((row) => (row.title === null ? [] : [{ ...row, title: row.title }]));
  },

  mergesCountRows: false,
  splitsCounting: false,
  materialization: () => 'MATERIALIZED',

  /** The list indexes hold `listed_tag_numbers` (migration 017; only its triggers write it, so it is not in the schema's types). */
  tagColumns: [sql<string>`l.listed_tag_numbers`.as('listed_tag_numbers')],

  /**
   * The tag numbers of a set of counted versions `m`, comma-joined into one text, which `readCountRows` counts in the
   * server: for the newest 10,001 versions at a million, 3 ms in all against 7 for grouping them through `json_each`.
   */
  countTags: (counted) =>
    sql`SELECT ${sql.lit(TAG_NUMBERS)} AS facet, coalesce(group_concat(m.listed_tag_numbers, ','), '') AS bucket, count(*) AS n FROM ${sql.table(counted)} m WHERE m.listed_tag_numbers <> ''`,

  /**
   * The values of all the columns of `asset_list_count` of each version of `m`, joined into one text, which
   * `readCountRows` groups: a third of the time SQLite took to group the 10,001 versions by five columns.
   */
  countFacets: (counted) =>
    sql`SELECT ${sql.lit(`${SET_PREFIX}${counted}`)} AS facet, coalesce(group_concat(${joinedCombination('m')}, ${VERSION_SEPARATOR}), '') AS bucket, count(*) AS n FROM ${sql.table(counted)} m`,

  async readCountRows(db, rows, input) {
    const plain: CountRow[] = [];
    const tagNumbers = new Map<number, number>();
    for (const row of rows) {
      if (row.facet === TAG_NUMBERS) addTagNumbers(tagNumbers, row.bucket === null ? '' : String(row.bucket));
      else if (row.facet.startsWith(SET_PREFIX)) plain.push(...combinationsOf(String(row.bucket), input.facetsOf(row.facet.slice(SET_PREFIX.length))));
      else plain.push(row);
    }
    return { rows: plain, tags: await leadingTags(db, tagNumbers, input.tagLimit) };
  },
};
