import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveredJson, DeliveryAnswer } from './answerCache.ts';
import type { DeliveryConfig } from './deliveryConfig.ts';

/** Purge keys of a CDN (`Surrogate-Key`, `Cache-Tag`): each asset an answer names, every list, a slug's answer. */
export const surrogateKeyOfAsset = (id: string) => `asset-${id}`;
export const LIST_SURROGATE_KEY = 'delivery-list';
export const surrogateKeyOfSlug = (slugId: string) => `slug-${slugId}`;
/** CDNs take about 16 KB of purge keys per answer; past this, a list's further asset keys are left out (`delivery-list` stays). */
const MAX_SURROGATE_KEY_LENGTH = 15_000;

/** The content codings the compression plugin answers with, which a strong ETag tells apart (`"<hash>-br"`). */
const CODINGS = ['br', 'gzip', 'deflate'];
const CODING_SUFFIX = new RegExp(`-(?:${CODINGS.join('|')})"$`);

/** A strong ETag of an answer's JSON: the first 192 bits of its SHA-256. */
export function etagOf(json: string): string {
  return `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/**
 * The tag of `If-None-Match` that matches the answer's ETag, whatever content coding the client had it in (`*` matches
 * anything), or undefined. Tags compare by their opaque value, as RFC 9110 has If-None-Match do.
 */
export function matchingTag(header: string | undefined, etag: string): string | undefined {
  if (!header) return undefined;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return etag;
    const opaque = tag.replace(/^W\//, '');
    if (opaque === etag || opaque.replace(CODING_SUFFIX, '"') === etag) return opaque;
  }
  return undefined;
}

function surrogateKeys(keys: readonly string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const key of new Set(keys)) {
    if (length + key.length + 1 > MAX_SURROGATE_KEY_LENGTH) break;
    kept.push(key);
    length += key.length + 1;
  }
  return kept;
}

/** A delivered answer as it goes out: its JSON, strong ETag and purge keys (`keys` first: the answer's own, its slug or the list). */
export function answerOf(delivered: DeliveredJson, keys: readonly string[] = []): DeliveryAnswer {
  const { json } = delivered;
  return { json, etag: delivered.etag ?? etagOf(json), keys: surrogateKeys([...keys, ...delivered.assetIds.map(surrogateKeyOfAsset)]), validUntil: delivered.validUntil };
}

/**
 * Sends a delivery answer with its cache headers: a strong ETag (304 to a matching `If-None-Match`), Cache-Control
 * from the configuration (public: a CDN may keep it, apart per key and origin as `Vary` says), and the purge keys of
 * every asset it names.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: DeliveryAnswer, config: DeliveryConfig) {
  reply
    .header('cache-control', `public, max-age=${config.maxAgeSeconds}, stale-while-revalidate=${config.staleWhileRevalidateSeconds}`)
    .header('surrogate-key', answer.keys.join(' '))
    .header('cache-tag', answer.keys.join(','));
  const matched = matchingTag(request.headers['if-none-match'], answer.etag);
  if (matched !== undefined) return reply.header('etag', matched).code(304).send();
  return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.json);
}

/**
 * After the compression plugin: a compressed answer is another representation, so its strong ETag names the coding
 * (`"<hash>-gzip"`), which `matchingTag` reads back. Errors are never kept by a cache.
 */
export function finishDeliveryHeaders(reply: FastifyReply): void {
  if (reply.statusCode >= 400) {
    reply.header('cache-control', 'no-store');
    return;
  }
  const etag = reply.getHeader('etag');
  const coding = reply.getHeader('content-encoding');
  if (typeof etag === 'string' && typeof coding === 'string' && CODINGS.includes(coding) && !CODING_SUFFIX.test(etag)) reply.header('etag', etag.replace(/"$/, `-${coding}"`));
}
