import type { Kysely } from 'kysely';

/**
 * The ZOE localizations (spec 002 §3 Zoe localization) the embed search lists: one row per localization, known by
 * ZOE's 24-hex id (lower case); `language` and `country` as the locale's parts, `country` null for a language alone.
 * Written through the reference-data API and its imports; the demo seed writes the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('zoe_localization')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('engagement', 'varchar(300)', (col) => col.notNull())
    .addColumn('slug', 'varchar(200)', (col) => col.notNull())
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('country', 'varchar(8)')
    .addColumn('fullscreen_ready', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('zoe_localization_language_idx').on('zoe_localization').columns(['language', 'country']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('zoe_localization').execute();
}
