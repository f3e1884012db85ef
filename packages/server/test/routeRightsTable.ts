// Who may call each registered route, by the domain's rules; routeRights.test.ts calls every route as every caller.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  assetRights,
  canCreateStencil,
  canCreateTagIn,
  canEditPreviewClips,
  canImportByUrl,
  canImportMasterData,
  canManageDeliveryKeys,
  canManageTrash,
  canManageWebhooks,
  canReadAsset,
  canReadAuditLog,
  canUnlockSignIn,
  canTranslate,
  creatableSpaces,
  isAdmin,
  isCreator,
  mayUseLink,
  slugIdOf,
  type AssetAccessSubject,
  type AssetLinkRelation,
  type HttpMethod,
  type Rights,
  type StencilDefinition,
} from '@editor/domain';
import { DEMO_ACCOUNTS } from '../src/demo/demoAccounts.ts';
import { insertDeliveryKey } from '../src/modules/delivery/deliveryFactories.ts';
import type { MediaArchiveService } from '../src/modules/media-archive/service.ts';
import type { TestApp, TestUser } from './harness.ts';
import { multipartForm, requestSignature, uploadAs } from './uploadForm.ts';
import { REFERENCE_DATA_ROUTE_RIGHTS } from './referenceDataRights.ts';

export const NO_ROLES = 'no-roles';
export const ANONYMOUS = 'anonymous';
export const CALLERS: readonly string[] = [...DEMO_ACCOUNTS.map((account) => account.username), NO_ROLES, ANONYMOUS];
export const REFUSALS = [401, 403, 404];
export const SUCCESSES = Array.from({ length: 100 }, (_, index) => 200 + index);
/**
 * Tables a refused call may still write, or that change while it runs: the audit log records it, the user's row follows
 * the token, the sign-in provider keeps its sessions, and the delivery API's ready documents are made in the background
 * from the published versions (watched themselves) that earlier calls changed; the live events are stored after the
 * answer of an earlier call that wrote.
 */
export const UNWATCHED_TABLES = new Set(['audit_log', 'app_user', 'oidc_model', 'delivery_document', 'delivery_document_target', 'delivery_document_queue', 'live_event']);
export const METRICS_TOKEN = 'route-rights-metrics-token';

/** Everything a call may need: the app, the installed stencils and what the calls act on. */
export interface World {
  t: TestApp;
  stencil: (name: string) => StencilDefinition;
  /** Who builds what the calls act on: every role, space and locale, but no demo user. */
  builder: TestUser;
  /** A story in rbcom, en and de, with a hero image: the read calls' subject. */
  story: string;
  heroImage: string;
  eventProfile: string;
  video: string;
  marker: string;
  tagParent: string;
  previewToken: string;
  /** The secret of a delivery key of rbcom in en and de. */
  deliverySecret: string;
  /** A new story in rbcom, en and de (a draft, or published in en), for a call that may change it. */
  newStory: (options?: { published?: boolean }) => Promise<string>;
  archive: MediaArchiveService;
  archiveDir: string;
  authOf: (user: TestUser) => Promise<{ authorization: string }>;
}

export interface Call {
  method: HttpMethod | 'OPTIONS';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** Builds a call, with what it acts on when it may change it. */
export type MakeCall = (world: World, caller?: TestUser) => Call | Promise<Call>;

/** A route that needs a signed-in caller: who may call it, and how. */
export interface SignedInRight {
  /** What the case calls, when one route serves two calls (create and translate). */
  name?: string;
  /** Who may call it, by the domain's rules; `sub` names the caller, for what is a user's own. */
  may: (rights: Rights, world: World, sub: string) => boolean;
  /** The call; a call that may change what it acts on builds it fresh. */
  call: MakeCall;
  /** What a caller who may is answered, when it is not a 2xx, and why. */
  answers?: { status: number; why: string };
  /** Stores nothing unless this holds, though the caller may call (a bulk call answers each item on its own). */
  storesOnlyIf?: (rights: Rights, world: World, sub: string) => boolean;
  /** A GET that stores (the imports). */
  writes?: boolean;
  /** What the answer shows of the rights at work inside it (lists filtered by space...). */
  verify?: (response: LightMyRequestResponse, rights: Rights, world: World) => void;
}

/** A route that answers without a bearer token: why, how, and the call without its own credential, which is refused. */
export interface PublicRight {
  public: string;
  call: MakeCall;
  answers?: { status: number; why: string };
  forged?: MakeCall;
  /** Stores what it is given (the upload); every other public call stores nothing. */
  stores?: true;
}

export type RouteRight = SignedInRight | PublicRight;

export const STORY_DRAFT: AssetAccessSubject = { stencil: 'story', spaces: ['rbcom'], localization: 'en', status: 'draft' };
const STORY_PUBLISHED: AssetAccessSubject = { ...STORY_DRAFT, status: 'published' };
export const VALID_STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
export const version = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;

/** Spec 000 §6: whether the rights allow `method` on the link `relation` of the subject version, as the presenter offers it. */
export const onLink =
  (relation: AssetLinkRelation, method: HttpMethod, subject: AssetAccessSubject = STORY_DRAFT) =>
  (rights: Rights, world: World) =>
    mayUseLink(assetRights({ rights, asset: subject, previewable: world.stencil(subject.stencil).previewable, previewExcludedSpaces: world.t.config.previewExcludedSpaces }), relation, method);
const reads = (rights: Rights) => canReadAsset(rights, STORY_DRAFT);
export const signedIn = () => true;
const nobody = () => false;

/** A form the embedded image service would take from anyone holding the signature: a small JPEG after the fields. */
export async function imageForm(fields: Record<string, string>) {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f7d4f' } }).jpeg().toBuffer();
  return multipartForm(fields, { filename: 'route-rights.jpg', contentType: 'image/jpeg', data });
}

const API_REFERENCE = 'the API reference (docs/decisions.md): documentation, no data';
export const SIGN_IN = 'the embedded sign-in provider: its own protocol decides, the credentials are the authorisation';

/** The oidc-provider's catch-all: one entry per method it registers, each called as a client would. */
const signInProviderRoutes = (pattern: string): Record<string, PublicRight> => ({
  [`GET ${pattern}`]: { public: SIGN_IN, call: () => ({ method: 'GET', url: '/oidc/.well-known/openid-configuration' }) },
  [`POST ${pattern}`]: { public: SIGN_IN, call: () => ({ method: 'POST', url: '/oidc/token', payload: {} }), answers: { status: 400, why: 'a token request without a grant' } },
  [`OPTIONS ${pattern}`]: { public: SIGN_IN, call: () => ({ method: 'OPTIONS', url: '/oidc/token', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } }) },
  [`DELETE ${pattern}`]: { public: SIGN_IN, call: () => ({ method: 'DELETE', url: '/oidc/session' }), answers: { status: 404, why: 'the provider has no DELETE call' } },
  [`PUT ${pattern}`]: { public: SIGN_IN, call: () => ({ method: 'PUT', url: '/oidc/session' }), answers: { status: 404, why: 'the provider has no PUT call' } },
});
/** The provider's root itself answers nothing of its own. */
export const signInProviderRoot = (): Record<string, PublicRight> =>
  Object.fromEntries((['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'] as const).map((method) => [`${method} /oidc`, { public: SIGN_IN, call: () => ({ method, url: '/oidc' }), answers: { status: 404, why: 'the root is no call of the provider' } }]));

const newDeliveryKey = (world: World) => insertDeliveryKey(world.t.database.db, { spaces: ['rbcom'], locales: ['en'] });
/** A webhook endpoint with one failed delivery, for the calls that act on them. */
export async function newWebhook(world: World): Promise<{ id: string; deliveryId: string }> {
  const [id, deliveryId, at] = [crypto.randomUUID(), crypto.randomUUID(), new Date().toISOString()];
  const { db } = world.t.database;
  await db
    .insertInto('webhook_endpoint')
    .values({ id, url: 'https://hooks.example.com/in', description: '', events: '["asset.published"]', spaces: null, enabled: 1, secret: 'whsec_AAAA', created_at: at, created_by: 'Rights', updated_at: at, updated_by: 'Rights' })
    .execute();
  await db
    .insertInto('webhook_delivery')
    .values({ id: deliveryId, endpoint_id: id, event_type: 'webhook.test', data: JSON.stringify({ endpointId: id }), created_at: at, status: 'failed', attempts: 1, next_attempt_at: at, claimed_by: null, retry_until: at, finished_at: at })
    .execute();
  return { id, deliveryId };
}
const DELIVERY = 'the delivery API: its delivery key is the credential';
export const deliveryCall = (url: string) => (world: World): Call => ({ method: 'GET', url, headers: { authorization: `Bearer ${world.deliverySecret}` } });
const forgedDeliveryCall = (url: string) => (world: World): Call => ({ method: 'GET', url, headers: { authorization: `Bearer ${world.deliverySecret.slice(0, -4)}AAAA` } });
export const deliveryRoutes = (): Record<string, PublicRight> => ({
  'GET /delivery/v1/assets': { public: DELIVERY, call: deliveryCall('/delivery/v1/assets'), forged: forgedDeliveryCall('/delivery/v1/assets') },
  'GET /delivery/v1/assets/:id/localizations/:locale': {
    public: DELIVERY,
    call: (world) => deliveryCall(`/delivery/v1/assets/${world.story}/localizations/en`)(world),
    answers: { status: 404, why: 'the story is a draft, which is not delivered' },
    forged: (world) => forgedDeliveryCall(`/delivery/v1/assets/${world.story}/localizations/en`)(world),
  },
  'GET /delivery/v1/slugs/:slugId': {
    public: DELIVERY,
    call: deliveryCall('/delivery/v1/slugs/rbcom:en-INT:route-rights'),
    answers: { status: 404, why: 'no live version owns the slug' },
    forged: forgedDeliveryCall('/delivery/v1/slugs/rbcom:en-INT:route-rights'),
  },
  'OPTIONS /delivery/v1/*': { public: 'the CORS preflight of the delivery API, which browsers send without credentials', call: () => ({ method: 'OPTIONS', url: '/delivery/v1/assets', headers: { origin: 'https://www.example.com' } }) },
});

/**
 * Who may call each route, keyed `METHOD pattern` as Fastify registers it. Rights come from the domain's rules (spec
 * 000 §6): asset calls from the link table (`mayUseLink`), creation and translation from the stencil rules, the rest
 * from the rule each route's module names.
 */
export const ROUTE_RIGHTS: Record<string, RouteRight | RouteRight[]> = {
  // The API reference and operations.
  'GET /api/docs': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs' }) },
  'GET /api/docs/static/index.html': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs/static/index.html' }), answers: { status: 302, why: 'it sends the browser to the page' } },
  'GET /api/docs/static/swagger-initializer.js': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/json': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  'GET /api/docs/static/*': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/openapi.json': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/api/openapi.json' }) },
  'GET /documentation/json': { public: API_REFERENCE, call: () => ({ method: 'GET', url: '/documentation/json' }) },
  // Only the scraper holding METRICS_TOKEN, which no user's token is.
  'GET /api/metrics': { may: nobody, call: () => ({ method: 'GET', url: '/api/metrics' }) },
  'GET /api/health': { public: 'load balancers ask it without credentials', call: () => ({ method: 'GET', url: '/api/health' }) },
  'GET /api/health/live': { public: 'load balancers ask it without credentials', call: () => ({ method: 'GET', url: '/api/health/live' }) },
  'GET /api/health/ready': { public: 'load balancers ask it without credentials', call: () => ({ method: 'GET', url: '/api/health/ready' }) },

  // Sign-in.
  ...signInProviderRoot(),
  ...signInProviderRoutes('/oidc/*'),
  'GET /interaction/:uid': { public: SIGN_IN, call: () => ({ method: 'GET', url: '/interaction/no-such-interaction' }), answers: { status: 400, why: 'no sign-in is under way' } },
  'POST /interaction/:uid/login': {
    public: SIGN_IN,
    call: () => ({ method: 'POST', url: '/interaction/no-such-interaction/login', payload: { username: 'editor', password: 'editor' } }),
    answers: { status: 401, why: 'no sign-in is under way' },
  },
  'GET /app-config.js': { public: 'the app reads its configuration before sign-in', call: () => ({ method: 'GET', url: '/app-config.js' }) },
  'GET /silent-callback': { public: SIGN_IN, call: () => ({ method: 'GET', url: '/silent-callback?error=login_required&state=s' }) },

  // Public like a CDN: <img>, <video> and the preview frame send no bearer token.
  'GET /media/image/upload/*': { public: 'image delivery, like a CDN', call: (world) => ({ method: 'GET', url: `/media/image/upload/w_200/${world.heroImage}` }) },
  'GET /media/thumbnail/:provider/:referenceId': { public: 'image delivery, like a CDN', call: (world) => ({ method: 'GET', url: `/media/thumbnail/cloudinary/${world.heroImage}` }) },
  'GET /media/archive/:id/:resourceType': { public: 'archive files, like image delivery', call: (world) => ({ method: 'GET', url: `/media/archive/${world.video}/original` }) },
  'POST /media/v1_1/:cloud/image/upload': {
    public: 'the signed form is the authorisation',
    stores: true,
    call: async (world) => {
      const signature = await requestSignature(world.t, world.builder);
      const form = await imageForm(signature.fields);
      return { method: 'POST', url: signature.upload_url, headers: form.headers, payload: form.payload };
    },
    forged: async (world) => {
      const signature = await requestSignature(world.t, world.builder);
      const form = await imageForm({ ...signature.fields, signature: '0'.repeat(signature.fields.signature?.length ?? 40) });
      return { method: 'POST', url: signature.upload_url, headers: form.headers, payload: form.payload };
    },
  },
  'GET /preview/:token/page': {
    public: 'the expiring random token is the key',
    call: (world) => ({ method: 'GET', url: `/preview/${world.previewToken}/page` }),
    forged: () => ({ method: 'GET', url: `/preview/${crypto.randomBytes(24).toString('base64url')}/page` }),
  },
  'GET /preview/:token/feature-card': {
    public: 'the expiring random token is the key',
    call: (world) => ({ method: 'GET', url: `/preview/${world.previewToken}/feature-card` }),
    forged: () => ({ method: 'GET', url: `/preview/${crypto.randomBytes(24).toString('base64url')}/feature-card` }),
  },
  // The delivery API: a delivery key is the credential, never a sign-in (modules/delivery).
  ...deliveryRoutes(),

  // Live updates: the stream (a poll here, which ends) filters what it carries by the read rule; presence is only in what the user may read.
  'GET /api/v1/live': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/live?mode=poll' }) },
  'PUT /api/v1/live/presence': { may: reads, call: (world) => ({ method: 'PUT', url: '/api/v1/live/presence', payload: { tab: 'route-rights-tab', assetId: world.story, locale: 'en', field: null } }) },
  'DELETE /api/v1/live/presence/:tab': { may: signedIn, call: () => ({ method: 'DELETE', url: '/api/v1/live/presence/route-rights-tab' }) },

  // The user's own data: anyone signed in, for themselves.
  'GET /api/v1/user': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/user' }) },
  'GET /api/v1/users': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/users?q=a' }) },
  'GET /api/v1/user/settings': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/user/settings' }) },
  'PUT /api/v1/user/settings': {
    may: signedIn,
    call: () => ({ method: 'PUT', url: '/api/v1/user/settings', payload: { preferredLocalization: null, defaultSpace: null, defaultFilter: null, useAutoFilter: false } }),
  },
  'POST /api/v1/user/filters': { may: signedIn, call: () => ({ method: 'POST', url: '/api/v1/user/filters', payload: { filters: { q: 'cliff' } } }) },
  // A filter belongs to the user who saved it: here Emma Editor's.
  // Signing out ends the caller's own sign-in: a token of its own, so that the walk's other calls keep theirs.
  'POST /api/v1/user/sign-out': {
    may: signedIn,
    call: async (world, caller): Promise<Call> => {
      const token = caller ? await world.t.tokenFor(caller, { jti: crypto.randomUUID() }) : undefined;
      return { method: 'POST', url: '/api/v1/user/sign-out', headers: token ? { authorization: `Bearer ${token}` } : {} };
    },
  },
  'DELETE /api/v1/user/filters/:filterId': {
    may: (_rights, _world, sub) => sub === 'editor',
    call: async (world) => {
      const saved = await world.t.app.inject({ method: 'POST', url: '/api/v1/user/filters', headers: await world.authOf(demoUser('editor', world)), payload: { filters: { q: 'rally' } } });
      return { method: 'DELETE', url: `/api/v1/user/filters/${saved.json<{ id: string }>().id}` };
    },
  },

  // Stencils: their definitions are no secret; the list offers what the caller may create (canCreateStencil).
  'GET /api/v1/stencils': {
    may: signedIn,
    call: () => ({ method: 'GET', url: '/api/v1/stencils?space=rbcom&localization=en' }),
    verify: (response, rights, world) => {
      const offered = response.json<Array<{ name: string }>>().map((stencil) => stencil.name);
      expect(offered.includes('story')).toBe(canCreateStencil({ rights, stencil: world.stencil('story'), space: 'rbcom', locale: 'en', enabledFeatures: world.t.config.features }));
    },
  },
  'GET /api/v1/stencils/:name': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/stencils/story' }) },
  'GET /api/crepo/schemas/attributes': { may: signedIn, call: () => ({ method: 'GET', url: '/api/crepo/schemas/attributes' }) },

  // Assets: the read right is a space of the asset's (canReadAsset); the rest follow the version's links.
  'GET /api/v1/assets/:id': { may: reads, call: (world) => ({ method: 'GET', url: `/api/v1/assets/${world.story}` }) },
  'GET /api/v1/assets/:id/localization': { may: reads, call: (world) => ({ method: 'GET', url: `/api/v1/assets/${world.story}/localization?localization=en` }) },
  'GET /api/v1/assets/:id/image-url': { may: reads, call: (world) => ({ method: 'GET', url: `/api/v1/assets/${world.story}/image-url?localization=en` }) },
  'GET /api/v1/assets/:id/localizations/:locale': { may: onLink('self', 'GET'), call: (world) => ({ method: 'GET', url: version(world.story) }) },
  'POST /api/v1/assets/:id/localizations/:locale': [
    {
      name: 'create',
      may: (rights, world) => canCreateStencil({ rights, stencil: world.stencil('story'), space: 'rbcom', locale: 'en', enabledFeatures: world.t.config.features }),
      call: () => ({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', payload: { content: VALID_STORY } }),
    },
    {
      name: 'translate',
      may: (rights, world) => canTranslate({ rights, stencil: world.stencil('story'), assetSpaces: STORY_DRAFT.spaces, targetLocale: 'fr' }),
      call: async (world) => ({ method: 'POST', url: version(await world.newStory(), 'fr'), payload: { reference: 'en' } }),
    },
  ],
  'PUT /api/v1/assets/:id/localizations/:locale': {
    may: onLink('self', 'PUT'),
    call: async (world) => ({ method: 'PUT', url: version(await world.newStory()), payload: { content: { ...VALID_STORY, title: { value: 'Changed' } } } }),
  },
  'PATCH /api/v1/assets/:id/localizations/:locale': {
    may: onLink('self', 'PATCH'),
    call: async (world) => ({ method: 'PATCH', url: version(await world.newStory()), payload: { content: { title: { value: 'Changed' } } } }),
  },
  'DELETE /api/v1/assets/:id/localizations/:locale': { may: onLink('self', 'DELETE'), call: async (world) => ({ method: 'DELETE', url: version(await world.newStory()) }) },
  'GET /api/v1/assets/:id/localizations/:locale/usage': { may: onLink('p:usage', 'GET'), call: (world) => ({ method: 'GET', url: `${version(world.story)}/usage` }) },
  'PUT /api/v1/assets/:id/localizations/:locale/bookmark': { may: onLink('p:bookmark', 'PUT'), call: async (world) => ({ method: 'PUT', url: `${version(await world.newStory())}/bookmark` }) },
  'DELETE /api/v1/assets/:id/localizations/:locale/bookmark': { may: onLink('p:bookmark', 'DELETE'), call: async (world) => ({ method: 'DELETE', url: `${version(await world.newStory())}/bookmark` }) },
  // Issue 41 revisions: read with the version; a restore is a save, with its rights and If-Match.
  'GET /api/v1/assets/:id/localizations/:locale/revisions': { may: reads, call: (world) => ({ method: 'GET', url: `${version(world.story)}/revisions` }) },
  'GET /api/v1/assets/:id/localizations/:locale/revisions/compare': { may: reads, call: (world) => ({ method: 'GET', url: `${version(world.story)}/revisions/compare?from=1&to=1` }) },
  'GET /api/v1/assets/:id/localizations/:locale/revisions/:revision': { may: reads, call: (world) => ({ method: 'GET', url: `${version(world.story)}/revisions/1` }) },
  'POST /api/v1/assets/:id/localizations/:locale/revisions/:revision/restore': {
    may: onLink('self', 'PUT'),
    call: async (world) => ({ method: 'POST', url: `${version(await world.newStory())}/revisions/1/restore`, payload: {}, headers: { 'if-match': '"1"' } }),
  },
  'PATCH /api/v1/assets/:id/localizations/:locale/actions/ship': {
    may: onLink('p:ship', 'PATCH'),
    call: async (world) => ({ method: 'PATCH', url: `${version(await world.newStory())}/actions/ship`, payload: { propertiesToShip: ['title'] } }),
  },
  'PATCH /api/v1/assets/:id/actions/bulk-ship': {
    may: onLink('p:ship', 'PATCH'),
    call: async (world) => ({ method: 'PATCH', url: `/api/v1/assets/${await world.newStory()}/actions/bulk-ship`, payload: { sourceLocale: 'en', localesToShip: ['de'], propertiesToShip: ['title'] } }),
  },
  'PUT /api/v1/assets/:id/spaces': {
    may: onLink('p:changeSpaces', 'PUT'),
    call: async (world) => ({ method: 'PUT', url: `/api/v1/assets/${await world.newStory()}/spaces`, payload: { spaces: ['rbcom', 'global'] } }),
  },
  'POST /api/v1/assets/:id/embargo': {
    may: onLink('p:setEmbargoDate', 'POST'),
    call: async (world) => ({ method: 'POST', url: `/api/v1/assets/${await world.newStory()}/embargo`, payload: { startDate: null, endDate: '2031-01-01T00:00:00.000Z' } }),
  },
  // Answers each version on its own: one the caller may not read is a 404 inside the answer.
  'POST /api/v1/assets/localizations/bulk-get': {
    may: signedIn,
    call: (world) => ({ method: 'POST', url: '/api/v1/assets/localizations/bulk-get', payload: { assetLocalizationIdentifiers: [{ id: world.story, localization: 'en' }] } }),
    verify: (response, rights) => {
      const [item] = response.json<{ data: Array<{ status: number; data?: unknown }> }>().data;
      expect(item?.status).toBe(reads(rights) ? 200 : 404);
      expect(item?.data !== undefined).toBe(reads(rights));
    },
  },
  'GET /api/crepo/content/v4/types/rrn::content::event-profiles/resources/:id': {
    may: (rights) => canReadAsset(rights, { spaces: ['rbcom'] }),
    call: (world) => ({ method: 'GET', url: `/api/crepo/content/v4/types/rrn:content:event-profiles/resources/${world.eventProfile}?includeDraft=true&locale=en` }),
  },
  // Lists answer only what the caller may read.
  'GET /api/v1/assets': {
    may: signedIn,
    // The one event profile: the stories the walk makes would push the subject off the first page.
    call: () => ({ method: 'GET', url: '/api/v1/assets?space=rbcom&stencil=event-profile' }),
    verify: (response, rights, world) => {
      const ids = response.json<{ _embedded: { item: Array<{ id: string }> } }>()._embedded.item.map((item) => item.id);
      expect(ids.includes(world.eventProfile)).toBe(canReadAsset(rights, { spaces: ['rbcom'] }));
    },
  },
  'GET /api/crepo/lifecycles/:id': { may: reads, call: (world) => ({ method: 'GET', url: `/api/crepo/lifecycles/${world.story}?localization=en` }) },
  'POST /api/v1/panels/schedules': { may: signedIn, call: () => ({ method: 'POST', url: '/api/v1/panels/schedules', payload: {} }) },
  'GET /api/v1/assets/:id/localizations/:locale/publish-check': { may: onLink('p:publishcheck', 'GET'), call: (world) => ({ method: 'GET', url: `${version(world.story)}/publish-check` }) },
  'POST /api/v1/assets/:id/localizations/:locale/publish': {
    may: onLink('p:publish', 'POST'),
    call: async (world) => ({ method: 'POST', url: `${version(await world.newStory())}/publish`, payload: { publishSchedule: {} } }),
  },
  'POST /api/v1/assets/:id/localizations/:locale/depublish': {
    may: onLink('p:depublish', 'POST', STORY_PUBLISHED),
    call: async (world) => ({ method: 'POST', url: `${version(await world.newStory({ published: true }))}/depublish` }),
  },
  // Spec 000 §7 slug lookup: readable in the spaces the caller holds; a claim needs the claiming version's edit right.
  'GET /api/crepo/urislug-registry/v2/uriSlugs/:slugId': {
    may: (rights) => rights.spaces.includes('rbcom'),
    call: () => ({ method: 'GET', url: `/api/crepo/urislug-registry/v2/uriSlugs/${slugIdOf({ space: 'rbcom', locale: 'en', uriTitle: 'ice-climbing' }) ?? ''}` }),
  },
  'PATCH /api/crepo/urislug-registry/uriSlugs/:slugId/relationships/claimingResource': {
    may: onLink('self', 'PUT'),
    call: async (world) => {
      const id = await world.newStory();
      const slugId = slugIdOf({ space: 'rbcom', locale: 'en', uriTitle: `claim-${id.slice(0, 8)}` }) ?? '';
      return { method: 'PATCH', url: `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`, payload: { data: { id, spaces: ['rbcom'], type: 'story' } } };
    },
  },
  'POST /api/v1/assets/:id/localizations/:locale/preview': {
    may: onLink('p:preview', 'POST'),
    call: (world) => ({ method: 'POST', url: `${version(world.story)}/preview`, payload: { content: VALID_STORY } }),
  },
  'GET /api/v1/assets/:id/localizations/:locale/ai-translations/available-ai-translations': {
    may: reads,
    call: (world) => ({ method: 'GET', url: `${version(world.story)}/ai-translations/available-ai-translations` }),
    verify: (response, rights, world) => {
      const offered = response.json<{ localizations: string[] }>().localizations;
      expect(offered.includes('fr')).toBe(canTranslate({ rights, stencil: world.stencil('story'), assetSpaces: STORY_DRAFT.spaces, targetLocale: 'fr' }));
    },
  },
  'POST /api/v1/assets/:id/localizations/:locale/ai-translations': {
    may: (rights, world) => canTranslate({ rights, stencil: world.stencil('story'), assetSpaces: STORY_DRAFT.spaces, targetLocale: 'fr' }),
    call: async (world) => ({ method: 'POST', url: `${version(await world.newStory(), 'fr')}/ai-translations?reference=en` }),
  },
  // Spec 002 §7 bulk patch: answers each locale's result; a locale the caller may not edit is refused inside the answer.
  'POST /api/v1/assets/:id/actions/bulk-patch': {
    may: reads,
    storesOnlyIf: onLink('self', 'PATCH'),
    call: async (world) => ({ method: 'POST', url: `/api/v1/assets/${await world.newStory()}/actions/bulk-patch`, payload: { locales: ['en'], content: { title: { value: 'Changed' } }, publish: false } }),
    verify: (response, rights, world) => {
      const result = response.json<{ data: Record<string, { updateStatus: string }> }>().data.en;
      expect(result?.updateStatus).toBe(onLink('self', 'PATCH')(rights, world) ? 'save-success' : 'error');
    },
  },

  // The dashboard: lists of what the caller's spaces hold.
  'POST /api/v1/panels/trending-content': { may: signedIn, call: () => ({ method: 'POST', url: '/api/v1/panels/trending-content', payload: {} }) },
  'POST /api/v1/panels/athletes': { may: signedIn, call: () => ({ method: 'POST', url: '/api/v1/panels/athletes', payload: {} }) },
  'GET /api/v1/events': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events' }) },
  'GET /api/v1/events/past': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/past' }) },
  'GET /api/v1/events/initial': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/initial' }) },
  'GET /api/v1/events/maintainable': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/maintainable' }) },
  'GET /api/crepo/url-composer/v1/resources/:id/links': { may: reads, call: (world) => ({ method: 'GET', url: `/api/crepo/url-composer/v1/resources/${world.story}/links?localization=en` }) },
  'POST /api/v1/suggestions/tags/:type': {
    may: (rights) => rights.spaces.includes('rbcom'),
    call: () => ({ method: 'POST', url: '/api/v1/suggestions/tags/tags', payload: { space: 'rbcom', textualContent: 'Ice climbing in Rjukan' } }),
  },

  // Tags: published global tags are read by anyone signed in; creating one is creating in global (canCreateTagIn).
  'GET /api/crepo/feed/v3/query': { may: signedIn, call: () => ({ method: 'GET', url: '/api/crepo/feed/v3/query?filter[type]=tags' }) },
  'POST /api/crepo/content/v4/types/rrn::content::tags/resources': {
    may: (rights) => canCreateTagIn(rights, 'global'),
    call: (world) => ({
      method: 'POST',
      url: '/api/crepo/content/v4/types/rrn:content:tags/resources',
      payload: {
        data: {
          type: 'tags',
          attributes: { title: 'Wings for Life run' },
          meta: { externalReference: { foreignId: `BP-${crypto.randomBytes(8).toString('hex').toUpperCase().slice(0, 13)}` } },
          relationships: { broaderTag: { data: { id: world.tagParent } } },
        },
      },
    }),
  },

  // Imports (spec 002 §6): by external reference admins only, by master data admins and technicians; both store.
  'GET /api/v1/import/crepo': {
    may: (rights) => canImportByUrl(rights),
    writes: true,
    call: () => ({ method: 'GET', url: `/api/v1/import/crepo?url=${encodeURIComponent('https://elsewhere.example/api/v1/assets/x/localizations/en')}&fieldsToImport=title` }),
    answers: { status: 400, why: 'no installation is allow-listed here; the rights are checked before the address' },
  },
  'GET /api/v1/import/:domain/:model/:masterId': {
    may: (rights) => canImportMasterData(rights),
    writes: true,
    call: async (world) => {
      const masterId = `rights-${crypto.randomUUID()}`;
      const content = JSON.stringify({ title: { value: 'Lena Brandt' } });
      await world.t.database.db
        .insertInto('master_data_record')
        .values({ domain: 'sports', model: 'athlete', master_id: masterId, program: 'meppconnect', locale: 'en', space: 'rbcom', title: 'Lena Brandt', content, updated_at: new Date().toISOString() })
        .execute();
      return { method: 'GET', url: `/api/v1/import/sports/athlete/${masterId}` };
    },
  },
  'GET /api/v1/audit-log': { may: (rights) => canReadAuditLog(rights), call: () => ({ method: 'GET', url: '/api/v1/audit-log' }) },
  // Issue 41 trash: technical admins list deleted versions and restore one.
  'GET /api/v1/trash': { may: (rights) => canManageTrash(rights), call: () => ({ method: 'GET', url: '/api/v1/trash' }) },
  'POST /api/v1/trash/:id/restore': {
    may: (rights) => canManageTrash(rights),
    call: async (world) => {
      const id = await world.newStory();
      await world.t.app.inject({ method: 'DELETE', url: version(id, 'de'), headers: await world.authOf(world.builder) });
      const entry = await world.t.database.db.selectFrom('deleted_version').select('id').where('asset_id', '=', id).where('locale', '=', 'de').executeTakeFirstOrThrow();
      return { method: 'POST', url: `/api/v1/trash/${entry.id}/restore` };
    },
  },
  // Lifting the sign-in throttling of an account: technical admins (canUnlockSignIn).
  'POST /api/v1/sign-in/unlock': {
    may: (rights) => canUnlockSignIn(rights),
    call: async (world) => {
      const account = `locked-${crypto.randomUUID()}`;
      const at = Date.now();
      await world.t.database.db.insertInto('sign_in_failure').values({ key: `account:${account}`, failures: 5, last_failure_at: at, locked_until: at, account, address: null }).execute();
      return { method: 'POST', url: '/api/v1/sign-in/unlock', payload: { username: account } };
    },
  },
  // Events, master data and ZOE localizations: technical admins and service accounts only (modules/reference-data).
  ...REFERENCE_DATA_ROUTE_RIGHTS,
  // Delivery keys: technical admins only (modules/delivery).
  'GET /api/v1/delivery-keys': { may: (rights) => canManageDeliveryKeys(rights), call: () => ({ method: 'GET', url: '/api/v1/delivery-keys' }) },
  'POST /api/v1/delivery-keys': { may: (rights) => canManageDeliveryKeys(rights), call: () => ({ method: 'POST', url: '/api/v1/delivery-keys', payload: { name: 'Website', spaces: ['rbcom'], locales: ['en'] } }) },
  'GET /api/v1/delivery-keys/:id': { may: (rights) => canManageDeliveryKeys(rights), call: async (world) => ({ method: 'GET', url: `/api/v1/delivery-keys/${(await newDeliveryKey(world)).id}` }) },
  'PATCH /api/v1/delivery-keys/:id': {
    may: (rights) => canManageDeliveryKeys(rights),
    call: async (world) => ({ method: 'PATCH', url: `/api/v1/delivery-keys/${(await newDeliveryKey(world)).id}`, payload: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/delivery-keys/:id': { may: (rights) => canManageDeliveryKeys(rights), call: async (world) => ({ method: 'DELETE', url: `/api/v1/delivery-keys/${(await newDeliveryKey(world)).id}` }) },
  // Webhook endpoints: technical admins only (modules/webhooks).
  'GET /api/v1/webhooks': { may: (rights) => canManageWebhooks(rights), call: () => ({ method: 'GET', url: '/api/v1/webhooks' }) },
  'POST /api/v1/webhooks': { may: (rights) => canManageWebhooks(rights), call: () => ({ method: 'POST', url: '/api/v1/webhooks', payload: { url: 'https://hooks.example.com/in', events: ['asset.published'] } }) },
  'GET /api/v1/webhooks/:id': { may: (rights) => canManageWebhooks(rights), call: async (world) => ({ method: 'GET', url: `/api/v1/webhooks/${(await newWebhook(world)).id}` }) },
  'PATCH /api/v1/webhooks/:id': { may: (rights) => canManageWebhooks(rights), call: async (world) => ({ method: 'PATCH', url: `/api/v1/webhooks/${(await newWebhook(world)).id}`, payload: { enabled: false } }) },
  'DELETE /api/v1/webhooks/:id': { may: (rights) => canManageWebhooks(rights), call: async (world) => ({ method: 'DELETE', url: `/api/v1/webhooks/${(await newWebhook(world)).id}` }) },
  'GET /api/v1/webhooks/:id/deliveries': { may: (rights) => canManageWebhooks(rights), call: async (world) => ({ method: 'GET', url: `/api/v1/webhooks/${(await newWebhook(world)).id}/deliveries` }) },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/resend': {
    may: (rights) => canManageWebhooks(rights),
    call: async (world) => {
      const { id, deliveryId } = await newWebhook(world);
      return { method: 'POST', url: `/api/v1/webhooks/${id}/deliveries/${deliveryId}/resend` };
    },
  },
  'POST /api/v1/webhooks/:id/test': { may: (rights) => canManageWebhooks(rights), call: async (world) => ({ method: 'POST', url: `/api/v1/webhooks/${(await newWebhook(world)).id}/test` }) },

  // Media: metadata of what delivery shows anyway, archive items of the channels the caller sees.
  'GET /api/v1/media': { may: signedIn, call: (world) => ({ method: 'GET', url: `/api/v1/media?provider=cloudinary&referenceId=${world.heroImage}` }) },
  'GET /api/v1/media/zoe/localizations': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/media/zoe/localizations?locale=en' }) },
  'GET /api/v1/sparkle/assets': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/sparkle/assets' }) },
  'GET /api/v1/media/renditions/:referenceId': { may: signedIn, call: (world) => ({ method: 'GET', url: `/api/v1/media/renditions/${world.video}` }) },
  'GET /api/v1/media/preview-clip-markers/assets/:referenceId/markers': { may: signedIn, call: (world) => ({ method: 'GET', url: `/api/v1/media/preview-clip-markers/assets/${world.video}/markers` }) },
  'POST /api/v1/media/preview-clip-markers/assets/:referenceId/markers': {
    may: (rights) => canEditPreviewClips(rights),
    call: (world) => ({ method: 'POST', url: `/api/v1/media/preview-clip-markers/assets/${world.video}/markers`, payload: { inpoint: 0, outpoint: 1000 } }),
  },
  'PUT /api/v1/media/preview-clip-markers/assets/:referenceId/markers/:markerId': {
    may: (rights) => canEditPreviewClips(rights),
    call: (world) => ({ method: 'PUT', url: `/api/v1/media/preview-clip-markers/assets/${world.video}/markers/${world.marker}`, payload: { inpoint: 500, outpoint: 1500 } }),
  },
  // Uploads (spec 002 §6): a signature only into a space the caller can create in; an upload is removed by its uploader or an admin.
  'POST /api/v1/cloudinary-signature': {
    may: (rights) => isCreator(rights) && creatableSpaces(rights).includes('rbcom'),
    call: () => ({ method: 'POST', url: '/api/v1/cloudinary-signature', payload: { space: 'rbcom' } }),
  },
  'DELETE /api/v1/uploads/:publicId': {
    may: (rights, _world, sub) => sub === 'editor' || isAdmin(rights),
    call: async (world) => {
      const uploaded = await uploadAs(world.t, demoUser('editor', world), { filename: 'route-rights.jpg', contentType: 'image/jpeg', data: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#db0a40' } }).jpeg().toBuffer() });
      return { method: 'DELETE', url: `/api/v1/uploads/${uploaded.json<{ public_id: string }>().public_id}` };
    },
  },
  // Places (spec 001 §7) and the static map (spec 000 §7): answered from offline data to anyone signed in.
  'GET /maps/api/staticmap': { may: signedIn, call: () => ({ method: 'GET', url: '/maps/api/staticmap?center=47.8,13.04&zoom=5&size=600x450' }) },
  'GET /api/v1/events/location-search/maps/api/place/autocomplete/json': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/location-search/maps/api/place/autocomplete/json?input=Salzburg' }) },
  'GET /api/v1/events/location-search/maps/api/place/details/json': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/location-search/maps/api/place/details/json?place_id=2766824' }) },
  'GET /api/v1/events/location-search/maps/api/timezone/json': { may: signedIn, call: () => ({ method: 'GET', url: '/api/v1/events/location-search/maps/api/timezone/json?location=47.8,13.04&timestamp=1767225600' }) },
  // The description fills the inputs of the version it is for (the one most relevant to the language that the caller
  // reads: en, else de): for those who may edit that version.
  'POST /api/v1/image-descriptor': {
    may: (rights, world) => onLink('self', 'PUT')(rights, world) || onLink('self', 'PUT', { ...STORY_DRAFT, localization: 'de' })(rights, world),
    call: (world) => ({ method: 'POST', url: '/api/v1/image-descriptor', payload: { assetId: world.story, langCode: 'en' } }),
  },
};

/** A demo account as a test user: 'all' spaces and locales are the installation's. */
export function demoUser(username: string, world: Pick<World, 't'>): TestUser {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  const { config } = world.t;
  return {
    sub: account.username,
    name: account.name,
    rights: {
      roles: account.roles,
      spaces: account.spaces === 'all' ? config.spaces : account.spaces,
      localizations: account.localizations === 'all' ? config.localizations : account.localizations,
    },
  };
}
