import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { createRepeatingJob } from '../../jobs/repeatingJob.ts';
import * as repo from './repository.ts';
import { TransitionFailed, type PublishingService } from './service.ts';

export interface SchedulerOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  publishing: Pick<PublishingService, 'runScheduledTransition'>;
  /** Pause between runs while started. */
  intervalMs: number;
  /** Transitions claimed per transaction. */
  batchSize?: number;
  now?: () => Date;
  /** Where a run that failed as a whole (database gone...) is reported; it is retried at the next tick. */
  onError?: (error: unknown) => void;
  /** The versions a batch changed, once it has committed (live updates tell the editors who have them open). */
  onVersionsChanged?: (versions: ReadonlyArray<{ assetId: string; locale: string }>) => void;
}

const DEFAULT_BATCH_SIZE = 100;
/** A savepoint per transition, so a failing one rolls back alone and the rest of the batch still commits. */
const SAVEPOINT = 'transition';

function messageOf(error: unknown): string {
  if (error instanceof TransitionFailed) return error.message;
  if (error instanceof HttpError) return error.messages.join(' ');
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs due scheduled transitions (spec 002 §3 Transition) exactly once, however many server instances run one:
 * each batch is claimed in a transaction (PostgreSQL: FOR UPDATE SKIP LOCKED, so instances take different rows;
 * SQLite: the one write transaction), executed, and marked EXECUTED or ERROR before the claim is released. A crash
 * mid-batch rolls the whole batch back, which then runs again: nothing runs twice and nothing is lost.
 */
export function createScheduler(options: SchedulerOptions) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const clock = options.now ?? (() => new Date());

  /** Claims and runs one batch; answers how many transitions it finished (executed or failed). */
  async function runBatch(): Promise<number> {
    const now = clock();
    const trx = await options.db.startTransaction().execute();
    try {
      const due = await repo.claimDueTransitions(trx, options.dialect, { now: now.toISOString(), limit: batchSize });
      for (const transition of due) {
        const point = await trx.savepoint(SAVEPOINT).execute();
        try {
          await options.publishing.runScheduledTransition(point, transition, now);
          await point.releaseSavepoint(SAVEPOINT).execute();
        } catch (error) {
          await point.rollbackToSavepoint(SAVEPOINT).execute();
          await repo.finishTransition(trx, { id: transition.id, status: 'ERROR', at: now.toISOString(), message: messageOf(error) });
        }
      }
      await trx.commit().execute();
      if (due.length > 0) options.onVersionsChanged?.(due.map((transition) => ({ assetId: transition.asset_id, locale: transition.locale })));
      return due.length;
    } catch (error) {
      await trx.rollback().execute();
      throw error;
    }
  }

  /** Runs batches until none is due; answers how many transitions were finished. */
  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const finished = await runBatch();
      total += finished;
      if (finished < batchSize) return total;
    }
  }

  const job = createRepeatingJob({ run: runOnce, intervalMs: options.intervalMs, onError: options.onError });

  return { runOnce, start: job.start, stop: job.stop };
}

export type Scheduler = ReturnType<typeof createScheduler>;
