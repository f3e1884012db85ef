import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { TYPING_PAUSE_MS, whenTypingPauses } from './idleWork.ts';

describe('whenTypingPauses', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('runs the work in the next idle moment while nobody types', async () => {
    const run = vi.fn<() => void>();
    whenTypingPauses(run, { timeoutMs: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits while the user types and runs the work once the keys pause', async () => {
    const run = vi.fn<() => void>();
    fireEvent.keyDown(document.body, { key: 'a' });
    whenTypingPauses(run, { timeoutMs: 100 });
    for (let key = 0; key < 10; key++) {
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS / 5);
      fireEvent.keyDown(document.body, { key: 'a' });
    }
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS + 1);
    expect(run).toHaveBeenCalledOnce();
  });

  it('cancels work that has not run', async () => {
    const run = vi.fn<() => void>();
    const cancel = whenTypingPauses(run, { timeoutMs: 100 });
    cancel();
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    expect(run).not.toHaveBeenCalled();
  });
});
