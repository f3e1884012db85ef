/**
 * Background work of a long story (rendering the rest of its items, starting text editors near the viewport) waits
 * for idle moments, and while the user types it waits for a pause: one step of it takes longer than the time between
 * two keys, and a key that arrives during it is shown late.
 */

type Cancel = () => void;

/** How long after the last key the user counts as typing. */
export const TYPING_PAUSE_MS = 500;

let lastKeyAt = Number.NEGATIVE_INFINITY;
let isWatching = false;

function noteKey() {
  lastKeyAt = performance.now();
}

function watchKeys() {
  if (isWatching) return;
  isWatching = true;
  document.addEventListener('keydown', noteKey, { capture: true, passive: true });
  document.addEventListener('beforeinput', noteKey, { capture: true, passive: true });
}

const NOTHING_TO_CANCEL: Cancel = () => undefined;

interface IdleOptions {
  /** The longest wait for an idle moment once the user is not typing. */
  timeoutMs: number;
  /** The wait instead of an idle moment where the browser has no requestIdleCallback (Safari, jsdom). */
  fallbackDelayMs?: number;
}

function onIdle(run: () => void, { timeoutMs, fallbackDelayMs = 0 }: IdleOptions): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, fallbackDelayMs);
  return () => clearTimeout(handle);
}

/** Runs `run` in an idle moment once the user has not typed for `TYPING_PAUSE_MS`; the returned function cancels. */
export function whenIdle(run: () => void, options: IdleOptions): Cancel {
  watchKeys();
  let cancel = NOTHING_TO_CANCEL;
  const attempt = () => {
    const typingFor = TYPING_PAUSE_MS - (performance.now() - lastKeyAt);
    if (typingFor > 0) {
      const handle = setTimeout(attempt, typingFor);
      cancel = () => clearTimeout(handle);
      return;
    }
    cancel = onIdle(() => {
      // Keys may have come while waiting for the idle moment.
      if (performance.now() - lastKeyAt < TYPING_PAUSE_MS) attempt();
      else run();
    }, options);
  };
  attempt();
  return () => cancel();
}
