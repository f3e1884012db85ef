import type { Kysely } from 'kysely';

/**
 * Image uploads of the embedded image service (spec 000 §4, §7): one row per accepted upload. The signature column is
 * unique, so a signed form is used once even when several server instances receive it at the same moment.
 * No foreign key to the asset: the upload comes before its asset is saved, and the delete path removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('public_id', 'varchar(160)', (col) => col.notNull())
    .addColumn('signature', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('space', 'varchar(100)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(36)')
    .addColumn('localization', 'varchar(20)')
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('format', 'varchar(8)', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('upload_public_id_idx').on('upload').column('public_id').execute();
  await db.schema.createIndex('upload_asset_idx').on('upload').columns(['asset_id', 'localization']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload').execute();
}
