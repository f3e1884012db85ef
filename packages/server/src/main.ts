import path from 'node:path';
import v8 from 'node:v8';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { listenForMetrics } from './ops/metrics.ts';
import { createGracefulShutdown } from './ops/shutdown.ts';
import { seedDemoContentIfEmpty } from './demo/seedDemoContent.ts';
import { seedDemoArchiveIfEmpty } from './demo/demoArchive.ts';
import { seedDemoEventsIfEmpty } from './demo/demoEvents.ts';
import { seedDemoMasterDataIfEmpty } from './demo/demoMasterData.ts';
import { seedDemoTagsIfEmpty } from './demo/demoTags.ts';
import { seedDemoZoeLocalizationsIfEmpty } from './demo/demoZoeLocalizations.ts';
import { createMediaArchive } from './modules/media-archive/archiveStore.ts';
import { describeFfmpeg, findFfmpeg, NO_FFMPEG } from './modules/media-archive/ffmpegLookup.ts';
import { STENCILS_DIR, loadStencils } from './modules/stencils/loadStencils.ts';
import { createStencilRegistry } from './modules/stencils/stencilRegistry.ts';

/**
 * The JavaScript heap may grow to 1.5 times what survived its last full collection, not up to four times as V8 lets
 * a busy process: under ten editors' varied lists the heap had grown to 400 MB around some 120 MB alive, and the
 * server's resident memory past 800 MB (docs/decisions.md, "A heap that grows by half").
 */
const HEAP_GROWING_PERCENT = 50;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'editor.db') });
await migrateToLatest(database.db, database.schema);
// Stencils are read and checked once: a broken file stops the start here, naming file and field.
const registry = createStencilRegistry(loadStencils(STENCILS_DIR));
const app = await buildApp({ config, database, registry, runScheduler: true });

// First start: an empty database gets the demo content (DESIGN §1), unless DEMO_CONTENT=off.
const seeded = config.demoContent && await seedDemoContentIfEmpty({ db: database.db, dataDir: config.dataDir, registry, config });
if (seeded) {
  app.log.info(`Seeded demo content: ${seeded.assets} assets, ${seeded.versions} versions in ${Object.keys(seeded.byLocale).length} locales, ${seeded.images} images (${seeded.milliseconds} ms)`);
}
if (config.demoContent) {
  // Through the same services as the reference-data API and its imports, recorded in the audit log as the demo seed.
  const events = await seedDemoEventsIfEmpty({ db: database.db, audit: app.auditLog, spaces: config.spaces });
  if (events > 0) app.log.info(`Seeded the events calendar: ${events} events`);
  const masterData = await seedDemoMasterDataIfEmpty({ db: database.db, audit: app.auditLog, spaces: config.spaces, locales: config.localizations, stencils: registry });
  if (masterData > 0) app.log.info(`Seeded the master data: ${masterData} records`);
  const zoe = await seedDemoZoeLocalizationsIfEmpty({ db: database.db, audit: app.auditLog });
  if (zoe > 0) app.log.info(`Seeded the ZOE localizations: ${zoe} localizations`);
  const tags = await seedDemoTagsIfEmpty({ db: database.db, tags: app.tagRecords });
  if (tags > 0) app.log.info(`Seeded the content repository's tags: ${tags} tags`);
  const ffmpeg = findFfmpeg();
  const archived = await seedDemoArchiveIfEmpty({ archive: createMediaArchive({ db: database.db, dataDir: config.dataDir, storage: config.storage }), tmpDir: path.join(config.dataDir, 'media', 'tmp'), ffmpeg: ffmpeg?.path });
  if (archived.added > 0) app.log.info(`Seeded the media archive: ${archived.added} items${ffmpeg ? `, videos made with ${describeFfmpeg(ffmpeg)}` : ''}`);
  if (archived.skippedVideos.length > 0) app.log.warn(`The media archive's demo videos were left out (${archived.skippedVideos.map((title) => `'${title}'`).join(', ')}): ${NO_FFMPEG}`);
}

const metricsServer = config.metricsPort ? await listenForMetrics(app.metrics, config.metricsPort) : undefined;
const { shutdown } = createGracefulShutdown({
  app,
  timeoutMs: config.shutdownTimeoutMs,
  drainMs: config.shutdownDrainMs,
  closeAfter: [
    ...(metricsServer ? [() => new Promise((resolve) => metricsServer.close(resolve))] : []),
    () => database.destroy(),
  ],
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void shutdown(signal).then((code) => process.exit(code)));
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Editor App is ready at ${config.publicUrl} (${database.dialect}${config.oidcIssuer ? `, sign-in at ${config.oidcIssuer}` : ', embedded sign-in'})`);
