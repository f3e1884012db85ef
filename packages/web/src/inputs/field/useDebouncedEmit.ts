import { useEffect, useLayoutEffect, useState } from 'react';

export interface DebouncedEmitter<V> {
  /** Queues a value; the latest queued value is emitted once the wait is over. */
  push(value: V): void;
  /** Emits the queued value now, if there is one. */
  flush(): void;
  /** Drops the queued value without emitting it (the value was replaced from outside). */
  cancel(): void;
}

/**
 * A trailing debounce with a maximum wait: a value is emitted `waitMs` after the last push, but never later than
 * `maxWaitMs` after the first push that is still waiting, so continuous typing still emits regularly.
 */
export function createDebouncedEmitter<V>(options: { emit: (value: V) => void; waitMs: number; maxWaitMs?: number }): DebouncedEmitter<V> {
  const maxWaitMs = options.maxWaitMs ?? options.waitMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPushAt: number | undefined;
  let pending: { value: V } | undefined;

  function cancel() {
    clearTimeout(timer);
    timer = undefined;
    firstPushAt = undefined;
    pending = undefined;
  }

  function flush() {
    const queued = pending;
    cancel();
    if (queued) options.emit(queued.value);
  }

  function push(value: V) {
    const now = Date.now();
    firstPushAt ??= now;
    pending = { value };
    clearTimeout(timer);
    const delay = Math.max(0, Math.min(options.waitMs, firstPushAt + maxWaitMs - now));
    timer = setTimeout(flush, delay);
  }

  return { push, flush, cancel };
}

/** An emitter whose target can change: a widget's `onChange` may be a new function after a re-render. */
function createRetargetableEmitter<V>(emit: (value: V) => void, waitMs: number) {
  let target = emit;
  const emitter = createDebouncedEmitter<V>({ emit: (value) => target(value), waitMs });
  return {
    emitter,
    retarget(next: (value: V) => void) {
      target = next;
    },
  };
}

/**
 * Spec 002 §9: text-input changes reach the store debounced (500 ms for text inputs, 300 ms for rich text), with
 * the wait as the maximum wait too. The widget keeps its own state for instant typing, pushes every change here,
 * and flushes on blur; a value still waiting is emitted when the widget unmounts or the page is left. The returned object is stable
 * and always emits through the latest `emit`.
 */
export function useDebouncedEmit<V>(emit: (value: V) => void, waitMs: number): DebouncedEmitter<V> {
  const [{ emitter, retarget }] = useState(() => createRetargetableEmitter(emit, waitMs));
  useLayoutEffect(() => retarget(emit), [retarget, emit]);
  // Leaving the editor (or removing the item) must not lose the last keystrokes, nor must leaving the page: the
  // local draft writes what reaches the store as the page goes.
  useEffect(() => {
    const flush = () => emitter.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      emitter.flush();
    };
  }, [emitter]);
  return emitter;
}
