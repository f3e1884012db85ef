import { startTransition, useEffect, useState } from 'react';
import { whenTypingPauses } from '../idleWork.ts';

/** Items rendered at once when a long list opens: enough to fill a screen several times. */
export const FIRST_BATCH = 30;
/** Items added per idle moment after that. */
export const NEXT_BATCH = 30;

/** A batch waits at most this long for an idle moment. */
const IDLE_TIMEOUT_MS = 100;

/**
 * How many items of a long list to render: the first batch at once, the rest a batch per idle moment, so that a
 * story of hundreds of elements is on screen and usable before all of them exist; while the user types, the rest
 * waits (`whenTypingPauses`). Once every item has been rendered, the list follows its length at once (an added item
 * shows immediately).
 */
export function useProgressiveCount(total: number): number {
  // Infinity once every item has been rendered.
  const [count, setCount] = useState(() => (total <= FIRST_BATCH ? Number.POSITIVE_INFINITY : FIRST_BATCH));

  useEffect(() => {
    if (count === Number.POSITIVE_INFINITY) return undefined;
    return whenTypingPauses(
      () => startTransition(() => setCount((current) => (current + NEXT_BATCH >= total ? Number.POSITIVE_INFINITY : current + NEXT_BATCH))),
      { timeoutMs: IDLE_TIMEOUT_MS },
    );
  }, [count, total]);

  return Math.min(count, total);
}
