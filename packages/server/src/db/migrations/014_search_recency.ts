import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * PostgreSQL: a search reads its matches newest first, a window of days at a time (see `recencyWindows.ts`). The
 * search index takes each version's vector with the recency words of its last edit instead of the vector alone, and
 * a dictionary of the indexed words turns a prefix into the words it stands for: the index reads a prefix as one
 * list of every match before it answers, which for a common word costs more than the windows save. SQLite's FTS5
 * index numbers its entries in the order of edits and has its dictionary since migration 007.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // Byte order, so that a range of words is exactly the words that start with a prefix.
  await sql`CREATE TABLE asset_search_word (word text COLLATE "C" PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO asset_search_word (word)
    SELECT DISTINCT word FROM asset_localization, unnest(tsvector_to_array(search_vector)) AS word WHERE search_vector IS NOT NULL`.execute(db);
  await sql`DROP INDEX asset_localization_search_idx`.execute(db);
  // Written out as it stands here: the queries' expression (`searchedVector`) must keep matching it, which the
  // migration's test checks; a change to it needs a new migration.
  await sql`CREATE INDEX asset_localization_search_recency_idx ON asset_localization USING GIN ((
    search_vector || array_to_tsvector(ARRAY['_d' || left(updated_at, 10), '_m' || left(updated_at, 7), '_y' || left(updated_at, 4)])
  ))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX asset_localization_search_recency_idx`.execute(db);
  await sql`CREATE INDEX asset_localization_search_idx ON asset_localization USING GIN (search_vector)`.execute(db);
  await sql`DROP TABLE asset_search_word`.execute(db);
}
