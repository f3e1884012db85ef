import { startTransition, useEffect, useState } from 'react';

/** Items rendered at once when a long list opens: enough to fill a screen several times. */
export const FIRST_BATCH = 30;
/** Items added per idle moment after that. */
export const NEXT_BATCH = 30;

type Cancel = () => void;

function whenIdle(run: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 100 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/**
 * How many items of a long list to render: the first batch at once, the rest a batch per idle moment, so that a
 * story of hundreds of elements is on screen and usable before all of them exist. Once every item has been rendered,
 * the list follows its length at once (an added item shows immediately).
 */
export function useProgressiveCount(total: number): number {
  // Infinity once every item has been rendered.
  const [count, setCount] = useState(() => (total <= FIRST_BATCH ? Number.POSITIVE_INFINITY : FIRST_BATCH));

  useEffect(() => {
    if (count === Number.POSITIVE_INFINITY) return undefined;
    return whenIdle(() =>
      startTransition(() => setCount((current) => (current + NEXT_BATCH >= total ? Number.POSITIVE_INFINITY : current + NEXT_BATCH))),
    );
  }, [count, total]);

  return Math.min(count, total);
}
