import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LIVE_PRESENCE_PATH, PRESENCE_HEARTBEAT_MS } from '@editor/domain';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import type { Arrival, StreamEditor } from './liveStreams.ts';
import { memoryOf, startServerProcess, type ServerProcess } from './serverProcess.ts';

export interface LiveFigures {
  editors: number;
  stories: number;
  savesPerSecond: number;
  seconds: number;
  /** Saves alone, no stream open: today's editor. */
  baseline: { saves: number; p50: number; p95: number };
  /** Saves while every editor has its stream open and says where it is. */
  live: { saves: number; p50: number; p95: number; conflicts: number };
  /** From a save's answer to its event in each other editor of the story (ms). */
  notice: { count: number; p50: number; p95: number; max: number; missed: number };
  /** The server's resident memory (MB) every sample, the first after the editors opened their streams. */
  memory: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: readonly number[], fraction: number) => (sorted.length === 0 ? 0 : round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0));
const STORY = {
  title: { value: 'Live bench story' },
  'story-content': { value: [{ type: 'text', value: '<p>Written by many editors at once.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
const RIGHTS = { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] };
const WARM_UP_SECONDS = 5;
/** Connections the saves may use at once (the editors' own browsers each have a few). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(server: ServerProcess, input: { method: string; path: string; authorization: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(input.path, server.url);
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    const request = http.request(url, { method: input.method, agent, headers: { authorization: input.authorization, ...(body ? { 'content-type': 'application/json' } : {}), ...input.headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The editors' streams on a thread of their own (liveStreams.ts), run through tsx as the server's worker threads are. */
function startStreams(input: { url: string; editors: StreamEditor[] }): { ready: Promise<void>; stop: () => Promise<Arrival[]> } {
  const bootstrap = `
    const { workerData } = require('node:worker_threads');
    import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.module, workerData.module));
  `;
  const worker = new Worker(bootstrap, { eval: true, workerData: { tsx: import.meta.resolve('tsx/esm/api'), module: new URL('./liveStreams.ts', import.meta.url).href, ...input } });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'ready') resolve();
    });
  });
  const stop = () =>
    new Promise<Arrival[]>((resolve) => {
      worker.on('message', (message: { type: string; arrivals?: Arrival[] }) => {
        if (message.type !== 'arrivals') return;
        resolve(message.arrivals ?? []);
        void worker.terminate();
      });
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
      worker.postMessage({ type: 'stop' });
    });
  return { ready, stop };
}

/**
 * `editors` editors on one server process, `stories` stories among them (each editor on one), `savesPerSecond` saves a
 * second by editors chosen at random. First the saves alone for `baselineSeconds` (no stream), then with every editor's
 * stream open and its presence said every heartbeat, for `seconds`, sampling the server's memory every
 * `sampleSeconds`. Each save's answer time is matched to its event's arrival in the other editors of its story.
 */
export async function benchmarkLiveUpdates(input: { adminUrl?: string | undefined; editors: number; stories: number; savesPerSecond: number; seconds: number; baselineSeconds: number; sampleSeconds: number }): Promise<LiveFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-live-'));
  // On PostgreSQL a fresh database of its own, dropped afterwards.
  const databaseName = `bench_live_${crypto.randomUUID().replaceAll('-', '')}`;
  let databaseUrl: string | undefined;
  if (input.adminUrl) {
    const admin = new Client({ connectionString: input.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(input.adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const server = await startServerProcess({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  try {
    const editors = await Promise.all(
      Array.from({ length: input.editors }, async (_, index) => ({
        authorization: await server.authorization({ rights: RIGHTS, subject: `bench-live-${index}`, name: `Live Editor ${index}` }),
        index,
      })),
    );
    const stories: Array<{ id: string; version: number }> = [];
    for (let index = 0; index < input.stories; index += 1) {
      const created = await call(server, { method: 'POST', path: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', authorization: editors[0]!.authorization, body: { content: STORY } });
      if (created.status !== 201) throw new Error(`creating a story answered ${created.status}: ${created.body}`);
      stories.push({ id: (JSON.parse(created.body) as { id: string }).id, version: 1 });
    }
    const storyOf = (editor: number) => stories[editor % stories.length]!;
    const answered = new Map<string, number>();
    let conflicts = 0;

    async function save(editor: (typeof editors)[number], latencies: number[]): Promise<void> {
      const story = storyOf(editor.index);
      const sent = performance.now();
      const answer = await call(server, {
        method: 'PUT',
        path: `/api/v1/assets/${story.id}/localizations/en`,
        authorization: editor.authorization,
        body: { content: { ...STORY, title: { value: `Saved by editor ${editor.index} at ${Date.now()}` } } },
        headers: { 'if-match': String(story.version) },
      });
      const at = performance.now();
      if (answer.status === 412) {
        // Another editor of the story saved first: this one would see the conflict modal; it reads the newer version.
        conflicts += 1;
        const latest = await call(server, { method: 'GET', path: `/api/v1/assets/${story.id}/localizations/en`, authorization: editor.authorization });
        story.version = Math.max(story.version, (JSON.parse(latest.body) as { _meta: { version: number } })._meta.version);
        return;
      }
      if (answer.status !== 200) throw new Error(`a save answered ${answer.status}: ${answer.body}`);
      const version = (JSON.parse(answer.body) as { _meta: { version: number } })._meta.version;
      story.version = Math.max(story.version, version);
      latencies.push(at - sent);
      answered.set(`${story.id}:${version}:${editor.index}`, performance.timeOrigin + at);
    }

    async function runSaves(seconds: number): Promise<number[]> {
      const latencies: number[] = [];
      const pending: Array<Promise<void>> = [];
      const started = performance.now();
      const total = Math.round(seconds * input.savesPerSecond);
      for (let index = 0; index < total; index += 1) {
        const wait = started + (index * 1000) / input.savesPerSecond - performance.now();
        if (wait > 0) await sleep(wait);
        pending.push(save(editors[Math.floor(Math.random() * editors.length)]!, latencies));
      }
      await Promise.all(pending);
      return latencies.toSorted((a, b) => a - b);
    }

    // A few seconds unmeasured first: the server's statements and caches warm up before either phase counts.
    await runSaves(WARM_UP_SECONDS);
    const baseline = await runSaves(input.baselineSeconds);

    // Every editor opens its stream and says where it is, as an open editor does.
    const streams = startStreams({ url: server.url, editors: editors.map((editor) => ({ index: editor.index, authorization: editor.authorization, storyId: storyOf(editor.index).id })) });
    await streams.ready;
    const sayWhere = (editor: (typeof editors)[number]) =>
      call(server, { method: 'PUT', path: LIVE_PRESENCE_PATH, authorization: editor.authorization, body: { tab: `bench-tab-${editor.index}`, assetId: storyOf(editor.index).id, locale: 'en', field: 'title' } });
    await Promise.all(editors.map(sayWhere));
    // Each editor's heartbeat on its own beat, as tabs opened at different moments have them.
    const heartbeats: NodeJS.Timeout[] = [];
    const offsets = editors.map((editor) =>
      setTimeout(() => heartbeats.push(setInterval(() => void sayWhere(editor), PRESENCE_HEARTBEAT_MS)), (editor.index * PRESENCE_HEARTBEAT_MS) / editors.length),
    );
    const memory = [memoryOf(server.pid).resident];
    const sampler = setInterval(() => memory.push(memoryOf(server.pid).resident), input.sampleSeconds * 1000);
    answered.clear();
    const live = await runSaves(input.seconds);
    clearInterval(sampler);
    memory.push(memoryOf(server.pid).resident);
    await sleep(2000);
    for (const timer of [...offsets, ...heartbeats]) clearTimeout(timer);
    const arrivals = await streams.stop();

    // The notice's delay in each other editor of the story: its event's arrival after the save's answer.
    const delays: number[] = [];
    let missed = 0;
    const arrivalsByKey = new Map<string, Map<number, number>>();
    for (const arrival of arrivals) {
      const byEditor = arrivalsByKey.get(arrival.key) ?? new Map<number, number>();
      if (!byEditor.has(arrival.editor)) byEditor.set(arrival.editor, arrival.at);
      arrivalsByKey.set(arrival.key, byEditor);
    }
    for (const [key, at] of answered) {
      const [id, version, saver] = key.split(':');
      const byEditor = arrivalsByKey.get(`${id}:${version}`);
      for (const editor of editors) {
        if (editor.index === Number(saver) || storyOf(editor.index).id !== id) continue;
        const arrived = byEditor?.get(editor.index);
        if (arrived === undefined) missed += 1;
        else delays.push(arrived - at);
      }
    }
    delays.sort((a, b) => a - b);
    return {
      editors: input.editors,
      stories: input.stories,
      savesPerSecond: input.savesPerSecond,
      seconds: input.seconds,
      baseline: { saves: baseline.length, p50: percentile(baseline, 0.5), p95: percentile(baseline, 0.95) },
      live: { saves: live.length, p50: percentile(live, 0.5), p95: percentile(live, 0.95), conflicts },
      notice: { count: delays.length, p50: percentile(delays, 0.5), p95: percentile(delays, 0.95), max: round(delays.at(-1) ?? 0), missed },
      memory,
    };
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (input.adminUrl) {
      const admin = new Client({ connectionString: input.adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName}`);
      await admin.end();
    }
  }
}

export function formatLiveUpdates(dialect: string, figures: LiveFigures): string[] {
  const first = figures.memory[0] ?? 0;
  const last = figures.memory.at(-1) ?? 0;
  return [
    `live updates, ${dialect}: ${figures.editors} editors with their streams open on ${figures.stories} stories, ${figures.savesPerSecond} saves a second for ${figures.seconds} s`,
    `  save, no streams:   p50 ${figures.baseline.p50} ms, p95 ${figures.baseline.p95} ms (${figures.baseline.saves} saves)`,
    `  save, live:         p50 ${figures.live.p50} ms, p95 ${figures.live.p95} ms (${figures.live.saves} saves, ${figures.live.conflicts} lost to another editor's save first)`,
    `  save answer → notice in the story's other editors: p50 ${figures.notice.p50} ms, p95 ${figures.notice.p95} ms, max ${figures.notice.max} ms (${figures.notice.count} notices, ${figures.notice.missed} missed)`,
    `  server memory (MB, every sample): ${figures.memory.join(', ')}; from ${first} to ${last}`,
  ];
}
