import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;

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

  function tick(): void {
    running = runOnce();
    running
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (!isStopped) timer = setTimeout(tick, intervalMs);
      });
  }

  function start(): void {
    if (!isStopped) return;
    isStopped = false;
    tick();
  }

  /** Stops the timer and waits for a run under way to finish. */
  async function stop(): Promise<void> {
    isStopped = true;
    clearTimeout(timer);
    await running?.catch(() => undefined);
  }

  return { runOnce, start, stop };
}
