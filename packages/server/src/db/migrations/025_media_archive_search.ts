import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * The media archive's search at 100,000 items (docs/performance.md "Media archive"): a content type and channel filter
 * reads its newest items as one range of an index, and the words of `q`, matched anywhere in the title or description
 * (`LIKE '%word%'`), are looked up in a trigram index instead of read from every item. PostgreSQL: pg_trgm's GIN
 * index over `search_text`, which serves the LIKE itself; the extension goes to `public`, so that dropping a schema
 * that uses it never drops it for the others. SQLite: an FTS5 table with the trigram tokenizer over the same column
 * (external content, kept by triggers), which the search asks for the rows holding each word of 3 or more characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('media_item_type_channel_newest_idx').on('media_item').columns(['content_type', 'channel', 'ingest_timestamp', 'id']).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`CREATE INDEX media_item_words_idx ON media_item USING GIN (search_text public.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE media_item_words USING fts5(search_text, content='media_item', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER media_item_words_insert AFTER INSERT ON media_item BEGIN
    INSERT INTO media_item_words(rowid, search_text) VALUES (new.rowid, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER media_item_words_delete AFTER DELETE ON media_item BEGIN
    INSERT INTO media_item_words(media_item_words, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER media_item_words_update AFTER UPDATE OF search_text ON media_item BEGIN
    INSERT INTO media_item_words(media_item_words, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO media_item_words(rowid, search_text) VALUES (new.rowid, new.search_text);
  END`.execute(db);
  await sql`INSERT INTO media_item_words(media_item_words) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`DROP INDEX media_item_words_idx`.execute(db);
  else {
    for (const trigger of ['media_item_words_insert', 'media_item_words_delete', 'media_item_words_update']) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
    await sql`DROP TABLE media_item_words`.execute(db);
  }
  await db.schema.dropIndex('media_item_type_channel_newest_idx').execute();
}
