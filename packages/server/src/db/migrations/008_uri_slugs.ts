import type { Kysely } from 'kysely';

/**
 * The URI slug registry (spec 000 §3, §7): a slug is unique per space, slug region locale and URI title and owned by
 * one asset version; at most one pending claim per slug waits for its claiming version to be published. Both go with
 * the version they name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uri_slug')
    .addColumn('slug_id', 'varchar(240)', (col) => col.primaryKey())
    .addColumn('space', 'varchar(100)', (col) => col.notNull())
    .addColumn('region_locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('uri_title', 'varchar(100)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('uri_slug_title_uq', ['space', 'region_locale', 'uri_title'])
    .addForeignKeyConstraint('uri_slug_owner_fk', ['asset_id', 'locale'], 'asset_localization', ['asset_id', 'locale'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('uri_slug_owner_idx').on('uri_slug').columns(['asset_id', 'locale']).execute();

  await db.schema
    .createTable('uri_slug_claim')
    .addColumn('slug_id', 'varchar(240)', (col) => col.primaryKey().references('uri_slug.slug_id').onDelete('cascade'))
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addForeignKeyConstraint('uri_slug_claim_claimer_fk', ['asset_id', 'locale'], 'asset_localization', ['asset_id', 'locale'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('uri_slug_claim_claimer_idx').on('uri_slug_claim').columns(['asset_id', 'locale']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uri_slug_claim').execute();
  await db.schema.dropTable('uri_slug').execute();
}
