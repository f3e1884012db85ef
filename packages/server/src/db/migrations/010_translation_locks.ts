import type { Kysely } from 'kysely';

/**
 * AI translation locks (spec 002 §4 translate modal): one row per asset and target locale while an AI translation
 * runs, held in the database so that every server instance sees it. A lock goes with its asset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_lock')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('token', 'varchar(36)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('translation_lock_pk', ['asset_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_lock').execute();
}
