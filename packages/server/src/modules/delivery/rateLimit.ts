import { createTokenBuckets } from '../../http/tokenBuckets.ts';

/** A key may send twice its rate per second at once, then its rate. */
export const BURST_SECONDS = 2;
/** Keys whose allowance one instance tracks; past it, keys with a full bucket, then the oldest, are forgotten. */
const MAX_TRACKED = 10_000;

/**
 * A token bucket per delivery key, in this instance's memory: each request takes a token; a key's bucket holds
 * `BURST_SECONDS` times its rate and fills at its rate. Behind a load balancer every instance keeps its own buckets,
 * so a key's whole allowance is its rate times the number of instances (docs/decisions.md).
 */
export function createKeyRateLimiter(options: { now?: () => number; maxTracked?: number } = {}) {
  const buckets = createTokenBuckets({ maxTracked: options.maxTracked ?? MAX_TRACKED, now: options.now });
  return {
    take: (keyId: string, perSecond: number) => buckets.take(keyId, { burst: perSecond * BURST_SECONDS, perSecond }),
    size: buckets.size,
  };
}

export type KeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
