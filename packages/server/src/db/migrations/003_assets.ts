import type { Kysely } from 'kysely';

/**
 * Assets (DESIGN §6): a container per asset and one version per locale, keyed `{id}-{locale}`.
 * Columns that lists filter and sort on are real columns; content and meta are JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('asset')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('stencil', 'varchar(64)', (col) => col.notNull())
    .addColumn('embargo_start', 'varchar(32)')
    .addColumn('embargo_end', 'varchar(32)')
    .addColumn('external_reference', 'text')
    .addColumn('music_import', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(255)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('asset_space')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('space', 'varchar(100)', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_space_pk', ['asset_id', 'space'])
    .execute();
  await db.schema.createIndex('asset_space_space_idx').on('asset_space').columns(['space', 'asset_id']).execute();

  await db.schema
    .createTable('asset_localization')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('stencil', 'varchar(64)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('meta', 'text', (col) => col.notNull())
    .addColumn('changed_properties', 'text', (col) => col.notNull())
    .addColumn('published_content', 'text')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('first_published_at', 'varchar(32)')
    .addColumn('last_published_at', 'varchar(32)')
    .addColumn('last_shipped_at', 'varchar(32)')
    .addColumn('publish_start', 'varchar(32)')
    .addColumn('publish_end', 'varchar(32)')
    .addPrimaryKeyConstraint('asset_localization_pk', ['asset_id', 'locale'])
    .execute();
  for (const column of ['updated_at', 'created_at', 'last_published_at']) {
    await db.schema.createIndex(`asset_localization_${column}_idx`).on('asset_localization').columns([column, 'asset_id', 'locale']).execute();
  }
  await db.schema.createIndex('asset_localization_status_idx').on('asset_localization').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('asset_localization_stencil_idx').on('asset_localization').columns(['stencil', 'updated_at']).execute();
  await db.schema.createIndex('asset_localization_locale_idx').on('asset_localization').columns(['locale', 'updated_at']).execute();
  await db.schema.createIndex('asset_localization_created_by_idx').on('asset_localization').columns(['created_by', 'updated_at']).execute();

  await db.schema
    .createTable('asset_history')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('changed_properties', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('if_match', 'integer')
    .addPrimaryKeyConstraint('asset_history_pk', ['asset_id', 'locale', 'version'])
    .execute();

  await db.schema
    .createTable('bookmark')
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('bookmark_pk', ['user_id', 'asset_id', 'locale'])
    .addForeignKeyConstraint('bookmark_localization_fk', ['asset_id', 'locale'], 'asset_localization', ['asset_id', 'locale'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('bookmark_asset_idx').on('bookmark').columns(['asset_id', 'locale']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bookmark', 'asset_history', 'asset_localization', 'asset_space', 'asset']) {
    await db.schema.dropTable(table).execute();
  }
}
