import type { Kysely } from 'kysely';

/**
 * Who scheduled a transition (the `app_user` id), so that the scheduler runs it with that user's rights at its due
 * time. Rows from before keep null and run as they always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transition').addColumn('user_id', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transition').dropColumn('user_id').execute();
}
