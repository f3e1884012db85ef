import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_BATCH, NEXT_BATCH, useProgressiveCount } from './useProgressiveCount.ts';

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a short list whole at once', () => {
    const { result } = renderHook(() => useProgressiveCount(5));
    expect(result.current).toBe(5);
  });

  it('grows a long list batch by batch until complete, then follows its length at once', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), { initialProps: { total: 100 } });
    expect(result.current).toBe(FIRST_BATCH);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(FIRST_BATCH + NEXT_BATCH);
    for (let batch = 0; batch < 5; batch++) await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(100);
    rerender({ total: 101 });
    expect(result.current).toBe(101);
  });
});
