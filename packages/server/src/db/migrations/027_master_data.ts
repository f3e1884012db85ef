import type { Kysely } from 'kysely';

/**
 * The master-data store the import by domain, model and master id reads (spec 002 §7): one record per
 * (domain, model, master id), with the locale and space its asset is created in and the content values it fills,
 * as JSON text. The demo seeds it; an installation fed by a real master-data system writes the same rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('master_data_record')
    .addColumn('domain', 'varchar(16)', (col) => col.notNull())
    .addColumn('model', 'varchar(16)', (col) => col.notNull())
    .addColumn('master_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('program', 'varchar(16)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('space', 'varchar(100)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('master_data_record_pk', ['domain', 'model', 'master_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('master_data_record').execute();
}
