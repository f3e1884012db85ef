import type { Kysely } from 'kysely';

/**
 * The audit log: security-relevant events (sign-ins, refused calls, publishes, deletes, rights changes), one row each.
 * The id begins with the entry's time, so ordering by id is ordering by time and pages are keyset pages on one column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('event', 'varchar(40)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)')
    .addColumn('client_address', 'varchar(64)')
    .addColumn('target', 'varchar(300)')
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_event_idx').on('audit_log').columns(['event', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
