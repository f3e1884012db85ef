import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';

/**
 * Full-text search, the one place where SQLite and PostgreSQL differ most: SQLite keeps an FTS5 table
 * (`asset_fts`, its row id stored on the version as `search_key`), PostgreSQL a weighted `tsvector` column with a GIN
 * index. Titles weigh more than body text.
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

/** SQLite: the version's key as the next entry of the search index, so entries are numbered in the order they were written. */
const nextSearchKey = sql`(SELECT coalesce(max(rowid), 0) + 1 FROM asset_fts)`;

/** SQLite: adds the words of a text to the dictionary that prefix searches expand from, with the index's own tokenizer. */
const addWords = (text: RawBuilder<unknown>) => sql`INSERT OR IGNORE INTO asset_search_word (word) SELECT DISTINCT token FROM asset_search_tokenizer WHERE input = ${text}`;

/** Stores the searchable text of one version, replacing what it had. */
export async function writeSearchEntry(db: Executor, dialect: Dialect, entry: { id: string; locale: string; title: string; body: string }): Promise<void> {
  if (dialect === 'sqlite') {
    const version = sql`asset_id = ${entry.id} AND locale = ${entry.locale}`;
    await sql`DELETE FROM asset_fts WHERE rowid = (SELECT search_key FROM asset_localization WHERE ${version})`.execute(db);
    await sql`UPDATE asset_localization SET search_key = ${nextSearchKey} WHERE ${version}`.execute(db);
    await sql`INSERT INTO asset_fts (rowid, title, body, asset_id, locale) SELECT search_key, ${entry.title}, ${entry.body}, asset_id, locale FROM asset_localization WHERE ${version}`.execute(db);
    await addWords(sql`${`${entry.title} ${entry.body}`}`).execute(db);
    return;
  }
  await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', ${entry.title}), 'A') || setweight(to_tsvector('simple', ${entry.body}), 'B')
    WHERE asset_id = ${entry.id} AND locale = ${entry.locale}`.execute(db);
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
      await sql`INSERT INTO asset_fts (rowid, title, body, asset_id, locale)
        SELECT search_key, title, search_text, asset_id, locale FROM asset_localization WHERE asset_id IN (${ids}) ORDER BY search_key`.execute(db);
      await sql`INSERT OR IGNORE INTO asset_search_word (word)
        SELECT DISTINCT t.token FROM asset_localization l JOIN asset_search_tokenizer t ON t.input = l.title || ' ' || l.search_text WHERE l.asset_id IN (${ids})`.execute(db);
    } else {
      await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', search_text), 'B')
        WHERE asset_id IN (${ids})`.execute(db);
    }
  }
}

/** Words of a search text, each as a prefix term: "cliff div" finds "cliff diving". Operators typed by a user are not passed on. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

function sqliteMatch(terms: readonly string[]): string {
  return terms.map((term) => `${quoted(term)}*`).join(' ');
}

function postgresQuery(terms: readonly string[], weight = ''): string {
  return terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*${weight}`).join(' & ');
}

/** The WHERE condition "the version matches these words" on `asset_localization as l` (EAQL `fulltext ~`). */
export function fullTextMatches(dialect: Dialect, terms: readonly string[]): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`l.search_key IN (SELECT rowid FROM asset_fts WHERE asset_fts MATCH ${sqliteMatch(terms)})`;
  return sql<boolean>`l.search_vector @@ to_tsquery('simple', ${postgresQuery(terms)})`;
}

/**
 * A search, prepared once per request. Relevance has two tiers: versions whose title holds every word, then those
 * that hold them elsewhere; newest first within a tier (SQLite: the order entries were written, which is the order
 * of edits; PostgreSQL: the last edit). Ranking every match by a score would read every match, which at a million
 * versions costs seconds for a common word.
 */
export interface PreparedSearch {
  dialect: Dialect;
  /** SQLite: FTS5 expressions; PostgreSQL: tsquery texts. */
  all: string;
  title: string;
}

/** Beyond this many words, a prefix is left to the index, which reads all their postings first. */
const MAX_PREFIX_WORDS = 64;

/**
 * Prepares the match expressions of search terms. SQLite: FTS5 reads every posting of a prefix term before it
 * returns the first match; a prefix that stands for a few indexed words is searched as those words instead, which
 * the index reads lazily, newest first, and stops reading once a page is full.
 */
export async function prepareSearch(db: Executor, dialect: Dialect, terms: readonly string[]): Promise<PreparedSearch> {
  if (dialect === 'postgres') return { dialect, all: postgresQuery(terms), title: postgresQuery(terms, 'A') };
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

/** Which versions of a search a query reads: every match, those matching in the title, or the others. */
export type SearchPart = 'all' | 'title' | 'rest';

export interface SearchSource {
  /** SQLite: the index, read first as `f`. */
  table: RawBuilder<unknown> | undefined;
  condition: RawBuilder<boolean>;
  /** Orders matches within a tier, newest first. */
  recency: RawBuilder<string | number>;
  /** SQLite's entry numbers are unique, so they order alone, and the index returns them in that order without a sort. */
  isRecencyUnique: boolean;
}

/**
 * How a query reads the matches of a search, newest first: SQLite starts from the index (`asset_fts as f`, joined to
 * `l` by the version's key); PostgreSQL filters `l` by its vector.
 */
export function searchSource(search: PreparedSearch, part: SearchPart): SearchSource {
  if (search.dialect === 'sqlite') {
    const match = { all: search.all, title: search.title, rest: `(${search.all}) NOT (${search.title})` }[part];
    return { table: sql`asset_fts`, condition: sql<boolean>`f.asset_fts MATCH ${match} AND l.search_key = f.rowid`, recency: sql<number>`f.rowid`, isRecencyUnique: true };
  }
  const all = sql<boolean>`l.search_vector @@ to_tsquery('simple', ${search.all})`;
  const title = sql<boolean>`l.search_vector @@ to_tsquery('simple', ${search.title})`;
  const condition = { all, title, rest: sql<boolean>`(${all} AND NOT ${title})` }[part];
  return { table: undefined, condition, recency: sql<string>`l.updated_at`, isRecencyUnique: false };
}
