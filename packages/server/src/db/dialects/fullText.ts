import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';

/**
 * Full-text search, the one place where SQLite and PostgreSQL differ most: SQLite keeps an FTS5 table
 * (`asset_fts`), PostgreSQL a weighted `tsvector` column with a GIN index. Titles weigh more than body text.
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

/** Stores the searchable text of one version, replacing what it had. */
export async function writeSearchEntry(db: Executor, dialect: Dialect, entry: { id: string; locale: string; title: string; body: string }): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DELETE FROM asset_fts WHERE asset_id = ${entry.id} AND locale = ${entry.locale}`.execute(db);
    await sql`INSERT INTO asset_fts (title, body, asset_id, locale) VALUES (${entry.title}, ${entry.body}, ${entry.id}, ${entry.locale})`.execute(db);
    return;
  }
  await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', ${entry.title}), 'A') || setweight(to_tsvector('simple', ${entry.body}), 'B')
    WHERE asset_id = ${entry.id} AND locale = ${entry.locale}`.execute(db);
}

export async function deleteSearchEntry(db: Executor, dialect: Dialect, entry: { id: string; locale: string }): Promise<void> {
  // PostgreSQL's column goes with its row.
  if (dialect === 'sqlite') await sql`DELETE FROM asset_fts WHERE asset_id = ${entry.id} AND locale = ${entry.locale}`.execute(db);
}

/** Words of a search text, each as a prefix term: "cliff div" finds "cliff diving". Operators typed by a user are not passed on. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

function sqliteMatch(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '')}"*`).join(' ');
}

function postgresQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
}

/** The WHERE condition of a search on `asset_localization as l`. */
export function fullTextMatches(dialect: Dialect, terms: readonly string[]): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`(l.asset_id, l.locale) IN (SELECT asset_id, locale FROM asset_fts WHERE asset_fts MATCH ${sqliteMatch(terms)})`;
  return sql<boolean>`l.search_vector @@ to_tsquery('simple', ${postgresQuery(terms)})`;
}

/**
 * How to rank a search (higher is better). SQLite ranks in the FTS table, so the page query joins its matches as
 * `f` once (a rank looked up per row would run the search again for every row); PostgreSQL ranks the row's vector.
 */
export function fullTextRanking(dialect: Dialect, terms: readonly string[]): { join?: RawBuilder<unknown>; rank: RawBuilder<number> } {
  if (dialect === 'sqlite') {
    return {
      join: sql`(SELECT asset_id, locale, -bm25(asset_fts, 10.0, 1.0) AS rank FROM asset_fts WHERE asset_fts MATCH ${sqliteMatch(terms)})`,
      rank: sql<number>`f.rank`,
    };
  }
  return { rank: sql<number>`ts_rank(l.search_vector, to_tsquery('simple', ${postgresQuery(terms)}))` };
}

/**
 * Indexes many versions at once from their stored `title` and `search_text` columns (the demo seed, imports):
 * a few statements instead of one or two per version.
 */
export async function writeSearchEntriesFromColumns(db: Executor, dialect: Dialect, assetIds: readonly string[]): Promise<void> {
  for (let start = 0; start < assetIds.length; start += 500) {
    const ids = assetIds.slice(start, start + 500);
    if (dialect === 'sqlite') {
      await sql`DELETE FROM asset_fts WHERE asset_id IN (${sql.join(ids)})`.execute(db);
      await sql`INSERT INTO asset_fts (title, body, asset_id, locale)
        SELECT title, search_text, asset_id, locale FROM asset_localization WHERE asset_id IN (${sql.join(ids)})`.execute(db);
    } else {
      await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', search_text), 'B')
        WHERE asset_id IN (${sql.join(ids)})`.execute(db);
    }
  }
}
