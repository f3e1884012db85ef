import { describe, expect, it, vi } from 'vitest';
import { landingOfHiddenFrame } from './hiddenFrame.ts';

describe('the quiet sign-in’s hidden frame', () => {
  it('is sandboxed without scripts and hidden from people and the keyboard while it waits', async () => {
    vi.useFakeTimers();
    try {
      const answer = landingOfHiddenFrame('https://login.example.org/auth?prompt=none', { origin: 'http://localhost:3000', path: '/silent-callback' }, 1000);
      const frame = document.querySelector('iframe');
      expect(frame?.getAttribute('sandbox')).toBe('allow-same-origin');
      expect(frame?.getAttribute('aria-hidden')).toBe('true');
      expect(frame?.tabIndex).toBe(-1);
      expect(frame?.style.display).toBe('none');
      // Nothing lands within its patience: no answer, and the frame is gone.
      await vi.advanceTimersByTimeAsync(1000);
      await expect(answer).resolves.toBeUndefined();
      expect(document.querySelector('iframe')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
