import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveryConfig } from './deliveryConfig.ts';
import type { Delivered } from './service.ts';

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

/**
 * Sends a delivered answer with its cache headers: a strong ETag (304 to a matching `If-None-Match`), Cache-Control
 * from the configuration (public: a CDN may keep it, apart per key and origin as `Vary` says), and the purge keys of every asset
 * it names. `keys` come first: those of the answer itself (its slug, the list).
 */
export function sendDelivered(request: FastifyRequest, reply: FastifyReply, delivered: Delivered<unknown>, options: { config: DeliveryConfig; keys?: readonly string[] }) {
  const json = JSON.stringify(delivered.body);
  const etag = etagOf(json);
  const keys = surrogateKeys([...(options.keys ?? []), ...delivered.assetIds.map(surrogateKeyOfAsset)]);
  const { maxAgeSeconds, staleWhileRevalidateSeconds } = options.config;
  reply
    .header('cache-control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`)
    .header('surrogate-key', keys.join(' '))
    .header('cache-tag', keys.join(','));
  const matched = matchingTag(request.headers['if-none-match'], etag);
  if (matched !== undefined) return reply.header('etag', matched).code(304).send();
  return reply.header('etag', etag).type('application/json; charset=utf-8').send(json);
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
