import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's search entries (migration 018) are partitioned by the month of their last edit: one partition for the
 * edits before the migration, one per month from then on, and a default one for any month without its own. A save
 * writes its entry to the partition of the current month, which must exist beforehand: a partition cannot be added
 * while a save writes to the table, so the server adds the coming months' partitions ahead, at its start and daily.
 * An entry of a month without a partition goes to the default one and is found all the same, only read more slowly.
 */

/** How many months ahead of the current one have their partition. */
const MONTHS_AHEAD = 2;

/** A time's month as the partitions' bounds name it: `2026-11`. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

const monthAfter = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, monthNumber, 1)));
};

/** The partition of one month: `asset_search_entry_m2026_11`. */
export const partitionOf = (month: string) => `asset_search_entry_m${month.replace('-', '_')}`;

/**
 * Adds the partitions of the current month and the next ones that lack theirs. A month whose entries already went
 * to the default partition keeps them there (moving them would lock the table); a partition another server added
 * meanwhile is left as it is. Waits at most a few seconds for the table: a long search holds it, and saves would
 * queue behind a waiting change. Returns the months added.
 */
export async function ensureSearchPartitions<T>(db: Kysely<T>, now: Date): Promise<string[]> {
  const added: string[] = [];
  const months = [monthOf(now)];
  while (months.length <= MONTHS_AHEAD) months.push(monthAfter(months.at(-1) ?? ''));
  for (const month of months) {
    const next = monthAfter(month);
    const exists = await sql<{ found: string | null }>`SELECT to_regclass(${partitionOf(month)})::text AS found`.execute(db);
    if (exists.rows[0]?.found) continue;
    const inDefault = await sql`SELECT 1 FROM asset_search_entry_default WHERE updated_at COLLATE "C" >= ${month} AND updated_at COLLATE "C" < ${next} LIMIT 1`.execute(db);
    if (inDefault.rows.length > 0) continue;
    try {
      const add = async (executor: Kysely<T>) => {
        await sql`SET LOCAL lock_timeout = '5s'`.execute(executor);
        await sql`CREATE TABLE IF NOT EXISTS ${sql.raw(partitionOf(month))} PARTITION OF asset_search_entry FOR VALUES FROM (${sql.lit(month)}) TO (${sql.lit(next)})`.execute(executor);
      };
      // A migration runs in its own transaction already.
      await (db.isTransaction ? add(db) : db.transaction().execute(add));
      added.push(month);
    } catch (error) {
      // Another server added it first, or a search held the table: the next run tries again.
      if (!isRetryable(error)) throw error;
    }
  }
  return added;
}

/**
 * PostgreSQL's codes of a lock not granted in time, of a partition added twice at once, and of a month whose first
 * entry went to the default partition meanwhile.
 */
const RETRYABLE = new Set(['55P03', '42P07', '23505', '23514']);
const isRetryable = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && RETRYABLE.has(String(error.code));

const DAY_MS = 86_400_000;

/**
 * Adds the coming months' partitions now and once a day while the server runs (`ensureSearchPartitions`); failures go
 * to `onError` and are retried the next day, two months before they would matter. Returns a stop function.
 */
export function keepSearchPartitions<T>(db: Kysely<T>, onError: (error: unknown) => void): () => void {
  const run = () => void ensureSearchPartitions(db, new Date()).catch(onError);
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
