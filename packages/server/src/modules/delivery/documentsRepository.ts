import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { tryHoldingAssetsUnchanged } from '../../db/dialects/locking.ts';
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

/** The change stamps of assets (migration 039), read before what a document shows of them: 0 for an asset never changed since. */
export type AssetStamps = ReadonlyMap<string, number>;

/**
 * What the maker made of one queued version: its document, the assets it shows with their stamps as read before
 * them, or none (no longer published).
 */
export interface MadeDocument {
  queued: QueuedVersion;
  document: { values: DocumentValues; targetIds: readonly string[]; stamps: AssetStamps } | undefined;
}

/** The change stamps of these assets now. */
export async function findAssetStamps(db: Kysely<DB & DocumentTables>, assetIds: readonly string[]): Promise<Map<string, number>> {
  const stamps = new Map(assetIds.map((id) => [id, 0]));
  if (assetIds.length === 0) return stamps;
  const rows = await db.selectFrom('delivery_asset_stamp').select(['asset_id', 'stamp']).where('asset_id', 'in', [...new Set(assetIds)]).execute();
  for (const row of rows) stamps.set(row.asset_id, Number(row.stamp));
  return stamps;
}

/** Whether no asset changed since its stamp was read (inside the transaction that would store what was made of them). */
async function isUnchanged(trx: Kysely<DB & DocumentTables>, stamps: AssetStamps): Promise<boolean> {
  const now = await findAssetStamps(trx, [...stamps.keys()]);
  for (const [id, stamp] of stamps) if (now.get(id) !== stamp) return false;
  return true;
}

/** A document not stored after all: its transaction is rolled back, its queue entry stays for the next run. */
class NotStored extends Error {}

/** Token of the entries the maker queues itself (outdated documents): any change's trigger replaces it. */
const OUTDATED = 'outdated';

export async function findQueued(db: Kysely<DB>, limit: number): Promise<QueuedVersion[]> {
  return withDocuments(db).selectFrom('delivery_document_queue').select(['asset_id', 'locale', 'token']).orderBy('asset_id').orderBy('locale').limit(limit).execute();
}

/**
 * Stores made documents, each only if its queue entry still has the token read before making it (the version did not
 * change since) and none of the assets it shows changed since their stamps were read: the entry goes, the document
 * and its targets replace the old ones. A document something changed under stays queued and is made again. Answers
 * how many were stored or dropped. SQLite stores a batch in one transaction (it writes one at a time anyway);
 * PostgreSQL stores each in its own, taking the queue entry first and then, without waiting, the change locks of
 * what it shows (`tryHoldingAssetsUnchanged`), so the maker never holds anything a publish waits for while it waits.
 */
export async function storeDocuments(db: Kysely<DB>, input: { dialect: Dialect; made: readonly MadeDocument[] }): Promise<number> {
  const store = async (trx: Transaction<DB & DocumentTables>, { queued, document }: MadeDocument): Promise<number> => {
    const key = { asset_id: queued.asset_id, locale: queued.locale };
    // SQLite: checked before anything is written, so a batch's other documents stay stored.
    if (input.dialect === 'sqlite' && document && !(await isUnchanged(trx, document.stamps))) return 0;
    const taken = await trx.deleteFrom('delivery_document_queue').where('asset_id', '=', key.asset_id).where('locale', '=', key.locale).where('token', '=', queued.token).executeTakeFirst();
    if (taken.numDeletedRows === 0n) return 0;
    if (input.dialect !== 'sqlite' && document) {
      const ids = [...document.stamps.keys()];
      if (!(await tryHoldingAssetsUnchanged(input.dialect, trx, ids)) || !(await isUnchanged(trx, document.stamps))) throw new NotStored();
    }
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
    for (const made of input.made) {
      stored += await documents
        .transaction()
        .execute((trx) => store(trx, made))
        .catch((error: unknown) => {
          if (error instanceof NotStored) return 0;
          throw error;
        });
    }
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
