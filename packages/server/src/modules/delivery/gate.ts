import type { IncomingMessage } from 'node:http';
import { API_POLICY, commonHeaders } from '../../http/securityHeaders.ts';
import type { AnswerCache, DeliveryAnswer } from './answerCache.ts';
import type { DeliveryConfig } from './deliveryConfig.ts';
import { LIST_SURROGATE_KEY, answerHeadersOf, answerOf, surrogateKeyOfSlug, type AnswerHeaders } from './httpCaching.ts';
import type { DeliveryKeysService, DeliveryScope } from './keysService.ts';
import type { KeyRateLimiter } from './rateLimit.ts';
import type { DeliveryService } from './service.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
export const CORS_HEADERS = { methods: 'GET, HEAD, OPTIONS', requestHeaders: 'Authorization, If-None-Match', exposed: 'ETag, Retry-After, Cache-Control', maxAgeSeconds: '600' };
const VARY = { vary: 'Authorization, Origin' } as const;

/**
 * What every delivery request passes, on the routed path (routes.ts) and on the early one (earlyReads.ts) alike: its
 * key, the key's rate and the CORS headers of its origin; and its answer, kept for the key's scope.
 */
export function createDeliveryGate(options: {
  delivery: Pick<DeliveryService, 'getAsset' | 'getBySlug' | 'list'>;
  keys: Pick<DeliveryKeysService, 'authenticate' | 'authenticateKnown'>;
  limiter: KeyRateLimiter;
  answers: AnswerCache;
  config: DeliveryConfig;
  /** Whether the server is reached over HTTPS (its public URL): answers then carry Strict-Transport-Security. */
  isHttps: boolean;
}) {
  const { delivery, keys, limiter, answers, config } = options;
  const allowsAnyOrigin = config.corsOrigins.includes('*');
  /** The requests let through on the early path before it left them to the routed one, which does not take a second token. */
  const admitted = new WeakMap<IncomingMessage, DeliveryScope>();
  /** Kept answers are shared by the keys of one scope: what a key may read decides the answer, not which key it is. */
  const scopeKeys = new WeakMap<DeliveryScope, string>();
  const corsOf = new Map<string, Readonly<Record<string, string>>>();
  const answered = (scope: DeliveryScope, url: string, compute: () => Promise<DeliveryAnswer>): Promise<DeliveryAnswer> => {
    let scopeKey = scopeKeys.get(scope);
    if (scopeKey === undefined) {
      scopeKey = JSON.stringify([scope.spaces, scope.locales]);
      scopeKeys.set(scope, scopeKey);
    }
    return answers.get(`${scopeKey} ${url}`, compute);
  };

  return {
    keys,
    headers: answerHeadersOf({ config, common: commonHeaders({ isHttps: options.isHttps }), policy: API_POLICY }) satisfies AnswerHeaders,

    secretOf: (authorization: string | undefined): string | undefined => BEARER.exec(authorization ?? '')?.[1],

    /** The CORS headers of an answer to a browser of a configured origin, and Vary, which every answer carries. */
    corsHeaders(origin: string | undefined): Readonly<Record<string, string>> {
      if (origin === undefined || !(allowsAnyOrigin || config.corsOrigins.includes(origin))) return VARY;
      let headers = corsOf.get(origin);
      if (!headers) {
        headers = { 'access-control-allow-origin': allowsAnyOrigin ? '*' : origin, 'access-control-expose-headers': CORS_HEADERS.exposed, ...VARY };
        corsOf.set(origin, headers);
      }
      return headers;
    },

    /** Takes a token of the key's rate for the request, which is then let through with the key's scope. */
    take(request: IncomingMessage, scope: DeliveryScope): { ok: true } | { ok: false; retryAfterSeconds: number } {
      const taken = limiter.take(scope.keyId, scope.requestsPerSecond ?? config.requestsPerSecond);
      if (taken.ok) admitted.set(request, scope);
      return taken;
    },

    /** The scope the early path let the request through with, if it did. */
    admittedBefore: (request: IncomingMessage): DeliveryScope | undefined => admitted.get(request),

    /** One live version by id and locale, as answered to `url` (answers are kept by scope and URL, answerCache.ts). */
    readAsset: (scope: DeliveryScope, url: string, input: { id: string; locale: string; fields: readonly string[] | undefined }) =>
      answered(scope, url, async () => answerOf(await delivery.getAsset(scope, input))),

    /** The live version that owns a URI slug; its answer names the slug among its purge keys. */
    readSlug: (scope: DeliveryScope, url: string, input: { slugId: string; fields: readonly string[] | undefined }) =>
      answered(scope, url, async () => answerOf(await delivery.getBySlug(scope, input), [surrogateKeyOfSlug(input.slugId)])),

    /** A page of a list; its answer names every list among its purge keys. */
    readList: (scope: DeliveryScope, url: string, query: Parameters<DeliveryService['list']>[1]) =>
      answered(scope, url, async () => answerOf(await delivery.list(scope, query), [LIST_SURROGATE_KEY])),
  };
}

export type DeliveryGate = ReturnType<typeof createDeliveryGate>;
