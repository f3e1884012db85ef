import { whenTypingPauses } from '../idleWork.ts';

/**
 * Editors start this far ahead of the viewport, so one is ready before the user scrolls to it. A story holds
 * hundreds of texts: they share one observer, and the editors of those coming near start one per idle moment
 * rather than all in the frame that revealed them.
 */
const AHEAD = '400px 0px';
/** A start waits at most this long for an idle moment, and longer while the user types (`whenTypingPauses`). */
const IDLE_TIMEOUT_MS = 500;
/** Without requestIdleCallback (Safari, jsdom): about one start per frame. */
const FALLBACK_DELAY_MS = 16;

const waiting = new Map<Element, () => void>();
const queue: (() => void)[] = [];
let observer: IntersectionObserver | undefined;
let isDraining = false;

const later = (run: () => void) => whenTypingPauses(run, { timeoutMs: IDLE_TIMEOUT_MS, fallbackDelayMs: FALLBACK_DELAY_MS });

function drain() {
  const next = queue.shift();
  next?.();
  if (queue.length > 0) later(drain);
  else isDraining = false;
}

function enqueue(start: () => void) {
  queue.push(start);
  if (isDraining) return;
  isDraining = true;
  later(drain);
}

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const start = waiting.get(entry.target);
        if (!entry.isIntersecting || !start) continue;
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        enqueue(start);
      }
    },
    { rootMargin: AHEAD },
  );
  return observer;
}

/** Calls `start` (once, in an idle moment) when `element` comes near the viewport; the returned function cancels. */
export function whenNearViewport(element: Element, start: () => void): () => void {
  let isCancelled = false;
  const guarded = () => {
    if (!isCancelled) start();
  };
  waiting.set(element, guarded);
  sharedObserver().observe(element);
  return () => {
    isCancelled = true;
    if (waiting.get(element) === guarded) {
      waiting.delete(element);
      observer?.unobserve(element);
    }
    const index = queue.indexOf(guarded);
    if (index !== -1) queue.splice(index, 1);
  };
}
