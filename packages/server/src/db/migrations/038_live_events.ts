import type { Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';

/**
 * Live updates (docs/editor.md#presence-and-live-updates): every write to an asset that editors may be watching, kept a few minutes so that a
 * browser which lost its stream resumes after the last event it saw (Last-Event-ID), on whichever instance it reaches.
 * `id` orders the events across instances; `spaces` (JSON array) decides who may hear of it; `data` is the event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('live_event')
    .addColumn('id', isSqlite ? 'integer' : 'bigserial', (col) => (isSqlite ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('asset_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('spaces', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .execute();
  // The pruning finds old events by their date.
  await db.schema.createIndex('live_event_at_idx').on('live_event').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_event').execute();
}
