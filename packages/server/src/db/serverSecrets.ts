import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A random key of this installation by name, made by whichever server instance asks first and then shared by all
 * through the database (table server_secret), so that what one instance signs another accepts.
 */
export async function loadOrCreateServerSecret(db: Kysely<DB>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secret')
    .values({ name, value: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** The secret, loaded once on first use; a failed load is tried again next time. */
export function lazyServerSecret(db: Kysely<DB>, name: string): () => Promise<Buffer> {
  let loading: Promise<Buffer> | undefined;
  return () => {
    loading ??= loadOrCreateServerSecret(db, name).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
