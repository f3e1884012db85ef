import type { Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { createFullTextIndex } from '../dialects/fullText.ts';

/**
 * What lists, search and usage read without parsing content: derived columns of a version, the references between
 * assets, the full-text index, and an index to find what a user edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_localization').addColumn('error_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('asset_localization').addColumn('main_image', 'text').execute();
  await db.schema.alterTable('asset_localization').addColumn('search_text', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('asset_localization').addColumn('infographic', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('asset_reference')
    .addColumn('asset_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('locale', 'varchar(20)', (col) => col.notNull())
    .addColumn('input', 'varchar(100)', (col) => col.notNull())
    .addColumn('target_id', 'varchar(36)', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_reference_pk', ['asset_id', 'locale', 'input', 'target_id'])
    .addForeignKeyConstraint('asset_reference_localization_fk', ['asset_id', 'locale'], 'asset_localization', ['asset_id', 'locale'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('asset_reference_target_idx').on('asset_reference').columns(['target_id', 'input']).execute();

  await db.schema.createIndex('asset_history_user_idx').on('asset_history').columns(['user_name', 'asset_id', 'locale']).execute();
  await createFullTextIndex(db, dialectOf(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_reference').execute();
}
