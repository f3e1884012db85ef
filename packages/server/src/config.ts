import net from 'node:net';
import path from 'node:path';
import { OIDC_SCOPES, environmentFromHost, isLocaleId, parseSpaceLocales, type AppConfig, type Environment, type InstallationRules, type SpaceLocales } from '@editor/domain';
import { readRenditionCacheMaxBytes } from './storage/cacheBudget.ts';
import { readStorageConfig, type StorageConfig } from './storage/storageConfig.ts';
import { readDeliveryConfig, type DeliveryConfig } from './modules/delivery/deliveryConfig.ts';
import type { CloudinaryAccount } from './modules/media/cloudinaryImages.ts';

export interface Config {
  port: number;
  host: string;
  /** Where the app is reached by browsers; the embedded sign-in provider's issuer lives below it. */
  publicUrl: string;
  dataDir: string;
  /** Where uploaded originals and archive files live: `<dataDir>/media` (default) or an S3 bucket (`STORAGE=s3`). */
  storage: StorageConfig;
  /** `RENDITION_CACHE_MAX_BYTES`: what the rendition cache of `<dataDir>/media/cache` may hold; least recently used out. */
  renditionCacheMaxBytes: number;
  /** PostgreSQL when set, otherwise SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** An external OpenID provider; unset runs the embedded one at /oidc. */
  oidcIssuer: string | undefined;
  oidcClientId: string;
  oidcScope: string;
  environment: Environment;
  spaces: string[];
  localizations: string[];
  links: AppConfig['links'];
  /**
   * `IMPORT_ALLOWED_HOSTS`: the hosts the import by external reference may fetch from, none by default, each with
   * the headers `IMPORT_SOURCE_HEADERS` gives it (its credentials there, sent to no other host).
   */
  importAllowedHosts: AllowedImportHost[];
  /**
   * `WEBHOOK_ALLOWED_HOSTS`: hosts (`name` or `name:port` as the URL writes its host) a webhook may be sent to although
   * they are private (a self-hosted receiver); every other receiver must be public on every DNS answer.
   */
  webhookAllowedHosts: string[];
  /** `WEBHOOK_TIMEOUT_MS`: how long one webhook try waits for its receiver, connection and answer included. */
  webhookTimeoutMs: number;
  /** `WEBHOOK_INTERVAL_MS`: how often the webhook worker looks for due deliveries; 0 turns it off in this instance. */
  webhookIntervalMs: number;
  /** Feature flags that are on (spec 000 §6), e.g. `onsite-promotion`. */
  features: string[];
  /** Spec 002 §3 call-to-action addresses by target, from `CTA_ADDRESSES=shop=https://…,tickets=https://…`. */
  callToActionAddresses: Record<string, string>;
  /** Whether an empty database gets the demo content at start. */
  demoContent: boolean;
  /** Spaces whose assets have no preview (spec 002 §2). */
  previewExcludedSpaces: string[];
  /** `SPACE_LOCALES` (`wrc=en;erc=en,de`): the spaces that publish in some locales only (spec 001 §5). */
  spaceLocales: SpaceLocales;
  /** `EVENT_PROFILE_SPACES`: where an event profile is created the normal way; elsewhere the event flow opens (spec 001 §4). */
  eventProfileSpaces: string[];
  /** `IMAGE_GALLERY_ENVIRONMENTS`: the environments in which image galleries may be created (spec 001 §4); all by default. */
  imageGalleryEnvironments: Environment[];
  /** The built single-page app; not served when absent (tests, `npm run dev`). */
  webDistDir: string | undefined;
  logLevel: string;
  /** How often the publish scheduler looks for due transitions; 0 turns it off in this instance. */
  schedulerIntervalMs: number;
  /** `LIST_CACHE_MS`: how long the same user's same list is answered again without asking the database; 0 never. */
  listCacheMs: number;
  /** `SEARCH_MATCH_CACHE_MB`: memory for the matches of common searches, kept between lists (`matchKeyCache.ts`); 0 reads them each time. */
  searchMatchCacheMb: number;
  /** `SQLITE_READERS`: worker threads whose read-only connections run the list call's SQLite statements; 0 runs them on the server's own. */
  sqliteReaders: number;
  /** How many days audit log entries are kept before the server prunes them. */
  auditLogRetentionDays: number;
  /** `REVISION_RETENTION_DAYS`: revisions older than this many days are thinned to one a day; unset keeps every one. */
  revisionRetentionDays: number | undefined;
  /** `TRASH_RETENTION_DAYS`: how long a deleted version stays restorable (with its uploads) before it goes for good. */
  trashRetentionDays: number;
  /** An OpenAI-compatible chat-completions endpoint for AI translation; unset offers no AI translation. */
  ai: AiConfig | undefined;
  /** A Cloudinary account from `CLOUDINARY_URL`; unset runs the embedded image service under /media. */
  cloudinary: CloudinaryAccount | undefined;
  /** Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-*` headers are believed; none by default. */
  trustedProxies: string[];
  /** Spec 001 §7 url-composer: a URL template per link of an asset (`{id}`, `{locale}` filled in); unset links are left out. */
  assetLinks: AssetLinkTemplates;
  /** `METRICS_TOKEN`: the bearer token `/api/metrics` asks for; without it (and without a metrics port) there are no metrics. */
  metricsToken: string | undefined;
  /** `METRICS_PORT`: serves `/metrics` on 127.0.0.1 at this port, without a token. */
  metricsPort: number | undefined;
  /** `SHUTDOWN_TIMEOUT_MS`: how long a SIGTERM waits for requests under way before closing their connections. */
  shutdownTimeoutMs: number;
  /** `SHUTDOWN_DRAIN_MS`: how long a SIGTERM keeps serving with readiness at 503 before the listener closes. */
  shutdownDrainMs: number;
  /** The delivery API: cache lifetimes, the origins browsers may call it from, the default rate of a key (`DELIVERY_*`). */
  delivery: DeliveryConfig;
}

/** A host the import by external reference may fetch from, and the headers sent to it alone. */
export interface AllowedImportHost {
  /** `name` or `name:port` in lower case, as the URL writes its host. */
  host: string;
  /** Header names in lower case; empty when the host needs no credentials. */
  headers: Readonly<Record<string, string>>;
}

/** The url-composer's templates by link rel; editorApp defaults to this app's editor. */
export type AssetLinkTemplates = Partial<Record<'web' | 'webPreview' | 'editorApp' | 'explorer' | 'featuringApp', string>>;

export interface AiConfig {
  /** The API base, e.g. `https://api.openai.com/v1`; requests go to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  /** Sent as a bearer token when set; local servers need none. */
  apiKey: string | undefined;
  model: string;
}

export const DEFAULT_SPACES = ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'];
/** The locales of a fresh installation; `es-LAT` is a worldwide region's (spec 000 §9), Spanish for Latin America. */
export const DEFAULT_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US', 'nl', 'pl', 'ko', 'zh-CN', 'es-LAT'];

/** LOCALES, each checked: a mistyped locale stops the start with its text rather than making versions no one can reach. */
export function readLocales(value: string | undefined): string[] {
  const locales = list(value, DEFAULT_LOCALES);
  for (const locale of locales) {
    if (!isLocaleId(locale)) {
      throw new Error(`LOCALES: "${locale}" is not a locale id: two lower-case letters, alone or with a country (de-AT) or a worldwide region (es-LAT, en-CAR, ar-MEA, sq-KV, en-EN).`);
    }
  }
  return locales;
}

function list(value: string | undefined, fallback: string[]): string[] {
  if (!value) return fallback;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Reads `name=https://address,...`; a malformed entry stops the start with its text. */
function readAddresses(value: string | undefined): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const entry of list(value, [])) {
    const match = /^([a-z0-9-]+)=(https?:\/\/\S+)$/.exec(entry);
    if (!match?.[1] || !match[2]) throw new Error(`CTA_ADDRESSES entries are target=https://address, got "${entry}"`);
    addresses[match[1]] = match[2];
  }
  return addresses;
}

function optional(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

const ENVIRONMENTS: readonly Environment[] = ['design', 'staging', 'preview', 'production'];

/** `IMAGE_GALLERY_ENVIRONMENTS`: a list of environments, each one of ENVIRONMENTS; all of them when unset. */
function readGalleryEnvironments(value: string | undefined): Environment[] {
  return list(value, [...ENVIRONMENTS]).map((name) => {
    const environment = ENVIRONMENTS.find((candidate) => candidate === name);
    if (!environment) throw new Error(`IMAGE_GALLERY_ENVIRONMENTS lists environments of ${ENVIRONMENTS.join(', ')}, got "${name}"`);
    return environment;
  });
}

function readEnvironment(value: string | undefined): Environment | undefined {
  if (value === undefined) return undefined;
  const environment = ENVIRONMENTS.find((name) => name === value);
  if (!environment) throw new Error(`APP_ENV must be one of ${ENVIRONMENTS.join(', ')}, got "${value}"`);
  return environment;
}

function readSwitch(name: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** The AI adapter is configured only when both its address and its model are named. */
function readAi(env: NodeJS.ProcessEnv): AiConfig | undefined {
  const baseUrl = optional(env.AI_BASE_URL)?.replace(/\/+$/, '');
  const model = optional(env.AI_MODEL);
  if (!baseUrl || !model) return undefined;
  if (!/^https?:\/\/\S+$/.test(baseUrl)) throw new Error(`AI_BASE_URL must be an http(s) address, got "${baseUrl}"`);
  return { baseUrl, apiKey: optional(env.AI_API_KEY), model };
}

/** An http(s) address without a trailing slash; anything else stops the start. */
function readBase(name: string, value: string): string {
  const base = value.replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(base)) throw new Error(`${name} must be an http(s) address, got "${value}"`);
  return base;
}

/**
 * Reads Cloudinary's own URL form; a malformed one stops the start (the secret is never repeated in the message).
 * `CLOUDINARY_API_BASE` and `CLOUDINARY_DELIVERY_BASE` point the account elsewhere (a CNAME, a stand-in); alone they
 * mean nothing, so they stop the start.
 */
function readCloudinary(env: NodeJS.ProcessEnv): CloudinaryAccount | undefined {
  const value = optional(env.CLOUDINARY_URL);
  const apiBase = optional(env.CLOUDINARY_API_BASE);
  const deliveryBase = optional(env.CLOUDINARY_DELIVERY_BASE);
  if (value === undefined) {
    if (apiBase !== undefined || deliveryBase !== undefined) throw new Error('CLOUDINARY_API_BASE and CLOUDINARY_DELIVERY_BASE need CLOUDINARY_URL');
    return undefined;
  }
  const match = /^cloudinary:\/\/([^:@/\s]+):([^@/\s]+)@([A-Za-z0-9_-]+)\/?$/.exec(value);
  if (!match?.[1] || !match[2] || !match[3]) throw new Error('CLOUDINARY_URL must be cloudinary://<api_key>:<api_secret>@<cloud_name>');
  const cloudName = match[3];
  return {
    apiKey: decodeURIComponent(match[1]),
    apiSecret: decodeURIComponent(match[2]),
    cloudName,
    apiUrl: `${apiBase === undefined ? 'https://api.cloudinary.com' : readBase('CLOUDINARY_API_BASE', apiBase)}/v1_1/${cloudName}`,
    deliveryBaseUrl: deliveryBase === undefined ? `https://res.cloudinary.com/${cloudName}` : readBase('CLOUDINARY_DELIVERY_BASE', deliveryBase),
  };
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `TRUSTED_PROXIES=10.0.0.1,10.1.0.0/16,loopback`: addresses, CIDR ranges or proxy-addr's names; anything else stops the start. */
function readTrustedProxies(value: string | undefined): string[] {
  return list(value, []).map((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = net.isIP(address);
    const isRange = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (PROXY_NAMES.includes(entry) || (version !== 0 && isRange && rest.length === 0)) return entry;
    throw new Error(`TRUSTED_PROXIES entries are addresses or CIDR ranges (10.0.0.0/8), got "${entry}"`);
  });
}

const IMPORT_SOURCE_HEADER = /^((?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?)=([a-z0-9!#$%&'*+.^_`|~-]+):[ \t]*([\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)$/i;
/** Headers the HTTP client writes itself, or that would change how the request is framed. */
const RESERVED_IMPORT_HEADERS = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-connection'];

/**
 * `IMPORT_ALLOWED_HOSTS=crepo.example.com,127.0.0.1:8081` and `IMPORT_SOURCE_HEADERS=crepo.example.com=Authorization: Bearer …`
 * (comma-separated, a host may have several): a header for a host off the list, twice for one host or malformed
 * stops the start, and its value is never repeated in the message.
 */
function readImportHosts(env: NodeJS.ProcessEnv): AllowedImportHost[] {
  const hosts = list(env.IMPORT_ALLOWED_HOSTS, []).map((host) => ({ host: host.toLowerCase(), headers: {} as Record<string, string> }));
  for (const [index, entry] of list(env.IMPORT_SOURCE_HEADERS, []).entries()) {
    const match = IMPORT_SOURCE_HEADER.exec(entry);
    if (!match?.[1] || !match[2] || !match[3]) throw new Error(`IMPORT_SOURCE_HEADERS entries are host=Header-Name: value; entry ${index + 1} is not`);
    const [host, name, value] = [match[1].toLowerCase(), match[2].toLowerCase(), match[3]];
    const allowed = hosts.find((candidate) => candidate.host === host);
    if (!allowed) throw new Error(`IMPORT_SOURCE_HEADERS names ${host}, which is not on IMPORT_ALLOWED_HOSTS`);
    if (RESERVED_IMPORT_HEADERS.includes(name)) throw new Error(`IMPORT_SOURCE_HEADERS cannot set ${name} (for ${host})`);
    if (name in allowed.headers) throw new Error(`IMPORT_SOURCE_HEADERS sets ${name} twice for ${host}`);
    allowed.headers[name] = value;
  }
  return hosts;
}

const HOST_ENTRY = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** `WEBHOOK_ALLOWED_HOSTS=hooks.internal,10.0.0.5:8080`: hosts as URLs write them; a malformed entry stops the start. */
function readWebhookHosts(value: string | undefined): string[] {
  return list(value, []).map((entry) => {
    const host = entry.toLowerCase();
    if (!HOST_ENTRY.test(host)) throw new Error(`WEBHOOK_ALLOWED_HOSTS entries are name or name:port, got "${entry}"`);
    return host;
  });
}

const ASSET_LINK_VARIABLES = {
  web: 'ASSET_LINK_WEB',
  webPreview: 'ASSET_LINK_WEB_PREVIEW',
  editorApp: 'ASSET_LINK_EDITOR_APP',
  explorer: 'ASSET_LINK_EXPLORER',
  featuringApp: 'ASSET_LINK_FEATURING_APP',
} as const;

/** `ASSET_LINK_*=https://host/path/{id}?locale={locale}`: an http(s) template naming `{id}`; anything else stops the start. */
function readAssetLinks(env: NodeJS.ProcessEnv, publicUrl: string): AssetLinkTemplates {
  const templates: AssetLinkTemplates = { editorApp: `${publicUrl}/assets/{id}/localizations/{locale}/edit` };
  for (const [rel, name] of Object.entries(ASSET_LINK_VARIABLES) as Array<[keyof AssetLinkTemplates, string]>) {
    const value = optional(env[name]);
    if (value === undefined) continue;
    if (!/^https?:\/\/[^\s/?#{}]+\S*$/.test(value) || !value.includes('{id}')) throw new Error(`${name} must be an http(s) address with {id} in it, got "${value}"`);
    templates[rel] = value;
  }
  return templates;
}

function readWholeNumber(name: string, value: string, unit: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number of ${unit}, got "${value}"`);
  return number;
}

const readInterval = (name: string, value: string) => readWholeNumber(name, value, 'milliseconds');

function readRetentionDays(value: string): number {
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) throw new Error(`AUDIT_LOG_RETENTION_DAYS must be a whole number of days (1 or more), got "${value}"`);
  return days;
}

function readRevisionRetention(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) throw new Error(`REVISION_RETENTION_DAYS must be a whole number of days (1 or more), got "${value}"`);
  return days;
}

/** The trash's retention in days, 30 by default. */
function readTrashRetention(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TRASH_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) throw new Error(`TRASH_RETENTION_DAYS must be a whole number of days (1 or more), got "${value}"`);
  return days;
}

/** How long a deleted version stays in the trash by default: a month to notice a mistake. */
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

function readOptionalPort(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

/** Reads the configuration from environment variables; README lists each with its default. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = (optional(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, '');
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const cloudinary = readCloudinary(env);
  return {
    port,
    host: optional(env.HOST) ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(optional(env.DATA_DIR) ?? path.join(repoRoot, 'data')),
    storage: readStorageConfig(env),
    renditionCacheMaxBytes: readRenditionCacheMaxBytes(env.RENDITION_CACHE_MAX_BYTES),
    databaseUrl: optional(env.DATABASE_URL),
    oidcIssuer: optional(env.OIDC_ISSUER)?.replace(/\/$/, ''),
    oidcClientId: optional(env.OIDC_CLIENT_ID) ?? 'editor-app',
    oidcScope: optional(env.OIDC_SCOPE) ?? OIDC_SCOPES,
    environment: readEnvironment(optional(env.APP_ENV)) ?? environmentFromHost(new URL(publicUrl).host),
    spaces: list(env.SPACES, DEFAULT_SPACES),
    localizations: readLocales(env.LOCALES),
    links: {
      help: optional(env.LINK_HELP) ?? '/help/eaql',
      featuring: optional(env.LINK_FEATURING) ?? null,
      analytics: optional(env.LINK_ANALYTICS) ?? null,
      editorialCalendar: optional(env.LINK_EDITORIAL_CALENDAR) ?? null,
      cultureSite: optional(env.LINK_CULTURE_SITE) ?? null,
      sportsSite: optional(env.LINK_SPORTS_SITE) ?? null,
      eventsFaq: optional(env.LINK_EVENTS_FAQ) ?? null,
      teamSupport: optional(env.LINK_TEAM_SUPPORT) ?? null,
      uriSlugRegistry: optional(env.LINK_URI_SLUG_REGISTRY) ?? null,
      experienceSite: optional(env.LINK_EXPERIENCE_SITE) ?? null,
    },
    importAllowedHosts: readImportHosts(env),
    webhookAllowedHosts: readWebhookHosts(env.WEBHOOK_ALLOWED_HOSTS),
    webhookTimeoutMs: readInterval('WEBHOOK_TIMEOUT_MS', optional(env.WEBHOOK_TIMEOUT_MS) ?? '10000') || 10000,
    webhookIntervalMs: readInterval('WEBHOOK_INTERVAL_MS', optional(env.WEBHOOK_INTERVAL_MS) ?? '1000'),
    features: list(env.FEATURES, []),
    callToActionAddresses: readAddresses(env.CTA_ADDRESSES),
    previewExcludedSpaces: list(env.PREVIEW_EXCLUDED_SPACES, []),
    spaceLocales: parseSpaceLocales(optional(env.SPACE_LOCALES)),
    eventProfileSpaces: list(env.EVENT_PROFILE_SPACES, []),
    imageGalleryEnvironments: readGalleryEnvironments(optional(env.IMAGE_GALLERY_ENVIRONMENTS)),
    // The demo's images are drawn into the embedded store, which an account's image URLs do not reach.
    demoContent: readSwitch('DEMO_CONTENT', optional(env.DEMO_CONTENT) ?? (cloudinary ? 'off' : 'on')),
    webDistDir: optional(env.WEB_DIST_DIR) ?? path.join(repoRoot, 'packages/web/dist'),
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    schedulerIntervalMs: readInterval('SCHEDULER_INTERVAL_MS', optional(env.SCHEDULER_INTERVAL_MS) ?? '5000'),
    listCacheMs: readInterval('LIST_CACHE_MS', optional(env.LIST_CACHE_MS) ?? '500'),
    searchMatchCacheMb: readWholeNumber('SEARCH_MATCH_CACHE_MB', optional(env.SEARCH_MATCH_CACHE_MB) ?? '256', 'megabytes'),
    sqliteReaders: readWholeNumber('SQLITE_READERS', optional(env.SQLITE_READERS) ?? '2', 'reader threads'),
    auditLogRetentionDays: readRetentionDays(optional(env.AUDIT_LOG_RETENTION_DAYS) ?? '90'),
    revisionRetentionDays: readRevisionRetention(optional(env.REVISION_RETENTION_DAYS)),
    trashRetentionDays: readTrashRetention(optional(env.TRASH_RETENTION_DAYS)),
    ai: readAi(env),
    cloudinary,
    trustedProxies: readTrustedProxies(env.TRUSTED_PROXIES),
    assetLinks: readAssetLinks(env, publicUrl),
    metricsToken: optional(env.METRICS_TOKEN),
    metricsPort: readOptionalPort('METRICS_PORT', optional(env.METRICS_PORT)),
    shutdownTimeoutMs: readInterval('SHUTDOWN_TIMEOUT_MS', optional(env.SHUTDOWN_TIMEOUT_MS) ?? '10000'),
    shutdownDrainMs: readInterval('SHUTDOWN_DRAIN_MS', optional(env.SHUTDOWN_DRAIN_MS) ?? '1000'),
    delivery: readDeliveryConfig(env),
  };
}

/** The issuer the app signs in against: the configured one, or the embedded provider's. */
export function issuerOf(config: Config): string {
  return config.oidcIssuer ?? `${config.publicUrl}/oidc`;
}

/** The rules of this installation that decide what may be created where, for the services and the app alike. */
export function installationRulesOf(config: Pick<Config, 'spaceLocales' | 'imageGalleryEnvironments' | 'environment'>): InstallationRules {
  return { spaceLocales: config.spaceLocales, allowsImageGalleries: config.imageGalleryEnvironments.includes(config.environment) };
}
