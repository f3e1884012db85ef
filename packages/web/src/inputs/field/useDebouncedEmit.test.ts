import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedEmitter, useDebouncedEmit } from './useDebouncedEmit.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createDebouncedEmitter', () => {
  it('emits only the latest value once the wait is over', () => {
    const emit = vi.fn<(value: string) => void>();
    const emitter = createDebouncedEmitter({ emit, waitMs: 500 });
    emitter.push('a');
    emitter.push('ab');
    vi.advanceTimersByTime(499);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit.mock.calls).toEqual([['ab']]);
  });

  it('still emits every 500 ms while pushes keep coming (max wait = wait)', () => {
    const emit = vi.fn<(value: string) => void>();
    const emitter = createDebouncedEmitter({ emit, waitMs: 500 });
    let text = '';
    for (let tick = 0; tick < 12; tick += 1) {
      text += 'x';
      emitter.push(text);
      vi.advanceTimersByTime(100);
    }
    // 1,200 ms of typing, one key every 100 ms: emitted at 500 and 1,000 ms, the rest still waiting.
    expect(emit.mock.calls).toEqual([['xxxxx'], ['xxxxxxxxxx']]);
    vi.advanceTimersByTime(500);
    expect(emit).toHaveBeenLastCalledWith('xxxxxxxxxxxx');
    expect(emit).toHaveBeenCalledTimes(3);
  });

  it('waits the full time after the last push when a longer maximum wait is given', () => {
    const emit = vi.fn<(value: number) => void>();
    const emitter = createDebouncedEmitter({ emit, waitMs: 300, maxWaitMs: 1000 });
    emitter.push(1);
    vi.advanceTimersByTime(200);
    emitter.push(2);
    vi.advanceTimersByTime(299);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit.mock.calls).toEqual([[2]]);
  });

  it('flush emits the waiting value at once and only once', () => {
    const emit = vi.fn<(value: string) => void>();
    const emitter = createDebouncedEmitter({ emit, waitMs: 500 });
    emitter.push('a');
    emitter.flush();
    expect(emit.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(1000);
    emitter.flush();
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('emits undefined like any other value', () => {
    const emit = vi.fn<(value: string | undefined) => void>();
    const emitter = createDebouncedEmitter<string | undefined>({ emit, waitMs: 500 });
    emitter.push(undefined);
    emitter.flush();
    expect(emit.mock.calls).toEqual([[undefined]]);
  });

  it('cancel drops the waiting value', () => {
    const emit = vi.fn<(value: string) => void>();
    const emitter = createDebouncedEmitter({ emit, waitMs: 500 });
    emitter.push('a');
    emitter.cancel();
    vi.advanceTimersByTime(1000);
    emitter.flush();
    expect(emit).not.toHaveBeenCalled();
  });
});

describe('useDebouncedEmit', () => {
  it('returns the same emitter on every render and emits through the latest callback', () => {
    const first = vi.fn<(value: string) => void>();
    const second = vi.fn<(value: string) => void>();
    const { result, rerender } = renderHook(({ emit }) => useDebouncedEmit<string>(emit, 500), { initialProps: { emit: first } });
    const emitter = result.current;
    rerender({ emit: second });
    expect(result.current).toBe(emitter);
    act(() => {
      emitter.push('a');
      vi.advanceTimersByTime(500);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls).toEqual([['a']]);
  });

  it('flushes a waiting value on unmount', () => {
    const emit = vi.fn<(value: string) => void>();
    const { result, unmount } = renderHook(() => useDebouncedEmit<string>(emit, 500));
    act(() => result.current.push('last words'));
    unmount();
    expect(emit.mock.calls).toEqual([['last words']]);
  });
});
