import type { FastifyInstance } from 'fastify';
import { createAskedAgain } from '../../http/askedAgain.ts';

/** An answer as its JSON (and its ETag when a ready document had it), every asset it names, and until when it holds (epoch ms). */
export interface DeliveredJson {
  json: string;
  etag: string | undefined;
  assetIds: readonly string[];
  validUntil: number | undefined;
}

/** A delivery answer as it goes out: its JSON, strong ETag and purge keys, and when it stops being true (epoch ms). */
export interface DeliveryAnswer {
  json: string;
  /** The JSON's length in bytes (Content-Length). */
  bytes: number;
  etag: string;
  keys: readonly string[];
  /** The purge keys as the Surrogate-Key and Cache-Tag headers send them. */
  surrogateKey: string;
  cacheTag: string;
  /** The first unpublish date or embargo end among the versions in it, if any: the answer is not kept past it. */
  validUntil: number | undefined;
}

/** How many answers one instance keeps at most, and how many bytes of JSON; the oldest go first. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * Delivery answers kept for `ttlMs` (`DELIVERY_CACHE_MS`), by the key's scope and the request's URL: the same answer
 * asked by any number of requests at once, or again within that time, is computed once, never past the moment one
 * of its versions leaves its window. A write through this instance (`forget`) drops them all, so a publish through it
 * shows at once; one elsewhere (another instance, the scheduler) within the time of computing an answer plus `ttlMs`.
 * Refusals and 404s are never kept. 0 keeps nothing.
 *
 * An answer is kept from the second time its request is asked within one to two `ttlMs` on (`askedAgain.ts`): a
 * website's varied requests (a different slug each) mostly come once. Requests at once still share one computation.
 */
export function createAnswerCache(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  /** An answer still being computed has no `until` yet: requests meanwhile wait for it. */
  let entries = new Map<string, { until: number | undefined; bytes: number; value: Promise<DeliveryAnswer> }>();
  let bytes = 0;
  const isAskedAgain = createAskedAgain({ windowMs: options.ttlMs, now });

  function evict(): void {
    for (const [key, entry] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(key);
      bytes -= entry.bytes;
    }
  }

  return {
    /** The answer of `key` kept since the last write and still valid (or still being computed), or `compute`'s. */
    get(key: string, compute: () => Promise<DeliveryAnswer>): Promise<DeliveryAnswer> {
      if (options.ttlMs <= 0) return compute();
      const kept = entries.get(key);
      if (kept && (kept.until === undefined || now() < kept.until)) return kept.value;
      if (kept) {
        entries.delete(key);
        bytes -= kept.bytes;
      }
      const value = compute();
      const keptIn = entries;
      const entry: { until: number | undefined; bytes: number; value: Promise<DeliveryAnswer> } = { until: undefined, bytes: 0, value };
      keptIn.set(key, entry);
      const isKept = isAskedAgain(key);
      value.then(
        (answer) => {
          if (keptIn !== entries || keptIn.get(key) !== entry) return;
          if (!isKept) {
            keptIn.delete(key);
            return;
          }
          entry.until = Math.min(now() + options.ttlMs, answer.validUntil ?? Number.POSITIVE_INFINITY);
          entry.bytes = answer.json.length;
          bytes += entry.bytes;
          evict();
        },
        // A refusal or a failure is not kept: the next request asks again.
        () => {
          if (keptIn.get(key) === entry) keptIn.delete(key);
        },
      );
      return value;
    },
    /** Something was written: nothing computed before now is answered again. */
    forget(): void {
      if (entries.size === 0) return;
      entries = new Map();
      bytes = 0;
    },
    size: () => entries.size,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every answer to a write through this instance drops the kept delivery answers before it goes out, and wakes the
 * maker of ready documents (`onWrite`), which the write may have queued.
 */
export function forgetDeliveryAnswersOnWrites(app: FastifyInstance, cache: Pick<AnswerCache, 'forget'>, onWrite?: () => void): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !request.routeOptions.config.readsOnly) {
      cache.forget();
      onWrite?.();
    }
    return payload;
  });
}
