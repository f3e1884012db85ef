import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * The media archive's search at 100,000 items (docs/performance.md "Media archive"): a content type and channel filter
 * reads its newest items as one range of an index. PostgreSQL also looks the words of `q`, matched anywhere in the
 * title or description (`LIKE '%word%'`), up in pg_trgm's GIN index over `search_text` instead of reading every item;
 * the extension goes to `public`, so that dropping a schema that uses it never drops it for the others. SQLite keeps
 * testing every item, from a narrow covering index: an FTS5 trigram table was slower for the common words of a
 * search (docs/performance.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('media_item_type_channel_newest_idx').on('media_item').columns(['content_type', 'channel', 'ingest_timestamp', 'id']).execute();
  if (dialectOf(db) !== 'postgres') {
    // SQLite tests the words of every item: from this narrow index (all the search's conditions read) rather than
    // from the wide rows, in a quarter of the time at 100,000 items.
    await db.schema.createIndex('media_item_words_idx').on('media_item').columns(['search_text', 'content_type', 'channel']).execute();
    return;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  await sql`CREATE INDEX media_item_words_idx ON media_item USING GIN (search_text public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_item_words_idx').execute();
  await db.schema.dropIndex('media_item_type_channel_newest_idx').execute();
}
