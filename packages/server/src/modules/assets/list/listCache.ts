import { createAskedAgain } from '../../../http/askedAgain.ts';

/** How many lists one instance keeps; the oldest go first. */
const MAX_ENTRIES = 500;

/**
 * Answers of the list call kept for `ttlMs` (issue "Lists and search under concurrent load"): the same list asked
 * again by the same user while it is computed or within that time after, by any number of requests at once, is
 * computed once. A write through this instance (`forget`) drops every kept answer and every answer still being
 * computed, so a user's save is in their next list call; a write elsewhere (another instance, the scheduler) shows
 * within the time of computing a list plus `ttlMs`. 0 keeps nothing.
 *
 * With `keepsFromSecondAsk`, an answer is kept only from the second time its key is asked within one to two `ttlMs`
 * (`askedAgain.ts`): ten editors asking ten different lists would otherwise keep each answer just long enough to
 * move it to the heap's old generation. Calls at once still share one computation.
 */
export function createListCache<T>(options: { ttlMs: number; now?: () => number; keepsFromSecondAsk?: boolean }) {
  const now = options.now ?? Date.now;
  const isAskedAgain = options.keepsFromSecondAsk ? createAskedAgain({ windowMs: options.ttlMs, now }) : () => true;
  /** An answer being computed has no `at` yet: every call meanwhile waits for it. */
  let entries = new Map<string, { at: number | undefined; value: Promise<T> }>();

  return {
    /** The answer of `key` computed since the last write and at most `ttlMs` ago (or still being computed), or `compute`'s. */
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return compute();
      const kept = entries.get(key);
      if (kept && (kept.at === undefined || now() - kept.at <= options.ttlMs)) return kept.value;
      if (kept) entries.delete(key);
      const value = compute();
      const keptIn = entries;
      const entry: { at: number | undefined; value: Promise<T> } = { at: undefined, value };
      keptIn.set(key, entry);
      const isKept = isAskedAgain(key);
      value.then(
        () => {
          if (isKept) entry.at = now();
          else if (keptIn.get(key) === entry) keptIn.delete(key);
        },
        // A failure is not kept: the next call tries again.
        () => {
          if (keptIn.get(key) === entry) keptIn.delete(key);
        },
      );
      for (const oldest of keptIn.keys()) {
        if (keptIn.size <= MAX_ENTRIES) break;
        keptIn.delete(oldest);
      }
      return value;
    },
    /** Something was written: nothing asked for before now is answered again. */
    forget(): void {
      if (entries.size > 0) entries = new Map();
    },
  };
}

export type ListCache<T> = ReturnType<typeof createListCache<T>>;
