import type { Kysely } from 'kysely';
import { applyPatch, type JsonPatchOperation } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { createRepeatingJob } from '../../jobs/repeatingJob.ts';
import * as repo from '../revision-store/repository.ts';
import { encodeRevision, type ChainHead } from '../../db/revisionForm.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
/** Histories thinned per round of a run. */
const HISTORIES_PER_ROUND = 50;

const dayOf = (at: string) => at.slice(0, 10);

/**
 * Which revisions of a history (in version order) the retention keeps: every one from `cutoff` on, every publish,
 * and of the other revisions of each older day the last one. The newest revision is always kept.
 */
export function revisionsToKeep(rows: ReadonlyArray<{ version: number; action: string; at: string }>, cutoff: string): Set<number> {
  const keep = new Set<number>();
  const lastOfDay = new Map<string, number>();
  for (const row of rows) {
    if (row.at >= cutoff || row.action === 'publish') keep.add(row.version);
    else lastOfDay.set(dayOf(row.at), row.version);
  }
  for (const version of lastOfDay.values()) keep.add(version);
  const newest = rows.at(-1);
  if (newest) keep.add(newest.version);
  return keep;
}

/**
 * Thins one history in one transaction. It first takes the write lock of what the history belongs to (the version's
 * row, or the trash entry's), so a save, a restore or another instance's run of the retention waits for it or comes
 * first; it reads the revisions only then. Each kept revision after a removed one is re-encoded against the kept one
 * before it, so every kept revision still rebuilds to what was saved then. Answers how many revisions went.
 */
export async function thinHistory(db: Kysely<DB>, key: repo.HistoryKey, cutoff: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockHistoryOwner(trx, key);
    const rows = await repo.listAllRevisions(trx, key);
    const keep = revisionsToKeep(rows, cutoff);
    const removed = rows.filter((row) => !keep.has(row.version)).map((row) => row.version);
    if (removed.length === 0) return 0;
    let content: unknown;
    let head: ChainHead | undefined;
    let keptContent: unknown;
    let isRewriting = false;
    for (const row of rows) {
      content = row.content_form === 'snapshot' ? JSON.parse(row.content) : applyPatch(content, JSON.parse(row.content) as JsonPatchOperation[]);
      if (!keep.has(row.version)) {
        isRewriting = true;
        continue;
      }
      if (isRewriting) {
        const encoded = encodeRevision({ version: row.version, head, previous: keptContent, content });
        await repo.updateForm(trx, key, { version: row.version, content_form: encoded.form, content: encoded.data, base_version: encoded.baseVersion });
        head = { version: row.version, baseVersion: encoded.baseVersion };
      } else {
        head = { version: row.version, baseVersion: row.base_version ?? row.version };
      }
      keptContent = content;
    }
    await repo.deleteRevisions(trx, key, removed);
    return removed.length;
  });
}

/**
 * Issue 41 retention: with `retentionDays` set, revisions older than that many days are thinned to one a day (the
 * last), publishes always kept. Every instance may run it: each history is thinned in a transaction of its own under
 * its owner's lock, and a history another instance thinned first has nothing left to remove.
 */
export function createRevisionRetention(options: { db: Kysely<DB>; retentionDays: number; intervalMs?: number; now?: () => Date; onError?: (error: unknown) => void }) {
  const clock = options.now ?? (() => new Date());

  /** Thins every history that has more than one revision on a day past the retention; answers how many revisions went. */
  async function runOnce(): Promise<number> {
    const cutoff = new Date(clock().getTime() - options.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const histories = await repo.listHistoriesToThin(options.db, { before: cutoff, limit: HISTORIES_PER_ROUND });
      let removed = 0;
      for (const key of histories) removed += await thinHistory(options.db, key, cutoff);
      total += removed;
      // A round that removed nothing found only histories another instance is thinning or just thinned.
      if (histories.length < HISTORIES_PER_ROUND || removed === 0) return total;
    }
  }

  const job = createRepeatingJob({ run: runOnce, intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS, onError: options.onError });
  return { runOnce, start: job.start, stop: job.stop };
}
