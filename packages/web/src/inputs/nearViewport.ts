import { whenTypingPauses } from './idleWork.ts';

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

/**
 * Marks an element whose texts come near the viewport together (a chunk of a long list's items): the observer
 * watches it, not each text, because the browser measures every watched element at every frame, also while typing.
 */
export const VIEWPORT_GROUP_ATTRIBUTE = 'data-viewport-group';

/** Watched element → the starts waiting for it. */
const waiting = new Map<Element, Set<() => void>>();
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
        const starts = waiting.get(entry.target);
        if (!entry.isIntersecting || !starts) continue;
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        starts.forEach(enqueue);
      }
    },
    { rootMargin: AHEAD },
  );
  return observer;
}

/**
 * Calls `start` (once, in an idle moment) when `element`, or the group it is in (`VIEWPORT_GROUP_ATTRIBUTE`),
 * comes near the viewport; the returned function cancels.
 */
export function whenNearViewport(element: Element, start: () => void): () => void {
  const watched = element.closest(`[${VIEWPORT_GROUP_ATTRIBUTE}]`) ?? element;
  let isCancelled = false;
  const guarded = () => {
    if (!isCancelled) start();
  };
  let starts = waiting.get(watched);
  if (!starts) {
    starts = new Set();
    waiting.set(watched, starts);
    sharedObserver().observe(watched);
  }
  starts.add(guarded);
  return () => {
    isCancelled = true;
    if (starts.delete(guarded) && starts.size === 0 && waiting.get(watched) === starts) {
      waiting.delete(watched);
      observer?.unobserve(watched);
    }
    const index = queue.indexOf(guarded);
    if (index !== -1) queue.splice(index, 1);
  };
}
