import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createRepeatingJob } from '../../jobs/repeatingJob.ts';
import * as repo from '../revision-store/repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
/** Trash entries let go per round of a run. */
const ENTRIES_PER_ROUND = 50;

/** The uploads that went with a purged entry: its locale's, or every one of the asset when nothing of it is left. */
export interface PurgedUploads {
  id: string;
  locale: string;
  isAssetDeleted: boolean;
}

/**
 * Issue 41 "for as long as the retention keeps them": a trash entry deleted more than `retentionDays` ago goes, with
 * its revisions, in a transaction under its lock (a restore of it waits or comes first). Only then do the uploads the
 * version held go (spec 000 §4), unless a version of that asset and locale lives again; kept until then, a restored
 * version still shows its images. Every instance may run it: an entry another instance purged first is gone.
 */
export function createTrashPurge(options: {
  db: Kysely<DB>;
  retentionDays: number;
  removeUploads: (purged: PurgedUploads) => Promise<void>;
  intervalMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}) {
  const clock = options.now ?? (() => new Date());

  async function purgeEntry(entry: { id: string; asset_id: string; locale: string }): Promise<PurgedUploads | 'kept' | undefined> {
    return options.db.transaction().execute(async (trx) => {
      await repo.lockHistoryOwner(trx, { id: entry.asset_id, locale: entry.locale, deletedId: entry.id });
      if (!(await repo.findDeletedVersion(trx, entry.id))) return undefined;
      await repo.deleteTrashHistory(trx, entry.id);
      await repo.deleteDeletedVersion(trx, entry.id);
      const presence = await repo.assetPresence(trx, { assetId: entry.asset_id, locale: entry.locale });
      if (presence.localeLives) return 'kept';
      return { id: entry.asset_id, locale: entry.locale, isAssetDeleted: !presence.assetLives && !presence.inTrash };
    });
  }

  /** Lets go every trash entry past the retention; answers how many went. */
  async function runOnce(): Promise<number> {
    const before = new Date(clock().getTime() - options.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const entries = await repo.listExpiredTrash(options.db, { before, limit: ENTRIES_PER_ROUND });
      for (const entry of entries) {
        const purged = await purgeEntry(entry);
        if (purged === undefined) continue;
        total += 1;
        if (purged !== 'kept') await options.removeUploads(purged);
      }
      if (entries.length < ENTRIES_PER_ROUND) return total;
    }
  }

  const job = createRepeatingJob({ run: runOnce, intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS, onError: options.onError });
  return { runOnce, start: job.start, stop: job.stop };
}
