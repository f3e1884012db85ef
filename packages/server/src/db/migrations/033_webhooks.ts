import type { Kysely } from 'kysely';

/**
 * Webhooks: the endpoints technical admins register, and the outbox their deliveries are sent from. A change that
 * causes an event writes one `webhook_delivery` row per subscribed endpoint in its own transaction; the delivery
 * worker claims due rows (`next_attempt_at`), sends them and records each try in `webhook_attempt`. `events` and
 * `spaces` are JSON arrays (`spaces` null: every space); `data` is the event without its delivery URL; times are ISO.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('spaces', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('secret', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(255)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'varchar(36)', (col) => col.notNull().references('webhook_endpoint.id').onDelete('cascade'))
    .addColumn('event_type', 'varchar(64)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    // pending, succeeded or failed.
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    // Tries since it was queued or last resent; the backoff grows with them.
    .addColumn('attempts', 'integer', (col) => col.notNull())
    // When a pending delivery is due; while a worker holds it, when its claim lapses.
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    // The worker's claim while a try is under way; null otherwise.
    .addColumn('claimed_by', 'varchar(36)')
    // No try is scheduled after this: 24 hours after it was queued or resent.
    .addColumn('retry_until', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('webhook_delivery_due_idx').on('webhook_delivery').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_delivery_log_idx').on('webhook_delivery').columns(['endpoint_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('webhook_attempt')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('delivery_id', 'varchar(36)', (col) => col.notNull().references('webhook_delivery.id').onDelete('cascade'))
    .addColumn('attempted_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('webhook_attempt_delivery_idx').on('webhook_attempt').columns(['delivery_id', 'attempted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempt').execute();
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
}
