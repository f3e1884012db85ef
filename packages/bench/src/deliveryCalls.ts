import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { DELIVERY_KEYS_PATH, DELIVERY_KEY_MAX_RATE, DELIVERY_PREFIX, deliveryKeyCreatedSchema, type Rights } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '@editor/server/src/config.ts';
import { openDatabase } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import type { DB } from '@editor/server/src/db/schema.ts';
import { createRandom } from '@editor/server/src/demo/random.ts';
import { readDeliveryConfig } from '@editor/server/src/modules/delivery/deliveryConfig.ts';
import { createBenchDatabase } from './benchDatabase.ts';
import { makeDeliveryDocuments, publishEveryVersion } from './deliverySeed.ts';
import { startHello } from './helloServer.ts';
import { seedListData } from './listSeed.ts';
import { TABLE_HEADER, formatRow, measure, type Measurement } from './measure.ts';
import { startServerProcess, type ServerProcess } from './serverProcess.ts';
import { measureWebhookLatency, type WebhookFigures } from './webhookLatency.ts';

/** The product's targets (issue "Delivery API and webhooks"), printed beside the figures. */
const TARGETS = { slugShareOfHello: 25, listShareOfHello: 5, p95Ms: 20, webhookP95Ms: 1000 } as const;
/**
 * Delivery keys of one scope taken in turn: a key may make at most 10,000 requests a second (DELIVERY_KEY_MAX_RATE),
 * and the bench measures the server, not the rate limit. Keys of one scope share the kept answers.
 */
const KEYS = 4;
const TECH_ADMIN: { rights: Rights; subject: string; name: string } = {
  rights: { roles: ['technical-admin-user'], spaces: DEFAULT_SPACES, localizations: DEFAULT_LOCALES },
  subject: 'bench-admin',
  name: 'Bench Admin',
};
/** The most popular tags a website's tag pages list. */
const TAG_PAGES = 100;
/** The list page asked again and again: the newest 20 in English. */
const SAME_LIST = `${DELIVERY_PREFIX}/assets?locale=en&limit=20`;

export interface DeliveryRow {
  name: string;
  call: 'slug' | 'list';
  measurement: Measurement;
}

export interface DeliveryApiFigures {
  versions: number;
  /** Seeding, publishing, registering the slugs and making the ready delivery documents (as the server does after a publish). */
  seedSeconds: number;
  /** The distinct requests the varied runs go round. */
  slugs: number;
  listPages: number;
  /** DELIVERY_CACHE_MS of the cached runs (the server's default). */
  cacheMs: number;
  hello: Measurement;
  cached: DeliveryRow[];
  uncached: DeliveryRow[];
  webhooks: WebhookFigures;
}

/** The same items in an order drawn from `seed`: each comes again only after all the others. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = createRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * The list pages of a website with many pages: per locale of the archive, its newest or A to Z, unfiltered or by
 * stencil, by space, by one of the most used tags or by the month of first publish, 12, 20 or 24 to a page, with all
 * content or only what a card shows. Each is a different request to the server.
 */
async function websiteListPages(db: Kysely<DB>): Promise<string[]> {
  const [locales, stencils, spaces, tags, range] = await Promise.all([
    db.selectFrom('asset_localization').select('locale').distinct().orderBy('locale').execute(),
    db.selectFrom('asset_localization').select('stencil').distinct().orderBy('stencil').execute(),
    db.selectFrom('asset_space').select('space').distinct().orderBy('space').execute(),
    db.selectFrom('asset_reference').select(['target_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('target_id').orderBy('n', 'desc').orderBy('target_id').limit(TAG_PAGES).execute(),
    db.selectFrom('asset_localization').select((eb) => [eb.fn.min('first_published_at').as('first'), eb.fn.max('first_published_at').as('last')]).executeTakeFirstOrThrow(),
  ]);
  const months: Array<Record<string, string>> = [];
  const first = new Date(range.first ?? Date.now());
  const last = new Date(range.last ?? Date.now());
  for (let at = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); at <= last; at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))) {
    const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0));
    months.push({ publishedFrom: at.toISOString().slice(0, 10), publishedTo: end.toISOString().slice(0, 10) });
  }
  const narrowings: Array<Record<string, string>> = [
    {},
    ...stencils.map((row) => ({ stencil: row.stencil })),
    ...spaces.map((row) => ({ space: row.space })),
    ...tags.map((row) => ({ tag: row.target_id })),
    ...months,
  ];
  const pages: string[] = [];
  for (const { locale } of locales) {
    for (const narrowing of narrowings) {
      for (const sort of ['newest', 'title']) {
        for (const limit of ['12', '20', '24']) {
          for (const fields of [{}, { fields: 'title,teaser' }] as Array<Record<string, string>>) pages.push(`${DELIVERY_PREFIX}/assets?${new URLSearchParams({ locale, ...narrowing, sort, limit, ...fields }).toString()}`);
        }
      }
    }
  }
  return shuffled(pages, 11);
}

/** `KEYS` delivery keys that read every space and locale at the highest rate, made by a technical admin through the API. */
async function createKeys(server: ServerProcess): Promise<string[]> {
  const authorization = await server.authorization(TECH_ADMIN);
  const secrets: string[] = [];
  for (let i = 1; i <= KEYS; i++) {
    const response = await fetch(`${server.url}${DELIVERY_KEYS_PATH}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench website ${i}`, spaces: DEFAULT_SPACES, locales: DEFAULT_LOCALES, requestsPerSecond: DELIVERY_KEY_MAX_RATE }),
    });
    if (response.status !== 201) throw new Error(`creating a delivery key answered ${response.status}: ${await response.text()}`);
    secrets.push(`Bearer ${deliveryKeyCreatedSchema.parse(await response.json()).secret}`);
  }
  return secrets;
}

/**
 * The four delivery calls on a running server: by slug and a list page, each with a different request every time
 * (going round `slugPaths` and `listPaths`) and with the same request again and again.
 */
async function measureDeliveryCalls(input: { server: ServerProcess; slugPaths: readonly string[]; listPaths: readonly string[]; seconds: number; connections: number; isCached: boolean }): Promise<DeliveryRow[]> {
  const { server } = input;
  const keys = await createKeys(server);
  for (const probe of [input.slugPaths[0], input.listPaths[0]]) {
    const answer = await fetch(`${server.url}${probe}`, { headers: { authorization: keys[0] ?? '' } });
    if (answer.status !== 200) throw new Error(`${probe} answered ${answer.status}: ${await answer.text()}`);
    await answer.arrayBuffer();
  }
  const run = async (paths: readonly string[]): Promise<Measurement> => {
    let n = 0;
    const measurement = await measure({
      url: server.url,
      serverPid: server.pid,
      headers: {},
      seconds: input.seconds,
      connections: input.connections,
      nextRequest: () => {
        const next = paths[n % paths.length] ?? '';
        const authorization = keys[n % keys.length] ?? '';
        n += 1;
        return { method: 'GET', path: next, headers: { authorization } };
      },
    });
    // The load tool stops waiting at the end of its time, the server does not: one more call waits for what it still
    // works on, which would otherwise count against the next run.
    await (await fetch(`${server.url}${paths[0]}`, { headers: { authorization: keys[0] ?? '' } })).arrayBuffer();
    return measurement;
  };
  const same = input.isCached ? 'the same request (answer cache hit)' : 'the same request (computed each time)';
  return [
    { name: 'slug, a different slug each request', call: 'slug', measurement: await run(input.slugPaths) },
    { name: `slug, ${same}`, call: 'slug', measurement: await run(input.slugPaths.slice(0, 1)) },
    { name: 'list, different filters each request', call: 'list', measurement: await run(input.listPaths) },
    { name: `list, ${same}`, call: 'list', measurement: await run([SAME_LIST]) },
  ];
}

/**
 * The delivery API and webhooks of issue "Delivery API and webhooks", on a fresh database (SQLite, or a PostgreSQL
 * database of its own when `adminUrl` is given) with `versions` versions of the list seed, all published with a URI
 * slug each. The server runs as `npm start` runs it, in a process of its own; a bare Fastify "hello" in another is
 * measured first as the floor. The delivery calls run with the server's answer cache (DELIVERY_CACHE_MS, 1 s), then on
 * a server started with DELIVERY_CACHE_MS=0; then webhooks from publish to receiver on a third start.
 */
export async function benchmarkDeliveryApi(input: {
  adminUrl?: string | undefined;
  versions: number;
  seconds: number;
  connections: number;
  webhooks: { perSecond: number; intervalMs: number | undefined };
}): Promise<DeliveryApiFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-delivery-'));
  const { databaseUrl, drop } = await createBenchDatabase(input.adminUrl);
  try {
    const seeding = performance.now();
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dataDir, 'editor.db') });
    let slugPaths: string[];
    let listPaths: string[];
    try {
      await migrateToLatest(database.db, database.schema);
      await seedListData(database.db, database.dialect, input.versions);
      slugPaths = shuffled(await publishEveryVersion(database.db, database.dialect), 7).map((slugId) => `${DELIVERY_PREFIX}/slugs/${encodeURIComponent(slugId)}`);
      await makeDeliveryDocuments(database.db, database.dialect);
      listPaths = await websiteListPages(database.db);
    } finally {
      await database.destroy();
    }
    const seedSeconds = Math.round((performance.now() - seeding) / 100) / 10;
    const start = (env: Record<string, string>) => startServerProcess({ dataDir, env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env } });
    const calls = { slugPaths, listPaths, seconds: input.seconds, connections: input.connections };

    const hello = await startHello();
    let helloMeasurement: Measurement;
    try {
      helloMeasurement = await measure({ url: `${hello.url}/`, serverPid: hello.pid, headers: {}, seconds: input.seconds, connections: input.connections });
    } finally {
      await hello.stop();
    }

    const cacheMs = readDeliveryConfig({}).answerCacheMs;
    const byCache = async (ms: number) => {
      const server = await start({ DELIVERY_CACHE_MS: String(ms) });
      try {
        return await measureDeliveryCalls({ server, ...calls, isCached: ms > 0 });
      } finally {
        await server.stop();
      }
    };
    const cached = await byCache(cacheMs);
    const uncached = await byCache(0);
    const webhooks = await measureWebhookLatency({ start, seconds: input.seconds, ...input.webhooks });
    return { versions: input.versions, seedSeconds, slugs: slugPaths.length, listPages: listPaths.length, cacheMs, hello: helloMeasurement, cached, uncached, webhooks };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const count = (n: number) => new Intl.NumberFormat('en').format(n);

/** The figures as `BENCH_ONLY=delivery-api` prints them, each delivery row with its share of hello's rate and the target. */
export function formatDeliveryApi(dialect: string, figures: DeliveryApiFigures, input: { seconds: number; connections: number }): string[] {
  const { hello } = figures;
  const row = ({ name, call, measurement }: DeliveryRow) => {
    const share = hello.requestsPerSecond > 0 ? Math.round((measurement.requestsPerSecond / hello.requestsPerSecond) * 1000) / 10 : 0;
    const target = call === 'slug' ? TARGETS.slugShareOfHello : TARGETS.listShareOfHello;
    const isMet = share >= target && measurement.p95 < TARGETS.p95Ms;
    return `${formatRow(name, measurement)}  ${String(share).padStart(5)} % of hello; target ≥ ${target} %, p95 < ${TARGETS.p95Ms} ms: ${isMet ? 'met' : 'not met'}`;
  };
  // How soon a varied request came again at the cached runs' rates: past the cache's time, none was a kept answer.
  const againAfter = (call: DeliveryRow['call'], distinct: number) => {
    const rate = figures.cached.find((entry) => entry.call === call)?.measurement.requestsPerSecond ?? 0;
    return rate > 0 ? Math.round((distinct / rate) * 10) / 10 : Number.POSITIVE_INFINITY;
  };
  const slugAgain = againAfter('slug', figures.slugs);
  const listAgain = againAfter('list', figures.listPages);
  const cacheSeconds = figures.cacheMs / 1000;
  const { webhooks } = figures;
  const interval = webhooks.intervalMs === undefined ? 'the default WEBHOOK_INTERVAL_MS (1,000)' : `WEBHOOK_INTERVAL_MS=${count(webhooks.intervalMs)}`;
  const webhookMet = webhooks.arrived === webhooks.published && webhooks.latency.p95 < TARGETS.webhookP95Ms;
  return [
    `delivery API, ${dialect}: ${count(figures.versions)} versions, all published, one URI slug each and its ready document (seeded in ${figures.seedSeconds} s); ${input.connections} connections, ${input.seconds} s per call;`,
    `  the server in a process of its own, as npm start runs it; ${KEYS} delivery keys of one scope (every space and locale, ${count(DELIVERY_KEY_MAX_RATE)} req/s each) taken in turn`,
    TABLE_HEADER,
    formatRow('hello: bare Fastify, a process of its own', hello),
    `with the answer cache (DELIVERY_CACHE_MS=${figures.cacheMs}, the default):`,
    ...figures.cached.map(row),
    'without it (DELIVERY_CACHE_MS=0):',
    ...figures.uncached.map(row),
    `  (a different request each time: ${count(figures.slugs)} slugs and ${count(figures.listPages)} list pages, each asked again only after all the others, ` +
      `at the cached runs' rates after ${slugAgain} s and ${listAgain} s: ${Math.min(slugAgain, listAgain) > cacheSeconds ? `none answered from the ${cacheSeconds} s answer cache` : `some may have been answered from the ${cacheSeconds} s answer cache`}; ` +
      `the same request again: one slug, and ${SAME_LIST})`,
    `webhooks, ${dialect}: ${count(webhooks.publishes)} publishes at ${webhooks.perSecond}/s for ${input.seconds} s through the editor API: sent at ${webhooks.sentPerSecond}/s, ` +
      `${count(webhooks.published)} answered 200 (${webhooks.answeredPerSecond}/s), publish call p50 / p95 ${webhooks.publishCall.p50} / ${webhooks.publishCall.p95} ms; ${interval}`,
    `  ${count(webhooks.arrived)} of ${count(webhooks.published)} arrived at a receiver on 127.0.0.1; publish → receiver p50 / p95 / max ${webhooks.latency.p50} / ${webhooks.latency.p95} / ${webhooks.latency.max} ms ` +
      `from sending the publish call (${webhooks.afterAnswer.p50} / ${webhooks.afterAnswer.p95} / ${webhooks.afterAnswer.max} ms from its answer); target p95 < ${count(TARGETS.webhookP95Ms)} ms: ${webhookMet ? 'met' : 'not met'}`,
  ];
}
