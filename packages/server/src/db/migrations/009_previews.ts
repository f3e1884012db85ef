import type { Kysely } from 'kysely';

/**
 * Live previews (spec 002 §2, §4): the content a preview POST sent, stored under a random token for a short time so
 * that any server instance can render the page and feature card the side panel's frame asks for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('preview')
    .addColumn('token', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('preview_expires_idx').on('preview').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('preview').execute();
}
