/** Work that waits for the browser's idle moments, so that it does not hold up the frame that shows a key. */

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

/** Runs `run` in the browser's next idle moment, at the latest after `timeoutMs`; the returned function cancels. */
export function whenIdle(run: () => void, { timeoutMs, fallbackDelayMs = 0 }: IdleOptions): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, fallbackDelayMs);
  return () => clearTimeout(handle);
}

/**
 * Runs `run` in an idle moment once the user has not typed for `TYPING_PAUSE_MS`; the returned function cancels. For
 * the background work of a long story (rendering the rest of its items, starting the text editors near the viewport):
 * one step of it outlasts the time between two keys, and a key that arrives meanwhile is shown late.
 */
export function whenTypingPauses(run: () => void, options: IdleOptions): Cancel {
  watchKeys();
  let cancel = NOTHING_TO_CANCEL;
  const attempt = () => {
    const typingFor = TYPING_PAUSE_MS - (performance.now() - lastKeyAt);
    if (typingFor > 0) {
      const handle = setTimeout(attempt, typingFor);
      cancel = () => clearTimeout(handle);
      return;
    }
    cancel = whenIdle(() => {
      // Keys may have come while waiting for the idle moment.
      if (performance.now() - lastKeyAt < TYPING_PAUSE_MS) attempt();
      else run();
    }, options);
  };
  attempt();
  return () => cancel();
}
