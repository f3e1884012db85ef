import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import { createAssetsService } from '@editor/server/src/modules/assets/service.ts';
import { createPublishingService } from '@editor/server/src/modules/publishing/service.ts';
import { createScheduler } from '@editor/server/src/modules/publishing/scheduler.ts';
import { STENCILS_DIR, loadStencils } from '@editor/server/src/modules/stencils/loadStencils.ts';
import { createStencilRegistry } from '@editor/server/src/modules/stencils/stencilRegistry.ts';
import { insertDueTransitions } from '@editor/server/test/dueTransitions.ts';
import { queueWebhookEvents } from '@editor/server/src/modules/webhooks/outbox.ts';

export interface SchedulerFigures {
  instances: number;
  transitions: number;
  seconds: number;
  perSecond: number;
}

/**
 * Seeds `transitions` due publishes on a fresh database and times `instances` schedulers (each on its own
 * connection pool, as separate server instances would be) running them all.
 */
export async function benchmarkScheduler(input: { databaseUrl?: string | undefined; transitions: number; instances: number }): Promise<SchedulerFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-scheduler-'));
  const schema = input.databaseUrl ? `bench_scheduler_${Date.now()}` : undefined;
  const sqliteFile = path.join(dataDir, 'bench.db');
  const open = () => openDatabase({ databaseUrl: input.databaseUrl, sqliteFile, ...(schema ? { schema } : {}) });
  const first = await open();
  const databases: Database[] = [first];
  try {
    await migrateToLatest(first.db, schema);
    await insertDueTransitions(first.db, { count: input.transitions, dueAt: new Date(Date.now() - 60_000).toISOString() });
    for (let n = 1; n < input.instances; n++) databases.push(await open());
    const stencils = createStencilRegistry(loadStencils(STENCILS_DIR));
    const schedulers = databases.map((database) => {
      const assets = createAssetsService({ db: database.db, dialect: database.dialect, stencils, localizations: ['en'], spaces: ['rbcom'], enabledFeatures: [], previewExcludedSpaces: [], queueChangeEvents: queueWebhookEvents });
      const publishing = createPublishingService({ db: database.db, assets, stencils });
      return createScheduler({ db: database.db, dialect: database.dialect, publishing, intervalMs: 1000 });
    });
    const started = performance.now();
    const done = await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()));
    const seconds = (performance.now() - started) / 1000;
    const executed = done.reduce((sum, n) => sum + n, 0);
    if (executed !== input.transitions) throw new Error(`The schedulers ran ${executed} of ${input.transitions} transitions.`);
    return { instances: input.instances, transitions: executed, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round(executed / seconds) };
  } finally {
    if (schema) await first.db.schema.dropSchema(schema).ifExists().cascade().execute();
    for (const database of databases) await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
