import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/** The tagging inputs when this migration was written (modules/assets/tagging.ts); a migration keeps its own copy. */
const TAGGING_INPUTS = ['disciplines', 'content-categories', 'lsc', 'tags'];

/** The list indexes of migration 007, and the columns they cover before `tag_ids` joins them. */
const LIST_INDEXES = [
  { name: 'asset_localization_list_idx', columns: ['updated_at', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'], unique: false },
  { name: 'asset_localization_facets_idx', columns: ['spaces', 'stencil', 'locale', 'status', 'infographic', 'updated_at', 'asset_id'], unique: false },
  { name: 'asset_localization_search_key_idx', columns: ['search_key', 'asset_id', 'locale', 'stencil', 'status', 'infographic', 'spaces'], unique: true },
] as const;

/**
 * Every version keeps the targets of its tagging references as a JSON array (`tag_ids`, written with the references):
 * the list's tag buckets count it over the newest 10,001 matching versions instead of probing `asset_reference` once
 * per version. SQLite: the list's covering indexes take the column, so the counted versions are read from the index
 * alone. PostgreSQL reads it from the table: a B-tree entry may not exceed about 2.7 kB, which a version with many
 * tags would.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('asset_localization').addColumn('tag_ids', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  // As the application writes it: one entry per reference, sorted, JSON without spaces.
  const idsOf = dialect === 'sqlite' ? sql`json_group_array(r.target_id ORDER BY r.target_id)` : sql`'[' || string_agg(to_json(r.target_id)::text, ',' ORDER BY r.target_id) || ']'`;
  await sql`UPDATE asset_localization SET tag_ids = t.ids
    FROM (SELECT r.asset_id, r.locale, ${idsOf} AS ids FROM asset_reference r WHERE r.input IN (${sql.join(TAGGING_INPUTS)}) GROUP BY r.asset_id, r.locale) t
    WHERE asset_localization.asset_id = t.asset_id AND asset_localization.locale = t.locale`.execute(db);
  if (dialect === 'sqlite') await recreateIndexes(db, ['tag_ids']);
}

async function recreateIndexes(db: Kysely<unknown>, extra: readonly string[]): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const builder = db.schema.createIndex(index.name).on('asset_localization').columns([...index.columns, ...extra]);
    await (index.unique ? builder.unique() : builder).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await recreateIndexes(db, []);
  await db.schema.alterTable('asset_localization').dropColumn('tag_ids').execute();
}
