import type { Kysely } from 'kysely';

/**
 * Events written through the reference-data API and its imports (an iCalendar UID, a CSV row's id) are known by the
 * id their source gives them: `external_id`, unique where given, so that an upsert by it finds the one event.
 * Events written before (the demo calendar of earlier starts) have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event').addColumn('external_id', 'varchar(200)').execute();
  await db.schema.createIndex('event_external_id_idx').on('event').column('external_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_external_id_idx').execute();
  await db.schema.alterTable('event').dropColumn('external_id').execute();
}
