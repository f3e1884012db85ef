import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Row claiming for work queues (the publish scheduler). PostgreSQL locks the selected rows until the transaction
 * ends and skips rows another transaction holds, so concurrent workers each take different rows. SQLite has no row
 * locks: its one write transaction at a time serialises workers (one connection per process, and the write lock of
 * the file across processes), so the plain select is the claim.
 */
export function skippingLockedRows<DB, TB extends keyof DB, O>(dialect: Dialect, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * The first key of the change lock of an asset (PostgreSQL advisory locks of a transaction; the second key is the hash
 * of the asset id): the delivery documents' triggers hold it while they stamp a change of the asset (migration 039).
 */
export const ASSET_CHANGE_LOCK = 39_001;

/**
 * Holds the change locks of these assets shared until the transaction ends, if no transaction changing one of them
 * holds it now; answers false at once otherwise, waiting for nothing (so it never takes part in a deadlock). SQLite
 * writes one transaction at a time: inside one, nothing changes meanwhile.
 */
export async function tryHoldingAssetsUnchanged<T>(dialect: Dialect, trx: Kysely<T>, assetIds: readonly string[]): Promise<boolean> {
  if (dialect === 'sqlite' || assetIds.length === 0) return true;
  const ids = [...new Set(assetIds)].toSorted();
  const { rows } = await sql<{ held: boolean | null }>`SELECT bool_and(pg_try_advisory_xact_lock_shared(${sql.lit(ASSET_CHANGE_LOCK)}, hashtext(id))) AS held
    FROM unnest(${ids}::text[]) AS t(id)`.execute(trx);
  return rows[0]?.held === true;
}
