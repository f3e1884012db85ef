import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';

/** How long readiness waits for the database before calling it unreachable. */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'behind', 'unknown']),
    shutdown: z.enum(['running', 'draining']),
    /** Informs, does not decide: while the list index is built, lists are answered from the database, only slower. */
    listIndex: z.enum(['built', 'building']).optional(),
  }),
  pendingMigrations: z.array(z.string()).optional(),
});
export type Readiness = z.infer<typeof readySchema>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * Readiness: the database answers, its schema is the one this code expects, and no shutdown has begun. Whether the
 * list index is built is told beside it (`isListIndexBuilt`), without making the instance not ready.
 */
export async function readinessOf(database: Pick<Database, 'db' | 'schema'>, isDraining: boolean, isListIndexBuilt?: () => boolean): Promise<Readiness> {
  let databaseCheck: Readiness['checks']['database'] = 'ok';
  let migrations: Readiness['checks']['migrations'] = 'unknown';
  let pending: string[] = [];
  try {
    await withTimeout(sql`select 1`.execute(database.db), DATABASE_CHECK_TIMEOUT_MS);
    pending = await withTimeout(pendingMigrations(database.db, database.schema), DATABASE_CHECK_TIMEOUT_MS);
    migrations = pending.length === 0 ? 'ok' : 'behind';
  } catch {
    databaseCheck = 'unreachable';
  }
  const isReady = databaseCheck === 'ok' && migrations === 'ok' && !isDraining;
  return {
    status: isReady ? 'ready' : 'not-ready',
    checks: {
      database: databaseCheck,
      migrations,
      shutdown: isDraining ? 'draining' : 'running',
      ...(isListIndexBuilt ? { listIndex: isListIndexBuilt() ? 'built' : 'building' } : {}),
    },
    ...(pending.length > 0 ? { pendingMigrations: pending } : {}),
  };
}

/**
 * Liveness (`/api/health`, `/api/health/live`): the process answers; nothing else is asked, so a slow database never
 * gets a live instance restarted. Readiness (`/api/health/ready`): 503 while the database is unreachable, migrations are
 * behind or a shutdown drains the instance, so a load balancer sends it no new work.
 */
export function registerHealth(app: FastifyInstance, options: { database: Pick<Database, 'db' | 'schema'>; isDraining: () => boolean; isListIndexBuilt: () => boolean }): void {
  const live = { schema: { tags: ['operations'], response: { 200: liveSchema } } };
  app.get('/api/health', live, async () => ({ status: 'ok' as const }));
  app.get('/api/health/live', live, async () => ({ status: 'ok' as const }));
  app.get('/api/health/ready', { schema: { tags: ['operations'], response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
    const readiness = await readinessOf(options.database, options.isDraining(), options.isListIndexBuilt);
    return reply.status(readiness.status === 'ready' ? 200 : 503).header('cache-control', 'no-store').send(readiness);
  });
}
