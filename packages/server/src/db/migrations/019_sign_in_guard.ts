import type { Kysely } from 'kysely';

/**
 * Failed sign-ins of the embedded provider, counted per account and per client address, and the server's own secrets
 * (the key that signs the list's page links): both in the database so that every server instance shares them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failure')
    .addColumn('key', 'varchar(320)', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_failure_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
  await db.schema.createIndex('sign_in_failure_last_idx').on('sign_in_failure').column('last_failure_at').execute();
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'varchar(255)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secret').execute();
  await db.schema.dropTable('sign_in_failure').execute();
}
