import { describe, expect, it } from 'vitest';
import { BURST_SECONDS, createKeyRateLimiter } from './rateLimit.ts';

describe('the delivery keys\' token buckets', () => {
  it('lets a key send twice its rate at once, then its rate, and says when to come back', () => {
    let now = 0;
    const limiter = createKeyRateLimiter({ now: () => now });
    for (let n = 0; n < 10 * BURST_SECONDS; n++) expect(limiter.take('a', 10)).toEqual({ ok: true });
    expect(limiter.take('a', 10)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('b', 10)).toEqual({ ok: true });
    now += 100;
    expect(limiter.take('a', 10)).toEqual({ ok: true });
    expect(limiter.take('a', 10).ok).toBe(false);
    now += 60_000;
    for (let n = 0; n < 10 * BURST_SECONDS; n++) expect(limiter.take('a', 10).ok).toBe(true);
    expect(limiter.take('a', 10).ok).toBe(false);
  });

  it('asks a slow key to wait the seconds its next token takes', () => {
    let now = 0;
    const limiter = createKeyRateLimiter({ now: () => now });
    expect(limiter.take('slow', 1).ok).toBe(true);
    expect(limiter.take('slow', 1).ok).toBe(true);
    expect(limiter.take('slow', 1)).toEqual({ ok: false, retryAfterSeconds: 1 });
    now += 400;
    expect(limiter.take('slow', 1)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('remembers a bounded number of keys, forgetting the oldest', () => {
    const limiter = createKeyRateLimiter({ now: () => 0, maxTracked: 3 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) limiter.take(key, 5);
    expect(limiter.size()).toBe(3);
  });
});
