import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import { createBenchDatabase } from './benchDatabase.ts';
import { makeDeliveryDocuments } from './deliverySeed.ts';
import { startHello } from './helloServer.ts';
import { LIST_CALLS } from './listCalls.ts';
import { REPEATED_LIST, eaqlList, variedContentTitles, variedLists, variedSearches } from './listQuestions.ts';
import { LOCALES, SERIES_IDS, SPACES, WORDS, seedListData } from './listSeed.ts';
import { TABLE_HEADER, formatRow, measure, type LoadSpec, type Measurement } from './measure.ts';
import { memoryOf, startServerProcess, type Memory, type ServerProcess } from './serverProcess.ts';

/** Versions the update workload saves (stories, so the content it sends back is a story's). */
const UPDATE_SAMPLE = 2000;
/** Titles the varied content sub-field equality draws from. */
const TITLE_SAMPLE = 5000;
const SEED = 43;

export interface LoadCall {
  name: string;
  /** What was asked before it was measured, if anything. */
  warmedUp?: string;
  /** Every request asks something else; otherwise the same question again (a cache hit where the cache is on). */
  isVaried: boolean;
  connections: number;
  measurement: Measurement;
}

export interface LoadRun {
  /** The server's LIST_CACHE_MS; undefined for its default. */
  listCacheMs: number | undefined;
  /** Whether the server keeps search matches (SEARCH_MATCH_CACHE_MB above 0, as by default). */
  keepsMatches: boolean;
  /** How long the server took, after it answered, to build its list index (readiness tells), which the runs wait for. */
  indexSeconds: number;
  calls: LoadCall[];
  /** The list calls of issue "Finding content", one request at a time (on the run that keeps nothing). */
  single: Array<{ name: string; measurement: Measurement }>;
  /** The server process's memory after its run, with its peak. */
  memory: Memory;
}

export interface LoadFigures {
  seedSeconds: number;
  /** The title the repeated content sub-field workload asks for, and how many versions it matches. */
  contentTitle: { title: string; matches: number };
  hello: Array<{ connections: number; measurement: Measurement }>;
  runs: LoadRun[];
}

interface Workload {
  name: string;
  isVaried: boolean;
  spec: Omit<LoadSpec, 'connections' | 'seconds' | 'url' | 'headers'>;
  /** Asked before the workload's first measurement, and said beside its figures. */
  warmUp?: { paths: readonly string[]; label: string };
}

/**
 * After a warm-up, time for what its asks started in the background: PostgreSQL reads the matches of a search and of
 * its title so, some 85 ms each for a word of the seed at 100,000 versions, 80 words.
 */
const WARM_UP_SETTLE_MS = 15_000;

/** Each request the next of `paths`, in turn. */
const inTurn = (paths: readonly string[]): Workload['spec'] => {
  let next = 0;
  return { nextRequest: () => ({ method: 'GET', path: paths[next++ % paths.length] ?? '/' }) };
};

/** Seeds the database of `versions` versions unless a kept one holds them; what the workloads ask comes from it. */
async function prepareDatabase(input: { databaseUrl: string | undefined; dataDir: string; versions: number }) {
  const database = await openDatabase(input.databaseUrl ? { databaseUrl: input.databaseUrl } : { sqliteFile: path.join(input.dataDir, 'editor.db') });
  try {
    const { db } = database;
    await migrateToLatest(db, database.schema);
    const count = Number((await db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let seedSeconds = 0;
    if (count === 0) seedSeconds = await seedListData(db, database.dialect, input.versions);
    else if (count !== input.versions) throw new Error(`The kept load database holds ${count} versions, not ${input.versions} (an interrupted seed?): drop it and run again.`);
    // The delivery API's ready documents of the seed's published versions, which a running installation has made as
    // each was published: left queued, the server would make them in the background while the lists are measured.
    const documentsStarted = performance.now();
    if ((await makeDeliveryDocuments(db, database.dialect)) > 0) seedSeconds += Math.round((performance.now() - documentsStarted) / 100) / 10;
    const newest = await db.selectFrom('asset_localization').select('title').where('status', '=', 'published').where('stencil', '=', 'story').orderBy('updated_at', 'desc').limit(1).executeTakeFirstOrThrow();
    const matching = await db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number>().as('n')).where('title', '=', newest.title).where('status', '=', 'published').executeTakeFirstOrThrow();
    // Saves leave the asked-for title alone: they send each version's content back with another teaser.
    const sample = await sql<{ asset_id: string; locale: string; version: number; content: string }>`SELECT asset_id, locale, version, content FROM asset_localization
      WHERE stencil = 'story' AND title <> ${newest.title} ORDER BY asset_id LIMIT ${UPDATE_SAMPLE}`.execute(db);
    const titles = await db.selectFrom('asset_localization').select('title').where('status', '=', 'published').orderBy('asset_id').limit(TITLE_SAMPLE).execute();
    return { seedSeconds, newest: { title: newest.title, matches: Number(matching.n) }, sample: sample.rows, titles: titles.map((row) => row.title) };
  } finally {
    await database.destroy();
  }
}

/**
 * The list workloads of issues "Lists and search under concurrent load" and "Lists and search that stay fast when
 * every editor asks something different", on the server as `npm start` runs it, in a process of its own, beside a bare
 * Fastify "hello" measured in the same run: the list (12 with total and facets), the list with a search word and a
 * content sub-field equality, each varied (a different question every request) and repeated; get and update one
 * version (varied). Run with the defaults, without the list cache (LIST_CACHE_MS=0), and keeping nothing (no search
 * matches either), unless `listCacheMs` names the one setting to run.
 */
export async function benchmarkListLoad(input: {
  adminUrl?: string | undefined;
  versions: number;
  seconds: number;
  connections: number[];
  keep?: boolean;
  listCacheMs?: number | undefined;
  sqliteReaders?: number | undefined;
}): Promise<LoadFigures> {
  const dialect = input.adminUrl ? 'postgres' : 'sqlite';
  const kept = `load_${input.versions}`;
  const dataDir = input.keep ? path.join(os.tmpdir(), `editor-bench-${kept}-${dialect}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-load-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const { databaseUrl, drop } = await createBenchDatabase(input.adminUrl, input.keep ? kept : undefined);
  try {
    const prepared = await prepareDatabase({ databaseUrl, dataDir, versions: input.versions });
    const hello = await startHello();
    const helloFigures: LoadFigures['hello'] = [];
    try {
      for (const connections of input.connections) helloFigures.push({ connections, measurement: await measure({ url: `${hello.url}/`, serverPid: hello.pid, headers: {}, seconds: input.seconds, connections }) });
    } finally {
      await hello.stop();
    }
    // The versions the saves last left, across the runs: a run that started from the seed's would be refused (412).
    const versionOf = new Map(prepared.sample.map((row) => [`/api/v1/assets/${row.asset_id}/localizations/${row.locale}`, Number(row.version)]));
    const runs: LoadRun[] = [];
    const settings = input.listCacheMs === undefined ? RUN_SETTINGS : [{ listCacheMs: input.listCacheMs, keepsMatches: true }];
    for (const { listCacheMs, keepsMatches } of settings) {
      const server = await startServerProcess({
        dataDir,
        env: {
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...(listCacheMs === undefined ? {} : { LIST_CACHE_MS: String(listCacheMs) }),
          // Keeping nothing: a search also reads its matches each time instead of keeping them between lists.
          ...(keepsMatches ? {} : { SEARCH_MATCH_CACHE_MB: '0' }),
          ...(input.sqliteReaders === undefined ? {} : { SQLITE_READERS: String(input.sqliteReaders) }),
        },
      });
      try {
        const indexSeconds = await waitForListIndex(server.url);
        const single = !keepsMatches || input.listCacheMs !== undefined;
        runs.push({ ...(await runWorkloads({ server, prepared, versionOf, listCacheMs, seconds: input.seconds, connections: input.connections, single, keepsMatches })), indexSeconds });
      } finally {
        await server.stop();
      }
    }
    return { seedSeconds: prepared.seedSeconds, contentTitle: prepared.newest, hello: helloFigures, runs };
  } finally {
    await drop();
    if (!input.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The settings a load run measures: the defaults; no list cache, the issue's second setting, where every answer is
 * computed but a search's matches stay kept (they are its index's, as a query cache is a search engine's); nothing kept.
 */
const RUN_SETTINGS: ReadonlyArray<{ listCacheMs: number | undefined; keepsMatches: boolean }> = [
  { listCacheMs: undefined, keepsMatches: true },
  { listCacheMs: 0, keepsMatches: true },
  { listCacheMs: 0, keepsMatches: false },
];

/** The longest wait for a server's list index: a build of 1,000,000 versions took 12 s on a 2-core machine. */
const INDEX_WAIT_MS = 15 * 60_000;

/**
 * Waits until the server's readiness says its list index is built, and returns how long that took: until then its
 * lists are read from the database, and a run would measure a server still starting.
 */
async function waitForListIndex(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await fetch(`${url}/api/health/ready`);
    const readiness = (await answer.json()) as { checks?: { listIndex?: string } };
    if (readiness.checks?.listIndex !== 'building') return Math.round((performance.now() - started) / 100) / 10;
    if (performance.now() - started > INDEX_WAIT_MS) throw new Error(`The server's list index was not built within ${INDEX_WAIT_MS / 60_000} minutes.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function runWorkloads(input: {
  server: ServerProcess;
  prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  versionOf: Map<string, number>;
  listCacheMs: number | undefined;
  seconds: number;
  connections: number[];
  single: boolean;
  /** Whether the server keeps search matches (SEARCH_MATCH_CACHE_MB above 0). */
  keepsMatches: boolean;
}): Promise<Omit<LoadRun, 'indexSeconds'>> {
  const { server, prepared, versionOf } = input;
  const authorization = await server.authorization({ rights: { roles: ['content-manager'], spaces: SPACES, localizations: LOCALES }, subject: 'bench', name: 'Bench Editor' });
  const headers = { authorization };
  const keys = prepared.sample.map((row) => ({ path: `/api/v1/assets/${row.asset_id}/localizations/${row.locale}`, content: JSON.parse(row.content) as Record<string, unknown> }));
  const pick = () => keys[Math.floor(Math.random() * keys.length)] ?? { path: '', content: {} };
  // A version being saved is not sent again until it answers: two saves of one version with the same If-Match would
  // answer 412 (the conflict refusal a stale save gets), which would count as an error of the run.
  const saving = new Set<string>();
  const pickIdle = () => {
    let picked = pick();
    while (saving.has(picked.path)) picked = pick();
    saving.add(picked.path);
    return picked;
  };
  let saves = 0;
  const workloads: Workload[] = [
    { name: 'list', isVaried: true, spec: inTurn(variedLists(SEED)) },
    {
      name: 'list + search word',
      isVaried: true,
      spec: inTurn(variedSearches(SEED)),
      // With kept search matches, as an instance that has served a while: every word asked once before.
      ...(input.keepsMatches ? { warmUp: { paths: [...new Set(WORDS)].map((word) => `/api/v1/assets?limit=12&q=${word}`), label: 'each word asked once before' } } : {}),
    },
    { name: 'content.title = … AND status', isVaried: true, spec: inTurn(variedContentTitles(SEED, prepared.titles)) },
    { name: 'list', isVaried: false, spec: inTurn([REPEATED_LIST]) },
    { name: 'list + search', isVaried: false, spec: inTurn([`${REPEATED_LIST}&q=summit`]) },
    { name: 'content.title = … AND status', isVaried: false, spec: inTurn([eaqlList(`content.title = "${prepared.newest.title}" AND status = published`)]) },
    { name: 'content.motorsport-series-id = … AND status', isVaried: false, spec: inTurn([eaqlList(`content.motorsport-series-id = ${SERIES_IDS[2]} AND status = published`)]) },
    { name: 'get one', isVaried: true, spec: { nextRequest: () => ({ method: 'GET', path: pick().path }) } },
    {
      name: 'update one (If-Match)',
      isVaried: true,
      spec: {
        nextRequest: (context) => {
          const { path: keyPath, content } = pickIdle();
          context.path = keyPath;
          const body = JSON.stringify({ content: { ...content, teaser: { value: `Saved by the benchmark, save ${(saves += 1)}.` } } });
          return { method: 'PUT', path: keyPath, body, headers: { 'if-match': `"${versionOf.get(keyPath) ?? 1}"` } };
        },
        onResponse: (status, responseHeaders, context) => {
          const etag = responseHeaders.etag ?? responseHeaders.ETag;
          if (typeof context.path !== 'string') return;
          saving.delete(context.path);
          if (status === 200 && etag) versionOf.set(context.path, Number(etag.replaceAll('"', '')));
        },
      },
    },
  ];
  const calls: LoadCall[] = [];
  for (const connections of input.connections) {
    for (const workload of workloads) {
      const { warmUp } = workload;
      if (warmUp && connections === input.connections[0]) {
        for (const warmPath of warmUp.paths) await (await fetch(`${server.url}${warmPath}`, { headers })).arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, WARM_UP_SETTLE_MS));
      }
      const measurement = await measure({ url: server.url, serverPid: server.pid, headers, ...workload.spec, seconds: input.seconds, connections });
      calls.push({ name: workload.name, isVaried: workload.isVaried, connections, measurement, ...(warmUp ? { warmedUp: warmUp.label } : {}) });
      // The load tool stops waiting at the end of its time, the server does not: one more call waits for what it
      // still works on, which would otherwise count against the next workload.
      await (await fetch(`${server.url}${REPEATED_LIST}`, { headers })).arrayBuffer();
      // Saves still open when the tool stopped were made without their answer reaching us: their versions are read
      // back, or the next save of each would be refused as stale (412) and count as an error.
      for (const keyPath of saving) {
        const answer = await fetch(`${server.url}${keyPath}`, { headers });
        await answer.arrayBuffer();
        const etag = answer.headers.get('etag');
        if (etag) versionOf.set(keyPath, Number(etag.replaceAll('"', '')));
      }
      saving.clear();
    }
  }
  const single: LoadRun['single'] = [];
  if (input.single) for (const [name, callPath] of Object.entries(LIST_CALLS)) single.push({ name, measurement: await measure({ url: `${server.url}${callPath}`, headers, seconds: input.seconds, connections: 1 }) });
  return { listCacheMs: input.listCacheMs, keepsMatches: input.keepsMatches, calls, single, memory: memoryOf(server.pid) };
}

/** Issue "Lists and search that stay fast when every editor asks something different": varied questions, 10 connections. */
const TARGETS: Record<string, { perSecond: number; p99Ms: number }> = { list: { perSecond: 1000, p99Ms: 100 }, 'list + search word': { perSecond: 250, p99Ms: 100 } };
const MEMORY_TARGET_MB = 600;

/** The figures as `BENCH_ONLY=load` prints them: hello first, then each run's calls with their share of hello. */
export function formatListLoad(figures: LoadFigures): string[] {
  const helloAt = (connections: number) => figures.hello.find((hello) => hello.connections === connections)?.measurement.requestsPerSecond ?? 0;
  const lines = [TABLE_HEADER, ...figures.hello.map((hello) => formatRow(`hello: bare Fastify, ${hello.connections} conn`, hello.measurement))];
  for (const run of figures.runs) {
    const isCached = run.listCacheMs !== 0;
    const caches =
      run.listCacheMs === undefined
        ? 'the default list cache and kept search matches'
        : run.listCacheMs !== 0
          ? `LIST_CACHE_MS=${run.listCacheMs}`
          : run.keepsMatches
            ? 'LIST_CACHE_MS=0 (every answer computed; search matches kept, as by default)'
            : 'LIST_CACHE_MS=0 SEARCH_MATCH_CACHE_MB=0 (every answer and match read)';
    lines.push(`  server with ${caches} (its list index built ${run.indexSeconds} s after it answered):`);
    for (const call of run.calls) {
      const hello = helloAt(call.connections);
      const share = hello > 0 ? `${(Math.round((call.measurement.requestsPerSecond / hello) * 1000) / 10).toFixed(1)} % of hello` : '';
      const kind = `${call.isVaried ? 'varied' : isCached && call.name !== 'get one' ? 'repeated, cache hit' : 'repeated'}${call.warmedUp ? ` (${call.warmedUp})` : ''}`;
      const target = call.isVaried && call.connections === 10 ? TARGETS[call.name] : undefined;
      const judged = target ? `; target ≥ ${target.perSecond}/s, p99 < ${target.p99Ms}: ${call.measurement.requestsPerSecond >= target.perSecond && call.measurement.p99 < target.p99Ms ? 'met' : 'not met'}` : '';
      lines.push(`${formatRow(`${call.name}, ${kind}, ${call.connections} conn`, call.measurement)}  ${share}${judged}`);
    }
    for (const call of run.single) lines.push(formatRow(`${call.name}, 1 conn`, call.measurement));
    const { memory } = run;
    lines.push(
      `  server resident memory after the run ${memory.resident} MB (its own ${memory.anonymous}, mapped files ${memory.files}), peak ${memory.peak} MB (target under ${MEMORY_TARGET_MB}: ${memory.peak < MEMORY_TARGET_MB ? 'met' : 'not met'})`,
    );
  }
  return lines;
}
