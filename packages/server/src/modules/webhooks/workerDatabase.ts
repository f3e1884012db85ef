import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Where the webhook worker claims and records its tries. PostgreSQL: connections of its own (a pool that opens them
 * as the worker needs them, a few at most), so that a claim never waits behind the requests queued in the server's
 * pool; at 100 publishes a second it had waited there seconds, and every delivery with it. SQLite: the server's own
 * connection, as its file takes one write transaction at a time whoever holds it.
 */
export async function openWebhookDatabase(database: Pick<Database, 'db' | 'dialect' | 'url' | 'schema'>): Promise<{ db: Kysely<DB>; close(): Promise<void> }> {
  if (database.dialect !== 'postgres' || database.url === undefined) return { db: database.db, close: async () => undefined };
  const own = await openDatabase({ databaseUrl: database.url, ...(database.schema === undefined ? {} : { schema: database.schema }) });
  return { db: own.db, close: () => own.destroy() };
}
