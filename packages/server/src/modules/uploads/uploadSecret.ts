import type { Kysely } from 'kysely';
import { loadOrCreateServerSecret } from '../../db/serverSecrets.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The embedded image service's API secret: made once per installation and kept in the database (table
 * server_secret), so that a signature one instance gave is accepted by whichever instance receives the upload. Never
 * in the repository.
 */
export async function loadOrCreateUploadSecret(db: Kysely<DB>): Promise<string> {
  return (await loadOrCreateServerSecret(db, 'upload-api-secret')).toString('hex');
}
