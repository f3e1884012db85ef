import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
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
  const purgeKeys = surrogateKeys([...keys, ...delivered.assetIds.map(surrogateKeyOfAsset)]);
  return {
    json,
    bytes: Buffer.byteLength(json),
    etag: delivered.etag ?? etagOf(json),
    keys: purgeKeys,
    surrogateKey: purgeKeys.join(' '),
    cacheTag: purgeKeys.join(','),
    validUntil: delivered.validUntil,
  };
}

/** The headers every successful delivery answer carries besides its own: the browser protections of a JSON answer, Cache-Control. */
export interface AnswerHeaders {
  /** Of every answer, a 304 included (`commonHeaders`). */
  common: Readonly<Record<string, string>>;
  /** The Content-Security-Policy of a JSON answer. */
  policy: string;
  cacheControl: string;
}

export function answerHeadersOf(input: { config: DeliveryConfig; common: Readonly<Record<string, string>>; policy: string }): AnswerHeaders {
  return { common: input.common, policy: input.policy, cacheControl: `public, max-age=${input.config.maxAgeSeconds}, stale-while-revalidate=${input.config.staleWhileRevalidateSeconds}` };
}

/** Whether the client may take a compressed answer (the compression plugin's codings, or any): such an answer is made by that plugin. */
const TAKES_CODING = /br|gzip|deflate|\*/i;
export const takesCoding = (acceptEncoding: string | undefined): boolean => acceptEncoding !== undefined && TAKES_CODING.test(acceptEncoding);

type HeaderValue = string | number | string[] | undefined;

/**
 * Writes an answer uncompressed, its headers and JSON at once (304 when `If-None-Match` matches it): `before` (CORS,
 * Vary) first, then the browser protections of a JSON answer and its cache headers, as the app's onSend hooks would
 * add them. Answers its status.
 */
export function writeAnswer(response: ServerResponse, request: { method: string | undefined; ifNoneMatch: string | undefined }, answer: DeliveryAnswer, headers: AnswerHeaders, before: Readonly<Record<string, HeaderValue>>): number {
  const matched = matchingTag(request.ifNoneMatch, answer.etag);
  const sent: Record<string, HeaderValue> = {
    ...before,
    ...headers.common,
    'cache-control': headers.cacheControl,
    'surrogate-key': answer.surrogateKey,
    'cache-tag': answer.cacheTag,
    etag: matched ?? answer.etag,
  };
  if (matched !== undefined) {
    response.writeHead(304, sent).end();
    return 304;
  }
  sent['content-security-policy'] = headers.policy;
  sent['content-type'] = 'application/json; charset=utf-8';
  sent['content-length'] = answer.bytes;
  response.writeHead(200, sent).end(request.method === 'HEAD' ? undefined : answer.json);
  return 200;
}

/**
 * Sends a delivery answer with its cache headers: a strong ETag (304 to a matching `If-None-Match`), Cache-Control
 * from the configuration (public: a CDN may keep it, apart per key and origin as `Vary` says), and the purge keys of
 * every asset it names.
 *
 * An answer the client takes uncompressed goes out as it is (docs/decisions.md, "The delivery API's lean path"): its
 * JSON bytes and headers written at once, past the app's onSend hooks, with the same headers they would add (the
 * browser protections of a JSON answer); a compressed one goes through them and the compression plugin.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: DeliveryAnswer, headers: AnswerHeaders) {
  if (!takesCoding(request.headers['accept-encoding'])) {
    const before = reply.getHeaders();
    reply.hijack();
    writeAnswer(reply.raw, { method: request.method, ifNoneMatch: request.headers['if-none-match'] }, answer, headers, before);
    return reply;
  }
  const matched = matchingTag(request.headers['if-none-match'], answer.etag);
  reply.header('cache-control', headers.cacheControl).header('surrogate-key', answer.surrogateKey).header('cache-tag', answer.cacheTag);
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
