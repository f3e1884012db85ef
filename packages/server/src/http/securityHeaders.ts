import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EMBED_FRAME_HOSTS, MEDIA_PREFIX } from '@editor/domain';

/**
 * The browser protections of every response, by kind: the app's page, the sign-in pages, the preview documents the app
 * frames, the image service's answers under /media (images, uploads and their errors), and everything else (JSON,
 * scripts, files), which a browser must never render as a page of ours.
 */
export type ResponseKind = 'app' | 'sign-in' | 'preview' | 'api-reference' | 'media' | 'api';

export interface SecurityHeaderOptions {
  /** `PUBLIC_URL`: HSTS only when it is https, and the origin the app's own calls go to. */
  publicUrl: string;
  /** The OpenID issuer the browser signs in at (`$PUBLIC_URL/oidc` when embedded). */
  issuer: string;
  /** Where images come from besides this server (`imageDeliveryBaseUrl` of the app config), if anywhere. */
  imageDeliveryBaseUrl?: string | undefined;
  /** Other addresses the browser posts to itself, such as an image service's upload endpoint. */
  connectTo?: readonly string[];
}

/** A CSP written from its directives and their sources. */
const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

const hashOf = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** JSON, scripts and files: nothing may run, load or frame them as a document. */
export const API_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * Everything under /media (delivered images, the upload endpoint's answers, their errors and 404s): opened on its own,
 * it loads and runs nothing, is framed by nobody, and is sandboxed into an origin of its own.
 */
export const MEDIA_POLICY = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], sandbox: [] });

/** An SVG delivered unchanged: as above, but its inline styles still draw. */
export const SVG_POLICY = policy({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], sandbox: [] });

/**
 * The sign-in pages' policy: their one inline style sheet and the logout page's one script, allowed by hash (the
 * provider passes its own texts); posts only to us.
 */
export function signInPolicy(inline: { style: string; script: string }): string {
  return policy({
    'default-src': ["'none'"],
    'style-src': [hashOf(inline.style)],
    'script-src': [hashOf(inline.script)],
    'img-src': ['data:'],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The API reference page (swagger-ui): its own scripts and style sheets, the inline styles its components set, its
 * data: icons, and its one call for the OpenAPI document; framed by nobody.
 */
export const API_REFERENCE_POLICY = policy({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** Where the API reference page lives (`ops/openapi.ts` serves it). */
export const API_REFERENCE_PREFIX = '/api/docs';

function originOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins of `addresses` that are not this server's own (which `'self'` already covers). */
function others(publicUrl: string, addresses: ReadonlyArray<string | undefined>): string[] {
  const own = originOf(publicUrl);
  return [...new Set(addresses.map(originOf).filter((origin): origin is string => origin !== undefined && origin !== own))];
}

/**
 * The app's page: its own scripts and style sheets; inline styles too, since Mantine writes its theme variables into
 * `<style>` elements at run time and its components (and ours) set `style` attributes. Images from here, `blob:` (a
 * chosen file's thumbnail before upload), `data:` and the image delivery host; calls to here and the sign-in issuer;
 * frames only of our own preview, of the allow-listed embed hosts (service embeds, always in a sandboxed iframe) and of
 * the issuer (the quiet sign-in's hidden frame, which the issuer redirects back here); framed by nobody.
 */
export function appPolicy(options: SecurityHeaderOptions): string {
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'blob:', 'data:', ...others(options.publicUrl, [options.imageDeliveryBaseUrl])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...others(options.publicUrl, [options.issuer, ...(options.connectTo ?? [])])],
    'frame-src': ["'self'", ...EMBED_FRAME_HOSTS, ...others(options.publicUrl, [options.issuer])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...others(options.publicUrl, [options.issuer])],
    'frame-ancestors': ["'none'"],
  });
}

/** A preview document: its own inline styles and the article's images; runs nothing; frames only the allow-listed embed hosts (sandboxed); framed by the app only. */
export function previewPolicy(options: Pick<SecurityHeaderOptions, 'publicUrl' | 'imageDeliveryBaseUrl'>): string {
  return policy({
    'default-src': ["'none'"],
    'img-src': ["'self'", 'data:', ...others(options.publicUrl, [options.imageDeliveryBaseUrl])],
    'style-src': ["'unsafe-inline'"],
    'frame-src': [...EMBED_FRAME_HOSTS],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
  });
}

/** The headers every response carries whatever its kind; HSTS only where browsers reach us over https. */
export function commonHeaders(options: { isHttps: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.isHttps ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/**
 * The headers of a delivered image, for the image delivery route to adopt: an image opened on its own runs nothing and
 * is sandboxed; an SVG (which could carry script) keeps its inline styles.
 */
export function imageDeliveryHeaders(options: { isSvg: boolean; isHttps: boolean }): Record<string, string> {
  return { ...commonHeaders(options), 'content-security-policy': options.isSvg ? SVG_POLICY : MEDIA_POLICY };
}

const isHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/** The sign-in pages' headers on a raw response (the provider answers outside Fastify's hooks). */
export function applySignInHeaders(response: ServerResponse, options: { isHttps: boolean; policy: string }): void {
  const headers = { ...commonHeaders(options), 'content-security-policy': options.policy, 'x-frame-options': 'DENY' };
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

const SIGN_IN_PREFIXES = ['/oidc/', '/interaction/'];
const PREVIEW_PREFIX = '/preview/';

/**
 * Which kind of response a request gets: by its path and, for the app's page, by its content type. Everything under
 * /media is of the image service, whatever answered it (a route, an error, the not-found handler).
 */
export function responseKindOf(url: string, contentType: string | undefined): ResponseKind {
  const path = url.split('?')[0] ?? '';
  if (path === MEDIA_PREFIX || path.startsWith(`${MEDIA_PREFIX}/`)) return 'media';
  if (path === '/oidc' || SIGN_IN_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'sign-in';
  if (path.startsWith(PREVIEW_PREFIX)) return 'preview';
  if ((path === API_REFERENCE_PREFIX || path.startsWith(`${API_REFERENCE_PREFIX}/`)) && (contentType ?? '').startsWith('text/html')) return 'api-reference';
  if (!path.startsWith('/api/') && (contentType ?? '').startsWith('text/html')) return 'app';
  return 'api';
}

function setMissing(reply: FastifyReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
}

/**
 * Adds the browser protections of its kind to every response Fastify sends, by one app-wide onSend hook, so answers
 * no route made (404s, errors, refusals before a route ran) get them too; a header a route set itself stays.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions & { signInPolicy: string }): void {
  const policies: Record<ResponseKind, string> = {
    app: appPolicy(options),
    'sign-in': options.signInPolicy,
    preview: previewPolicy(options),
    'api-reference': API_REFERENCE_POLICY,
    media: MEDIA_POLICY,
    api: API_POLICY,
  };
  const common = commonHeaders({ isHttps: isHttps(options.publicUrl) });
  app.addHook('onSend', async (request, reply, payload) => {
    // A 304's headers replace the stored answer's: its policy stays the one of the page it revalidates.
    if (reply.statusCode === 304) {
      setMissing(reply, common);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const kind = responseKindOf(request.url, typeof contentType === 'string' ? contentType : undefined);
    setMissing(reply, { ...common, 'content-security-policy': policies[kind], ...(kind === 'app' || kind === 'sign-in' || kind === 'api-reference' ? { 'x-frame-options': 'DENY' } : {}) });
    return payload;
  });
}
