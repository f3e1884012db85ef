import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createRepeatingJob } from '../../jobs/repeatingJob.ts';
import { deleteOlderThan } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
const DEFAULT_BATCH_SIZE = 1000;

/**
 * Removes audit entries older than the retention period, like the publish scheduler: a run right away, then one
 * every `intervalMs` while started. Any number of instances may run it: each deletes in small batches whatever is
 * still there, and a row two instances both reach is simply deleted once.
 */
export function createAuditLogPruner(options: {
  db: Kysely<DB>;
  retentionDays: number;
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}) {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const clock = options.now ?? (() => new Date());

  /** Deletes every entry past the retention period; answers how many went. */
  async function runOnce(): Promise<number> {
    const cutoff = new Date(clock().getTime() - options.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await deleteOlderThan(options.db, { cutoff, limit: batchSize });
      total += deleted;
      if (deleted < batchSize) return total;
    }
  }

  const job = createRepeatingJob({ run: runOnce, intervalMs, onError: options.onError });

  return { runOnce, start: job.start, stop: job.stop };
}
