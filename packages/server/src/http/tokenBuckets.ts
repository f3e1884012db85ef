/** How many requests a bucket holds at once, and how fast it fills again. */
export interface TokenBudget {
  burst: number;
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
  budget: TokenBudget;
}

/** The tokens a bucket holds at `at` (epoch ms), filled at its rate up to its burst since it was last used. */
const tokensAt = (bucket: Bucket, at: number) => Math.min(bucket.budget.burst, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * bucket.budget.perSecond);

/**
 * Token buckets by key, in this instance's memory (the unauthenticated limit per address, the delivery keys' rates):
 * `take` spends one token of the key's bucket under the budget given, or answers how many whole seconds until one is
 * back. At most `maxTracked` keys are remembered: past it, full buckets are forgotten first, then the least recently used.
 */
export function createTokenBuckets(options: { maxTracked: number; now?: (() => number) | undefined }) {
  const now = options.now ?? Date.now;
  // In the order of their last use, so the oldest are forgotten first.
  const buckets = new Map<string, Bucket>();

  function forgetSome(at: number): void {
    for (const [key, bucket] of buckets) if (tokensAt(bucket, at) >= bucket.budget.burst) buckets.delete(key);
    for (const key of buckets.keys()) {
      if (buckets.size < options.maxTracked) break;
      buckets.delete(key);
    }
  }

  function take(key: string, budget: TokenBudget): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const at = now();
    const known = buckets.get(key);
    const tokens = known ? tokensAt({ ...known, budget }, at) : budget.burst;
    buckets.delete(key);
    if (tokens < 1) {
      buckets.set(key, { tokens, at, budget });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / budget.perSecond)) };
    }
    if (buckets.size >= options.maxTracked) forgetSome(at);
    buckets.set(key, { tokens: tokens - 1, at, budget });
    return { ok: true };
  }

  return { take, size: () => buckets.size };
}
