import http from 'node:http';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { unauthorized, notFound } from '../http/errors.ts';

export const METRICS_PATH = '/api/metrics';
/** The upload endpoints whose successful answers count as uploads. */
const UPLOAD_ROUTES = new Set(['/media/v1_1/:cloud/image/upload']);

export interface Metrics {
  registry: Registry;
  /** The text a Prometheus scrape reads. */
  scrape(): Promise<string>;
  /** Counts a request answered outside Fastify's hooks (http/earlyAnswers.ts) as the onResponse hook counts the others. */
  observeRequest(request: { method: string; route: string; statusCode: number }, seconds: number): void;
}

/**
 * The server's Prometheus metrics (prom-client), in a registry of its own per app: request durations by route and
 * status, the database's connections, the publish scheduler's lag, uploads, and Node's process figures.
 */
export function createMetrics(app: FastifyInstance, options: { database: Pick<Database, 'db' | 'dialect' | 'pool'>; now?: () => Date }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { database } = options;
  const now = options.now ?? (() => new Date());

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const uploads = new Counter({ name: 'uploads_total', help: 'Image files received by the upload endpoint, by outcome', labelNames: ['outcome'], registers: [registry] });
  registry.registerMetric(new Gauge({
    name: 'db_pool_connections',
    help: "The database's connections by state (PostgreSQL's pool; SQLite has one open connection)",
    labelNames: ['state'],
    registers: [],
    collect() {
      if (database.pool) {
        this.set({ state: 'total' }, database.pool.totalCount);
        this.set({ state: 'idle' }, database.pool.idleCount);
        this.set({ state: 'waiting' }, database.pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  }));
  registry.registerMetric(new Gauge({
    name: 'scheduler_lag_seconds',
    help: 'How long the oldest due scheduled transition (publish, unpublish) has been waiting; 0 when none is due',
    registers: [],
    async collect() {
      const at = now();
      const oldest = await database.db
        .selectFrom('transition')
        .select((eb) => eb.fn.min('due_at').as('due_at'))
        .where('status', '=', 'SCHEDULED')
        .where('due_at', '<=', at.toISOString())
        .executeTakeFirst();
      const dueAt = oldest?.due_at ? new Date(String(oldest.due_at)).getTime() : undefined;
      this.set(dueAt === undefined ? 0 : Math.max(0, (at.getTime() - dueAt) / 1000));
    },
  }));

  const observeRequest: Metrics['observeRequest'] = ({ method, route, statusCode }, seconds) => duration.observe({ method, route, status_code: String(statusCode) }, seconds);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    observeRequest({ method: request.method, route, statusCode: reply.statusCode }, reply.elapsedTime / 1000);
    if (request.method === 'POST' && UPLOAD_ROUTES.has(route)) uploads.inc({ outcome: reply.statusCode < 400 ? 'stored' : 'refused' });
  });

  return { registry, scrape: () => registry.metrics(), observeRequest };
}

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Metrics are not public: `/api/metrics` answers only with `Authorization: Bearer $METRICS_TOKEN`, and 404 when no
 * token is configured. `METRICS_PORT` serves them without a token on 127.0.0.1 only (a scraper on the same host or pod).
 */
export function registerMetricsRoute(app: FastifyInstance, options: { metrics: Metrics; token: string | undefined }): void {
  app.get(METRICS_PATH, { schema: { tags: ['operations'] } }, async (request, reply) => {
    if (options.token === undefined) throw notFound(`No route for GET ${METRICS_PATH}.`);
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, options.token)) throw unauthorized('The metrics token is missing or wrong.');
    return reply.type(options.metrics.registry.contentType).header('cache-control', 'no-store').send(await options.metrics.scrape());
  });
}

/** The metrics on their own port of the loopback interface; answers the server to close on shutdown. */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
