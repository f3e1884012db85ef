import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { PREPARED } from '../db/database.ts';

/** A revoked session: tokens under `key` issued at or before `issuedUntil` are refused until `expiresAt` (epoch seconds). */
export interface RevokedSession {
  key: string;
  issuedUntil: number;
  expiresAt: number;
}

/**
 * Whether a token of the session issued at `issuedAt` is revoked at `now`: one primary-key probe, run on every
 * authenticated request, so PostgreSQL keeps it prepared per connection.
 */
export async function isRevoked(db: Kysely<DB>, input: { key: string; issuedAt: number; now: number }): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`${sql.raw(PREPARED)}SELECT 1 AS found FROM revoked_session WHERE key = ${input.key} AND issued_until >= ${input.issuedAt} AND expires_at > ${input.now}`.execute(db);
  return rows.length > 0;
}

/** Records the revocation; a session revoked already keeps the later of both times. */
export async function upsertRevokedSession(db: Kysely<DB>, row: RevokedSession): Promise<void> {
  await db
    .insertInto('revoked_session')
    .values({ key: row.key, issued_until: row.issuedUntil, expires_at: row.expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        issued_until: sql`CASE WHEN excluded.issued_until > revoked_session.issued_until THEN excluded.issued_until ELSE revoked_session.issued_until END`,
        expires_at: sql`CASE WHEN excluded.expires_at > revoked_session.expires_at THEN excluded.expires_at ELSE revoked_session.expires_at END`,
      }),
    )
    .execute();
}

/** Deletes up to `limit` rows that expired before `now`; answers how many went. */
export async function deleteExpired(db: Kysely<DB>, input: { now: number; limit: number }): Promise<number> {
  const result = await db
    .deleteFrom('revoked_session')
    .where('key', 'in', (sub) => sub.selectFrom('revoked_session').select('key').where('expires_at', '<=', input.now).limit(input.limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
