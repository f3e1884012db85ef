/** A key may send twice its rate per second at once, then its rate. */
export const BURST_SECONDS = 2;
/** Keys whose allowance one instance tracks; past it, keys with a full bucket, then the oldest, are forgotten. */
const MAX_TRACKED = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** The tokens a bucket holds at `at` (epoch ms), filled at `perSecond` up to its burst since it was last used. */
const tokensAt = (bucket: Bucket, at: number, perSecond: number) => Math.min(perSecond * BURST_SECONDS, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * perSecond);

/**
 * A token bucket per delivery key, in this instance's memory: each request takes a token; a key's bucket holds
 * `BURST_SECONDS` times its rate and fills at its rate. Behind a load balancer every instance keeps its own buckets,
 * so a key's whole allowance is its rate times the number of instances (docs/decisions.md).
 */
export function createKeyRateLimiter(options: { now?: () => number; maxTracked?: number } = {}) {
  const now = options.now ?? Date.now;
  const maxTracked = options.maxTracked ?? MAX_TRACKED;
  // In the order of their last use, so the oldest are forgotten first.
  const buckets = new Map<string, Bucket>();

  /** Takes a token of the key's bucket: `{ ok: true }`, or how many whole seconds until one is back. */
  function take(keyId: string, perSecond: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const at = now();
    const known = buckets.get(keyId);
    const tokens = known ? tokensAt(known, at, perSecond) : perSecond * BURST_SECONDS;
    buckets.delete(keyId);
    if (buckets.size >= maxTracked) {
      for (const key of buckets.keys()) {
        if (buckets.size < maxTracked) break;
        buckets.delete(key);
      }
    }
    if (tokens < 1) {
      buckets.set(keyId, { tokens, at });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
    }
    buckets.set(keyId, { tokens: tokens - 1, at });
    return { ok: true };
  }

  return { take, size: () => buckets.size };
}

export type KeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
