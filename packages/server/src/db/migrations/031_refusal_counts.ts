import { sql, type Kysely } from 'kysely';

/**
 * Refusals are counted instead of written one by one: an audit entry may stand for many refusals of one minute, one
 * address and one reason (`count`, and the first and last of them; `at` is then the minute). Sign-in throttling counts
 * per account and address pair and per device as well, so its rows name the account and the address they concern,
 * which a technical admin's unlock clears. The old policy's rows go: its account locks are what this replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('count', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('audit_log').addColumn('first_at', 'varchar(32)').execute();
  await db.schema.alterTable('audit_log').addColumn('last_at', 'varchar(32)').execute();

  await sql`DELETE FROM sign_in_failure`.execute(db);
  await db.schema.alterTable('sign_in_failure').addColumn('account', 'varchar(256)').execute();
  await db.schema.alterTable('sign_in_failure').addColumn('address', 'varchar(64)').execute();
  await db.schema.createIndex('sign_in_failure_account_idx').on('sign_in_failure').column('account').execute();
  await db.schema.createIndex('sign_in_failure_address_idx').on('sign_in_failure').column('address').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_in_failure_address_idx').execute();
  await db.schema.dropIndex('sign_in_failure_account_idx').execute();
  await db.schema.alterTable('sign_in_failure').dropColumn('address').execute();
  await db.schema.alterTable('sign_in_failure').dropColumn('account').execute();
  await db.schema.alterTable('audit_log').dropColumn('last_at').execute();
  await db.schema.alterTable('audit_log').dropColumn('first_at').execute();
  await db.schema.alterTable('audit_log').dropColumn('count').execute();
}
