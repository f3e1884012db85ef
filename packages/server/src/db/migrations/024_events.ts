import type { Kysely } from 'kysely';

/**
 * The events store (spec 001 §3 Event) the dashboard's Event Opportunities and the event wizard search: one row per
 * event, times as ISO-8601 UTC text with the event's own time zone beside them. `locales` and `spaces` are written
 * `,a,b,` so that a list of them is matched with LIKE in both dialects; `search_text` is the lower-cased text that
 * `searchTerm` matches (title, series, city, country).
 *
 * Three indexes serve the dashboard: the newest publishes of the trending panel (publish time, with the status,
 * stencil and locale its filters test before a row is read), the edits of an asset within its window, and the athletes
 * panel's newest versions of a stencil in a status (whose count and newest write also tell tag suggestions that a
 * stencil's tags changed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('mepp_ref', 'varchar(100)')
    .addColumn('rbu_ref', 'varchar(100)')
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('locales', 'varchar(500)', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('spaces', 'varchar(500)', (col) => col.notNull())
    .addColumn('start_utc', 'varchar(32)', (col) => col.notNull())
    .addColumn('end_utc', 'varchar(32)', (col) => col.notNull())
    .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .addColumn('country_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('city', 'varchar(100)', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('series', 'varchar(300)')
    .addColumn('hosted_by_product', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('image_url', 'varchar(1000)')
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_start_idx').on('event').columns(['start_utc', 'id']).execute();
  await db.schema.createIndex('event_end_idx').on('event').columns(['end_utc', 'id']).execute();
  await db.schema.createIndex('asset_localization_published_idx').on('asset_localization').columns(['last_published_at', 'status', 'stencil', 'locale', 'asset_id']).execute();
  await db.schema.createIndex('asset_localization_stencil_created_idx').on('asset_localization').columns(['stencil', 'status', 'created_at', 'asset_id', 'locale', 'updated_at']).execute();
  await db.schema.createIndex('asset_history_asset_at_idx').on('asset_history').columns(['asset_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('asset_history_asset_at_idx').execute();
  await db.schema.dropIndex('asset_localization_stencil_created_idx').execute();
  await db.schema.dropIndex('asset_localization_published_idx').execute();
  await db.schema.dropTable('event').execute();
}
