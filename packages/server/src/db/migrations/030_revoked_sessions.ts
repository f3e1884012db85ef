import type { Kysely } from 'kysely';

/**
 * Sign-ins that have ended before their ID tokens expire (a sign-out): the server refuses the tokens a row names until
 * the row expires. One row per session (the token's `sid`, else the token itself); `issued_until` and `expires_at` are
 * epoch seconds, like the tokens' own `iat` and `exp`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revoked_session')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('issued_until', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revoked_session_expires_idx').on('revoked_session').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revoked_session').execute();
}
