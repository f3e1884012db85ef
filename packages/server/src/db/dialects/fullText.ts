import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';

/**
 * The full-text index, as it is made and written: SQLite keeps an FTS5 table (`asset_fts`, its row id stored on the
 * version as `search_key`), PostgreSQL a weighted `tsvector` column, indexed by GIN together with the recency words of
 * the version's last edit (`searchedVector`). Titles weigh more than body text. Both keep a dictionary of the indexed
 * words (`asset_search_word`) that prefixes expand from. How a list reads it is each database's list engine's
 * (`sqliteListEngine.ts`, `postgresListEngine.ts`).
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
export const sqliteFilterWord = (prefix: string, value: string) => `${prefix}${Buffer.from(value, 'utf8').toString('hex')}`;

/**
 * SQLite: the version's key as the next entry of the search index, so entries are numbered in the order they were
 * written. Above the keys versions still name too: a version written again gets a new key even when its entry, the
 * newest, was just deleted, so matches kept by key (`matchKeyCache.ts`) learn of the change.
 */
const nextSearchKey = sql`(SELECT max(coalesce((SELECT max(rowid) FROM asset_fts), 0), coalesce((SELECT max(search_key) FROM asset_localization), 0)) + 1)`;

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

/**
 * PostgreSQL: the vector the search index holds (migrations 014 and 016) for `asset_localization as l`: a version's
 * words, the recency words of its last edit (`_d2026-11-24`, `_m2026-11`, `_y2026`; see `recencyWindows.ts`) and its
 * stencil, locale and status as words (`_sstory`, `_lde`, `_pdraft`; see the list engine's `filterWords`). A query must use this very
 * expression, with its literals inline, for the index to answer it; the migration's test checks that.
 */
export const searchedVector = sql`l.search_vector || array_to_tsvector(ARRAY['_d' || left(l.updated_at, 10), '_m' || left(l.updated_at, 7), '_y' || left(l.updated_at, 4), '_s' || l.stencil, '_l' || l.locale, '_p' || l.status])`;
