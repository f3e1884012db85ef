import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { withDocuments, type DocumentTables } from './repository.ts';

/**
 * The ready documents' queue and store (migration 034). The triggers of the migration queue a version (with a new
 * token) whenever something its document shows changes; only the document maker removes a queue entry, and only with
 * the token it read, in the transaction that stores the document it made from what it read after.
 */

export interface QueuedVersion {
  asset_id: string;
  locale: string;
  token: string;
}

export type DocumentValues = Omit<DocumentTables['delivery_document'], 'asset_id' | 'locale'>;

/** What the maker made of one queued version: its document and the assets it shows, or none (no longer published). */
export interface MadeDocument {
  queued: QueuedVersion;
  document: { values: DocumentValues; targetIds: readonly string[] } | undefined;
}

/** Token of the entries the maker queues itself (outdated documents): any change's trigger replaces it. */
const OUTDATED = 'outdated';

export async function findQueued(db: Kysely<DB>, limit: number): Promise<QueuedVersion[]> {
  return withDocuments(db).selectFrom('delivery_document_queue').select(['asset_id', 'locale', 'token']).orderBy('asset_id').orderBy('locale').limit(limit).execute();
}

/**
 * Stores made documents, each only if its queue entry still has the token read before making it (nothing changed
 * since): the entry goes, the document and its targets replace the old ones. Answers how many were stored. SQLite
 * stores a batch in one transaction (it writes one at a time anyway); PostgreSQL stores each in its own, so the
 * maker never holds the rows of several versions while a publish waits for one of them (no deadlock).
 */
export async function storeDocuments(db: Kysely<DB>, input: { dialect: Dialect; made: readonly MadeDocument[] }): Promise<number> {
  const store = async (trx: Transaction<DB & DocumentTables>, { queued, document }: MadeDocument): Promise<number> => {
    const key = { asset_id: queued.asset_id, locale: queued.locale };
    const taken = await trx.deleteFrom('delivery_document_queue').where('asset_id', '=', key.asset_id).where('locale', '=', key.locale).where('token', '=', queued.token).executeTakeFirst();
    if (taken.numDeletedRows === 0n) return 0;
    await trx.deleteFrom('delivery_document_target').where('asset_id', '=', key.asset_id).where('locale', '=', key.locale).execute();
    await trx.deleteFrom('delivery_document').where('asset_id', '=', key.asset_id).where('locale', '=', key.locale).execute();
    if (!document) return 1;
    await trx.insertInto('delivery_document').values({ ...key, ...document.values }).execute();
    const targets = [...new Set(document.targetIds)];
    if (targets.length > 0) await trx.insertInto('delivery_document_target').values(targets.map((target_id) => ({ target_id, ...key }))).execute();
    return 1;
  };
  const documents = withDocuments(db);
  let stored = 0;
  if (input.dialect === 'sqlite') {
    await documents.transaction().execute(async (trx) => {
      for (const made of input.made) stored += await store(trx, made);
    });
  } else {
    for (const made of input.made) stored += await documents.transaction().execute((trx) => store(trx, made));
  }
  return stored;
}

/** Queues the documents that are out of date: made with another fingerprint (stencils, image address) or past their validity. */
export async function queueOutdated(db: Kysely<DB>, input: { fingerprint: string; now: string; isFingerprintChecked: boolean }): Promise<void> {
  const outdated = input.isFingerprintChecked
    ? sql<SqlBool>`(d.fingerprint <> ${input.fingerprint} OR d.valid_until <= ${input.now})`
    : sql<SqlBool>`d.valid_until <= ${input.now}`;
  await withDocuments(db)
    .insertInto('delivery_document_queue')
    .columns(['asset_id', 'locale', 'token'])
    .expression((eb) => eb.selectFrom('delivery_document as d').select(['d.asset_id', 'd.locale', sql.lit(OUTDATED).as('token')]).where(outdated))
    .onConflict((conflict) => conflict.columns(['asset_id', 'locale']).doNothing())
    .execute();
}
