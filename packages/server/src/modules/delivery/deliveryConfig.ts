import { DELIVERY_KEY_MAX_RATE } from '@editor/domain';

/** The delivery API's settings (README, configuration). */
export interface DeliveryConfig {
  /** `DELIVERY_MAX_AGE`: seconds a browser or CDN may use an answer without asking again. */
  maxAgeSeconds: number;
  /** `DELIVERY_STALE_WHILE_REVALIDATE`: seconds after that in which a cache may answer with it while it asks again. */
  staleWhileRevalidateSeconds: number;
  /** `DELIVERY_CORS_ORIGINS`: the origins whose pages may call the delivery API from a browser; `*` for any; none by default. */
  corsOrigins: string[];
  /** `DELIVERY_RATE_LIMIT`: requests per second a key may make (bursts of twice as many) unless the key names its own. */
  requestsPerSecond: number;
  /** `DELIVERY_CACHE_MS`: how long an instance answers the same request of the same scope again without the database; 0 never. */
  answerCacheMs: number;
}

/** A whole number from `min` to `max` (of `unit`), or the fallback when unset. */
function readWhole(name: string, value: string | undefined, options: { fallback: number; min: number; max: number; unit: string }): number {
  const text = value?.trim() ?? '';
  if (text === '') return options.fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < options.min || number > options.max) {
    throw new Error(`${name} must be a whole number of ${options.unit} (${options.min} to ${options.max}), got "${value}"`);
  }
  return number;
}

const YEAR_SECONDS = 31_536_000;

/** `https://site.example` or `http://localhost:3000`: an origin, as a browser sends it. */
function readOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (entry === '*') return entry;
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      origin = (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.replace(/\/$/, '') ? url.origin : undefined;
    } catch {
      origin = undefined;
    }
    if (!origin) throw new Error(`DELIVERY_CORS_ORIGINS entries are origins such as https://www.example.com (scheme, host and port only) or *, got "${entry}"`);
    return origin;
  });
}

/** Reads the delivery settings from the environment; a malformed value stops the start with its name. */
export function readDeliveryConfig(env: NodeJS.ProcessEnv): DeliveryConfig {
  return {
    maxAgeSeconds: readWhole('DELIVERY_MAX_AGE', env.DELIVERY_MAX_AGE, { fallback: 60, min: 0, max: YEAR_SECONDS, unit: 'seconds' }),
    staleWhileRevalidateSeconds: readWhole('DELIVERY_STALE_WHILE_REVALIDATE', env.DELIVERY_STALE_WHILE_REVALIDATE, { fallback: 300, min: 0, max: YEAR_SECONDS, unit: 'seconds' }),
    corsOrigins: readOrigins(env.DELIVERY_CORS_ORIGINS),
    requestsPerSecond: readWhole('DELIVERY_RATE_LIMIT', env.DELIVERY_RATE_LIMIT, { fallback: 50, min: 1, max: DELIVERY_KEY_MAX_RATE, unit: 'requests per second' }),
    answerCacheMs: readWhole('DELIVERY_CACHE_MS', env.DELIVERY_CACHE_MS, { fallback: 1000, min: 0, max: 60_000, unit: 'milliseconds' }),
  };
}
