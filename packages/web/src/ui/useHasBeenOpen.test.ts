import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHasBeenOpen } from './useHasBeenOpen.ts';

describe('useHasBeenOpen', () => {
  it('is false until the first opening, then stays true after closing', () => {
    const { result, rerender } = renderHook(({ isOpen }) => useHasBeenOpen(isOpen), { initialProps: { isOpen: false } });
    expect(result.current).toBe(false);
    rerender({ isOpen: true });
    expect(result.current).toBe(true);
    rerender({ isOpen: false });
    expect(result.current).toBe(true);
  });
});
