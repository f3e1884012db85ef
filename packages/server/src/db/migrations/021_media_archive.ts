import type { Kysely } from 'kysely';

/**
 * The media archive (spec 000 §3 media library item, 001 §2.7): one row per image, video or audio file, its stored
 * files as blob keys, and the preview clip markers of a video (spec 002 §3). The indexes serve the archive's
 * newest-first keyset pages by (ingest timestamp, id), alone or per content type or channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_item')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('content_type', 'varchar(8)', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    /** Title and description in lower case, what the archive's words are matched against. */
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('photographer_credit_option', 'varchar(255)')
    .addColumn('campaign_name', 'varchar(255)')
    .addColumn('ingest_timestamp', 'varchar(32)', (col) => col.notNull())
    .addColumn('reference_key_frame', 'varchar(32)')
    .addColumn('channel', 'varchar(40)')
    .addColumn('blocked_countries', 'text', (col) => col.notNull())
    .addColumn('duration', 'real')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('codec', 'varchar(40)')
    .addColumn('renditions_available', 'integer', (col) => col.notNull())
    .addColumn('original_key', 'varchar(160)', (col) => col.notNull())
    .addColumn('original_content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('original_bytes', 'bigint', (col) => col.notNull())
    .addColumn('poster_key', 'varchar(160)')
    .addColumn('very_large_key', 'varchar(160)')
    .addColumn('asset_id', 'varchar(36)')
    .addColumn('last_published_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('media_item_newest_idx').on('media_item').columns(['ingest_timestamp', 'id']).execute();
  await db.schema.createIndex('media_item_type_newest_idx').on('media_item').columns(['content_type', 'ingest_timestamp', 'id']).execute();
  await db.schema.createIndex('media_item_channel_newest_idx').on('media_item').columns(['channel', 'ingest_timestamp', 'id']).execute();

  await db.schema
    .createTable('media_clip_marker')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('media_item_id', 'varchar(36)', (col) => col.notNull().references('media_item.id').onDelete('cascade'))
    .addColumn('inpoint', 'integer', (col) => col.notNull())
    .addColumn('outpoint', 'integer', (col) => col.notNull())
    .addColumn('created_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_clip_marker_item_idx').on('media_clip_marker').columns(['media_item_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_clip_marker').execute();
  await db.schema.dropTable('media_item').execute();
}
