import type { SelectQueryBuilder } from 'kysely';
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
