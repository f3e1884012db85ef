import { benchmarkArchiveCalls } from './archiveCalls.ts';
import { benchmarkAttackLoad, formatAttackLoad } from './attackLoad.ts';
import { benchmarkAssetCalls } from './assetCalls.ts';
import { benchmarkDashboardCalls } from './dashboardCalls.ts';
import { benchmarkDeliveryApi, formatDeliveryApi } from './deliveryCalls.ts';
import { benchmarkEditorPage, formatEditorTable, type EditorFigures } from './editorPage.ts';
import { PAUSE_SECONDS, benchmarkListCalls } from './listCalls.ts';
import { benchmarkListLoad, formatListLoad } from './listLoad.ts';
import { benchmarkImageDelivery } from './imageDelivery.ts';
import { benchmarkImageUploads } from './imageUpload.ts';
import { benchmarkPlaceCalls } from './placeCalls.ts';
import { measureMachineSpeed } from './machineSpeed.ts';
import { benchmarkScheduler } from './schedulerRuns.ts';
import { TABLE_HEADER, formatRow } from './measure.ts';
import { benchmarkUserCall } from './userCall.ts';
import { formatSoak, runSoak } from './soak.ts';
import { PAGE_LOADS_HEADER, benchmarkPageLoads, formatPageLoad, formatPageLoadFiles } from './pageLoads.ts';
import { benchmarkRevisions, formatRevisions } from './revisionCalls.ts';
import { benchmarkLiveUpdates, formatLiveUpdates } from './liveUpdates.ts';

// `npm run bench`: prints figures, asserts nothing. PostgreSQL joins when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
// BENCH_ONLY=user,assets,list picks suites; BENCH_LIST_SIZES=100000,1000000 the list sizes; BENCH_KEEP_LIST_DATA=1
// keeps each list size's seeded database (a PostgreSQL schema, a SQLite file in the temp folder) for the next run.
// BENCH_DIALECTS=sqlite or =postgres runs one database only. BENCH_LIST_WRITES=5 saves five versions a second while the
// list calls are measured, after BENCH_LIST_WRITES_BEFORE (1,500) saves at full speed; it changes a kept database.
// BENCH_LIST_PAUSES (3) calls the default list once after each of as many pauses of 12 s; 0 skips them.
// BENCH_ONLY=editor times the editor page in Chromium against the built app (`npm run build` first);
// BENCH_EDITOR_ELEMENTS (300,1000,3000: the story sizes, printed side by side), _RUNS (3 openings), _KEYSTROKES (100),
// _KEY_DELAY_MS (50) and _EDITS (10 removes, adds and keyboard moves of a mid-story item) change what it does.
// BENCH_ONLY=scheduler times the publish scheduler on BENCH_SCHEDULER_TRANSITIONS due publishes (5,000): one instance,
// and on PostgreSQL also two instances at once.
// BENCH_ONLY=delivery: 400-wide image renditions, cold (every request a new crop) and cached, beside a file of the same
// size from @fastify/static, at BENCH_CONNECTIONS.
// BENCH_ONLY=delivery-api: the delivery API on BENCH_DELIVERY_VERSIONS (100,000) list-seed versions, all published with a
// URI slug each, at BENCH_CONNECTIONS beside a bare Fastify "hello": by slug and a list page, a different request each
// time and the same one again (the answer cache), then with DELIVERY_CACHE_MS=0; then webhooks from publish to a
// receiver in the bench, BENCH_WEBHOOK_RATE (100) publishes a second for BENCH_SECONDS (BENCH_WEBHOOK_INTERVAL_MS sets
// the server's WEBHOOK_INTERVAL_MS). The server runs in a process of its own, as `npm start` runs it.
// BENCH_ONLY=upload uploads a 5 MB JPEG BENCH_UPLOAD_CONCURRENCY (4) at a time for BENCH_SECONDS, then one of 99 MB
// while sampling the server process's resident memory (the embedded image service, SQLite).
// BENCH_ONLY=archive: the media archive's search on BENCH_ARCHIVE_ITEMS (100,000) items one at a time and at
// BENCH_CONNECTIONS, and range requests of a video file at BENCH_CONNECTIONS, on each database.
// BENCH_ONLY=dashboard: every dashboard call one at a time on BENCH_VERSIONS versions (the list seed plus a month of
// publishes, edits, bookmarks and schedules, and 2,000 events), and tag suggestions on 3,000 tags; then the dashboard's
// first load, its five widgets' calls at once, repeated for BENCH_SECONDS.
// BENCH_ONLY=places: place autocomplete one at a time and at BENCH_CONNECTIONS, place details and time zones one at a
// time (SQLite; the calls read no database).
// BENCH_ONLY=load: the list workloads under load at each of BENCH_LOAD_CONNECTIONS (10,20) on BENCH_LIST_SIZES, on a
// server process beside a bare Fastify "hello": list, list with a search word and a content sub-field equality, each
// varied (every request another question) and repeated, get and update one version; with the defaults, without the
// list cache (search matches kept), and keeping nothing, then the list calls one at a time. BENCH_LIST_CACHE_MS runs
// with that LIST_CACHE_MS only (search matches kept), BENCH_SQLITE_READERS sets SQLITE_READERS. Prints the server's
// resident memory after each run.
// BENCH_ONLY=soak (or BENCH_SOAK=1 beside other suites): BENCH_SOAK_EDITORS (50) simulated editors list, search, open,
// save and check publishing for BENCH_SOAK_SECONDS (300) against two server processes on one fresh PostgreSQL database
// (BENCH_SOAK_VERSIONS, 20,000), thinking BENCH_SOAK_THINK_MS (1,000) on average between steps; resident memory of
// each process is sampled every BENCH_SOAK_SAMPLE_SECONDS (30). Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
// BENCH_ONLY=attack: BENCH_ATTACK_EDITORS (10) editors list and save on SQLite (BENCH_ATTACK_VERSIONS, 10,000) for
// BENCH_SECONDS alone, then as long again while one client uploads hostile SVGs, asks distinct static maps and sends
// unauthenticated requests: the editors' p50/p95 in both phases, the attacks' answers and the server's peak memory.
// BENCH_ONLY=pages: the first load of All Content and of the editor in Chromium with an empty cache, BENCH_PAGE_RUNS (3)
// times each over http (gzip) and over https (brotli): JS+CSS bytes sent (compressed) and decoded, and the time to the
// first card or the editable title (built app). BENCH_PAGE_FILES=1 lists each file with its bytes.
// BENCH_ONLY=revisions: BENCH_REVISION_SAVES (1,000) saves of a BENCH_REVISION_ELEMENTS (300) element story, each
// changing one element (p50 / p95, and the space their revisions take against a full copy each); then on a story with
// BENCH_REVISION_HISTORY (10,000) revisions the history's first page, a comparison of two revisions 1,000 apart and a
// restore, BENCH_REVISION_RUNS (200) times each, one at a time.
// BENCH_ONLY=live: BENCH_LIVE_EDITORS (200) editors on one server process, on BENCH_LIVE_STORIES (40) stories, and
// BENCH_LIVE_SAVES (10) saves a second among them: first BENCH_LIVE_BASELINE_SECONDS (60) of saves with no stream open,
// then BENCH_LIVE_SECONDS (300) with every editor's stream open and its presence said every heartbeat: save p50/p95 in
// both phases, from each save's answer to its event in the story's other editors, the server's memory every 30 s.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const versions = Number(process.env.BENCH_VERSIONS ?? 100_000);
const listSizes = (process.env.BENCH_LIST_SIZES ?? '100000').split(',').map(Number);
// Latency of one editor's list call: one request at a time unless BENCH_LIST_CONNECTIONS says otherwise.
const listConnections = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);
const keepListData = process.env.BENCH_KEEP_LIST_DATA === '1';
const listPauses = Number(process.env.BENCH_LIST_PAUSES ?? 3);
const listWrites = { perSecond: Number(process.env.BENCH_LIST_WRITES ?? 0), before: Number(process.env.BENCH_LIST_WRITES_BEFORE ?? 1500) };
const only = new Set((process.env.BENCH_ONLY ?? 'user,assets,list').split(','));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const count = (n: number) => new Intl.NumberFormat('en').format(n);

const dialects = new Set((process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(','));
const targets: Array<{ dialect: string; databaseUrl?: string }> = [];
if (dialects.has('sqlite')) targets.push({ dialect: 'sqlite' });
if (postgresUrl && dialects.has('postgres')) targets.push({ dialect: 'postgres', databaseUrl: postgresUrl });

if (['user', 'assets', 'list'].some((suite) => only.has(suite))) {
  const speed = await measureMachineSpeed(dialects.has('postgres') ? postgresUrl : undefined);
  const postgresSpeed = speed.postgres === undefined ? '' : `, PostgreSQL counts 2,000,000 series rows in ${speed.postgres} ms`;
  console.log(`machine: JavaScript runs 100,000,000 loop steps in ${speed.javascript} ms${postgresSpeed} (best of three)`);
  console.log(`${connections} connections, ${seconds} s per call`);
  console.log(TABLE_HEADER);
}
for (const target of targets) {
  if (only.has('user')) console.log(formatRow(`${target.dialect} GET user`, await benchmarkUserCall({ databaseUrl: target.databaseUrl, seconds, connections })));
  if (only.has('assets')) {
    const assets = await benchmarkAssetCalls({ databaseUrl: target.databaseUrl, versions, seconds, connections });
    console.log(formatRow(`${target.dialect} ${count(versions)} GET one`, assets.getOne));
    console.log(formatRow(`${target.dialect} ${count(versions)} PUT save`, assets.save));
  }
  if (only.has('list')) {
    for (const size of listSizes) {
      const figures = await benchmarkListCalls({ databaseUrl: target.databaseUrl, versions: size, seconds, connections: listConnections, keep: keepListData, writes: listWrites, pauses: listPauses });
      for (const call of figures.calls) console.log(formatRow(`${target.dialect} ${count(size)} ${call.name}`, call.measurement));
      const { saves } = figures;
      const writes = saves ? `; ${count(listWrites.before)} saves before the calls and ${count(saves.saves)} during them, ${saves.p50} / ${saves.p95} ms each at p50 / p95` : '';
      console.log(`  (${target.dialect}, ${count(size)} versions ${figures.seedSeconds > 0 ? `seeded in ${figures.seedSeconds} s` : 'kept from an earlier run'}${writes})`);
      if (figures.afterPauses.length > 0) console.log(`  (default list after ${PAUSE_SECONDS} s pauses: ${figures.afterPauses.join(', ')} ms)`);
    }
  }
}

if (only.has('load')) {
  const loadConnections = (process.env.BENCH_LOAD_CONNECTIONS ?? '10,20').split(',').map(Number);
  const listCacheMs = process.env.BENCH_LIST_CACHE_MS === undefined ? undefined : Number(process.env.BENCH_LIST_CACHE_MS);
  const sqliteReaders = process.env.BENCH_SQLITE_READERS === undefined ? undefined : Number(process.env.BENCH_SQLITE_READERS);
  for (const target of targets) {
    for (const size of listSizes) {
      const figures = await benchmarkListLoad({ adminUrl: target.databaseUrl, versions: size, seconds, connections: loadConnections, keep: keepListData, listCacheMs, sqliteReaders });
      console.log('');
      console.log(`list workloads under load, ${target.dialect}, ${count(size)} versions (${figures.seedSeconds > 0 ? `seeded in ${figures.seedSeconds} s` : 'kept'})${sqliteReaders === undefined ? '' : `, SQLITE_READERS=${sqliteReaders}`}, ${seconds} s per call; the repeated title matches ${figures.contentTitle.matches}`);
      for (const line of formatListLoad(figures)) console.log(line);
    }
  }
}

if (only.has('dashboard')) {
  console.log('');
  console.log(`dashboard calls, 1 connection, ${seconds} s per call`);
  console.log(TABLE_HEADER);
  for (const target of targets) {
    const figures = await benchmarkDashboardCalls({ databaseUrl: target.databaseUrl, versions, seconds, connections: 1 });
    for (const call of figures.calls) console.log(formatRow(`${target.dialect} ${count(versions)} ${call.name}`, call.measurement));
    for (const call of figures.firstLoads) console.log(formatRow(`${target.dialect} ${call.name}`, call.measurement));
    console.log(`  (${target.dialect}, ${count(versions)} versions and the dashboard's activity seeded in ${figures.seedSeconds} s; ${count(figures.loads)} first loads of the five widgets' calls at once)`);
  }
}

if (only.has('scheduler')) {
  const transitions = Number(process.env.BENCH_SCHEDULER_TRANSITIONS ?? 5000);
  console.log(`${'scheduler'.padEnd(44)} ${'transitions/s'.padStart(13)} ${'seconds'.padStart(8)}`);
  for (const target of targets) {
    for (const instances of target.databaseUrl ? [1, 2] : [1]) {
      const figures = await benchmarkScheduler({ databaseUrl: target.databaseUrl, transitions, instances });
      const name = `${target.dialect} ${count(transitions)} due, ${instances} instance${instances > 1 ? 's' : ''}`;
      console.log(`${name.padEnd(44)} ${String(figures.perSecond).padStart(13)} ${String(figures.seconds).padStart(8)}`);
    }
  }
}

if (only.has('editor')) {
  const runs: EditorFigures[] = [];
  for (const elements of (process.env.BENCH_EDITOR_ELEMENTS ?? '300,1000,3000').split(',').map(Number)) {
    runs.push(
      await benchmarkEditorPage({
        elements,
        runs: Number(process.env.BENCH_EDITOR_RUNS ?? 3),
        keystrokes: Number(process.env.BENCH_EDITOR_KEYSTROKES ?? 100),
        keyDelayMs: Number(process.env.BENCH_EDITOR_KEY_DELAY_MS ?? 50),
        edits: Number(process.env.BENCH_EDITOR_EDITS ?? 10),
      }),
    );
  }
  console.log('');
  for (const row of formatEditorTable(runs)) console.log(row);
}

if (only.has('upload')) {
  const figures = await benchmarkImageUploads({ seconds, concurrency: Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4) });
  const { throughput, large } = figures;
  console.log('');
  console.log(`upload ${throughput.fileMegabytes} MB JPEG, ${process.env.BENCH_UPLOAD_CONCURRENCY ?? 4} at a time for ${seconds} s: ${throughput.uploads} uploads, ${throughput.megabytesPerSecond} MB/s, ${throughput.p50} / ${throughput.p95} ms at p50 / p95${throughput.failures > 0 ? `, ${throughput.failures} failed` : ''}`);
  const growth = (key: keyof typeof large.peak) => `${large.before[key]} -> ${large.peak[key]} MB (+${Math.round((large.peak[key] - large.before[key]) * 10) / 10})`;
  console.log(`upload ${large.fileMegabytes} MB JPEG: ${large.status} in ${large.seconds} s; server resident memory ${growth('resident')}: its own ${growth('anonymous')}, mapped files ${growth('files')}`);
}

if (only.has('delivery')) {
  const figures = await benchmarkImageDelivery({ seconds, connections });
  console.log('');
  console.log(`image delivery, ${connections} connections, ${seconds} s per call`);
  console.log(TABLE_HEADER);
  for (const row of figures.rows) console.log(formatRow(row.name, row.measurement));
  console.log(`  (cold runs: ${figures.coldRenders} renditions made for ${figures.coldRequests} requests sent; the cached JPEG is ${figures.renditionBytes} bytes)`);
}

if (only.has('delivery-api')) {
  const deliveryVersions = Number(process.env.BENCH_DELIVERY_VERSIONS ?? 100_000);
  const webhooks = {
    perSecond: Number(process.env.BENCH_WEBHOOK_RATE ?? 100),
    intervalMs: process.env.BENCH_WEBHOOK_INTERVAL_MS === undefined ? undefined : Number(process.env.BENCH_WEBHOOK_INTERVAL_MS),
  };
  for (const target of targets) {
    const figures = await benchmarkDeliveryApi({ adminUrl: target.databaseUrl, versions: deliveryVersions, seconds, connections, webhooks });
    console.log('');
    for (const line of formatDeliveryApi(target.dialect, figures, { seconds, connections })) console.log(line);
  }
}

if (only.has('live')) {
  for (const target of targets) {
    const figures = await benchmarkLiveUpdates({
      adminUrl: target.databaseUrl,
      editors: Number(process.env.BENCH_LIVE_EDITORS ?? 200),
      stories: Number(process.env.BENCH_LIVE_STORIES ?? 40),
      savesPerSecond: Number(process.env.BENCH_LIVE_SAVES ?? 10),
      seconds: Number(process.env.BENCH_LIVE_SECONDS ?? 300),
      baselineSeconds: Number(process.env.BENCH_LIVE_BASELINE_SECONDS ?? 60),
      sampleSeconds: 30,
    });
    console.log('');
    for (const line of formatLiveUpdates(target.dialect, figures)) console.log(line);
  }
}

if (only.has('archive')) {
  const items = Number(process.env.BENCH_ARCHIVE_ITEMS ?? 100_000);
  for (const target of targets) {
    const figures = await benchmarkArchiveCalls({ databaseUrl: target.databaseUrl, items, seconds, connections });
    console.log('');
    console.log(`media archive, ${target.dialect}, ${count(items)} items (seeded in ${figures.seedSeconds} s), ${seconds} s per call`);
    console.log(TABLE_HEADER);
    for (const call of figures.calls) console.log(formatRow(call.name, call.measurement));
    for (const range of figures.ranges) console.log(`${formatRow(range.name, range.measurement)}  ${range.megabytesPerSecond} MB/s`);
  }
}

if (only.has('places')) {
  const figures = await benchmarkPlaceCalls({ seconds, connections });
  console.log('');
  console.log(`place calls, ${seconds} s per call`);
  console.log(TABLE_HEADER);
  console.log(formatRow('autocomplete, 1 connection', figures.autocompleteOne));
  console.log(formatRow(`autocomplete, ${connections} connections`, figures.autocompleteMany));
  console.log(formatRow('place details, 1 connection', figures.details));
  console.log(formatRow('time zone, 1 connection', figures.timeZone));
  console.log(`  (the first autocomplete, which reads the gazetteer: ${figures.firstCallMs} ms)`);
}

if (only.has('soak') || process.env.BENCH_SOAK === '1') {
  if (!postgresUrl) throw new Error('The soak run needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const figures = await runSoak({
    adminUrl: postgresUrl,
    editors: Number(process.env.BENCH_SOAK_EDITORS ?? 50),
    seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 300),
    versions: Number(process.env.BENCH_SOAK_VERSIONS ?? 20_000),
    thinkMs: Number(process.env.BENCH_SOAK_THINK_MS ?? 1000),
    sampleSeconds: Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 30),
  });
  console.log('');
  for (const line of formatSoak(figures)) console.log(line);
}

if (only.has('pages')) {
  console.log('');
  console.log(PAGE_LOADS_HEADER);
  // Over http asking for gzip only, then over https, where Chromium takes brotli as from a real deployment.
  for (const https of [false, true]) {
    for (const load of await benchmarkPageLoads({ runs: Number(process.env.BENCH_PAGE_RUNS ?? 3), https })) {
      console.log(formatPageLoad(load));
      if (process.env.BENCH_PAGE_FILES === '1') for (const line of formatPageLoadFiles(load)) console.log(line);
    }
  }
}

if (only.has('attack')) {
  const figures = await benchmarkAttackLoad({
    editors: Number(process.env.BENCH_ATTACK_EDITORS ?? 10),
    seconds,
    versions: Number(process.env.BENCH_ATTACK_VERSIONS ?? 10_000),
  });
  console.log('');
  for (const line of formatAttackLoad(figures)) console.log(line);
}

if (only.has('revisions')) {
  for (const target of targets) {
    const figures = await benchmarkRevisions({
      databaseUrl: target.databaseUrl,
      saves: Number(process.env.BENCH_REVISION_SAVES ?? 1000),
      elements: Number(process.env.BENCH_REVISION_ELEMENTS ?? 300),
      historyRevisions: Number(process.env.BENCH_REVISION_HISTORY ?? 10_000),
      runs: Number(process.env.BENCH_REVISION_RUNS ?? 200),
    });
    console.log('');
    for (const line of formatRevisions(target.dialect, figures)) console.log(line);
  }
}
