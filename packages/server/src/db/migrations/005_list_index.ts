import type { Kysely } from 'kysely';

/**
 * A covering index for lists sorted by last edit: the page, the capped total and the facet counts read the newest
 * versions' keys and facet columns from the index alone, without visiting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('asset_localization_updated_at_idx').execute();
  await db.schema
    .createIndex('asset_localization_list_idx')
    .on('asset_localization')
    .columns(['updated_at', 'asset_id', 'locale', 'stencil', 'status', 'infographic'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('asset_localization_list_idx').execute();
  await db.schema.createIndex('asset_localization_updated_at_idx').on('asset_localization').columns(['updated_at', 'asset_id', 'locale']).execute();
}
