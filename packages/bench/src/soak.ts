import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '@editor/server/src/config.ts';
import { openDatabase } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import { loadOrCreateProviderSecrets } from '@editor/server/src/oidc/signingKeys.ts';
import { seedListData } from './listSeed.ts';
import { memoryOf, startServerProcess, type ServerProcess } from './serverProcess.ts';


/** What each simulated editor does, in this order, again and again, with a pause to think before each step. */
export const SOAK_STEPS = ['list', 'search', 'open', 'save', 'publish check'] as const;
export type SoakStep = (typeof SOAK_STEPS)[number];

export interface SoakFigures {
  seconds: number;
  editors: number;
  versions: number;
  requests: number;
  /** Answers other than the expected 2xx, and requests that failed outright. */
  errors: number;
  /** Milliseconds at p50 and p95 per step. */
  steps: Record<SoakStep, { count: number; p50: number; p95: number }>;
  /** Resident memory (MB) of each instance, sampled through the run. */
  memory: Array<{ pid: number; samples: number[] }>;
}

const SEARCH_WORDS = ['cliff', 'diving', 'rally', 'mostar', 'snow', 'final', 'season', 'bike'];

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0) * 10) / 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The soak run: two server processes on one fresh PostgreSQL database (seeded with `versions` list versions), and
 * `editors` simulated editors, each with a story of its own, going through list, search, open, save (with If-Match)
 * and publish check, a random think time of up to twice `thinkMs` before each step, every request to the other
 * instance than the one before. Resident memory of both processes is sampled every `sampleSeconds`.
 */
export async function runSoak(input: { adminUrl: string; editors: number; seconds: number; versions: number; thinkMs: number; sampleSeconds: number }): Promise<SoakFigures> {
  const databaseName = `bench_soak_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new Client({ connectionString: input.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(input.adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-soak-'));
  const instances: ServerProcess[] = [];
  try {
    const database = await openDatabase({ databaseUrl });
    try {
      await migrateToLatest(database.db, database.schema);
      await seedListData(database.db, 'postgres', input.versions);
    } finally {
      await database.destroy();
    }
    // One data folder for both: they share the embedded sign-in provider's key, made here before they start.
    const publicUrl = 'http://127.0.0.1:1';
    await loadOrCreateProviderSecrets(dataDir);
    for (let i = 0; i < 2; i++) instances.push(await startServerProcess({ dataDir, env: { DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl } }));
    const rights = { roles: ['content-editor'], spaces: DEFAULT_SPACES, localizations: DEFAULT_LOCALES };
    const authorization = await (instances[0] as ServerProcess).authorization({ rights, subject: 'soak', name: 'Soak Editor' });
    const headers = { authorization, 'content-type': 'application/json' };

    let turn = 0;
    const nextOrigin = () => instances[turn++ % instances.length]?.url ?? '';
    const durations = Object.fromEntries(SOAK_STEPS.map((step) => [step, [] as number[]])) as Record<SoakStep, number[]>;
    let errors = 0;
    let requests = 0;
    const call = async (step: SoakStep | undefined, pathAndQuery: string, init: RequestInit = {}): Promise<Response | undefined> => {
      const started = performance.now();
      try {
        const response = await fetch(`${nextOrigin()}${pathAndQuery}`, { ...init, headers: { ...headers, ...init.headers }, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer().catch(() => undefined);
        requests += 1;
        if (step) durations[step].push(performance.now() - started);
        if (!response.ok) errors += 1;
        return response;
      } catch {
        requests += 1;
        errors += 1;
        return undefined;
      }
    };

    // Each editor's own story, so saves never meet another editor's.
    const stories: string[] = [];
    for (let i = 0; i < input.editors; i++) {
      const created = await fetch(`${nextOrigin()}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, { method: 'POST', headers, body: JSON.stringify({ content: { title: { value: `Soak story ${i}` } } }) });
      if (created.status !== 201) throw new Error(`creating a story answered ${created.status}: ${await created.text()}`);
      stories.push(((await created.json()) as { id: string }).id);
    }
    errors = 0;
    requests = 0;

    const memory = instances.map(({ pid }) => ({ pid, samples: [memoryOf(pid).resident] }));
    const sampler = setInterval(() => {
      for (const entry of memory) entry.samples.push(memoryOf(entry.pid).resident);
    }, input.sampleSeconds * 1000);
    const endAt = Date.now() + input.seconds * 1000;
    const think = () => sleep(Math.random() * 2 * input.thinkMs);

    const editor = async (index: number) => {
      const id = stories[index] ?? '';
      const version = `/api/v1/assets/${id}/localizations/en`;
      // Editors start spread over one think time, not all at once.
      await sleep(Math.random() * input.thinkMs);
      for (let round = 0; Date.now() < endAt; round++) {
        await call('list', '/api/v1/assets');
        await think();
        await call('search', `/api/v1/assets?q=${SEARCH_WORDS[(index + round) % SEARCH_WORDS.length]}`);
        await think();
        const opened = await call('open', version);
        await think();
        const etag = opened?.headers.get('etag') ?? '';
        await call('save', version, { method: 'PUT', headers: { 'if-match': etag }, body: JSON.stringify({ content: { title: { value: `Soak story ${index}, round ${round}` } } }) });
        await think();
        await call('publish check', `${version}/publish-check`);
        await think();
      }
    };
    await Promise.all(stories.map((_, index) => editor(index)));
    clearInterval(sampler);
    for (const entry of memory) entry.samples.push(memoryOf(entry.pid).resident);

    const steps = Object.fromEntries(
      SOAK_STEPS.map((step) => {
        const sorted = durations[step].toSorted((a, b) => a - b);
        return [step, { count: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }];
      }),
    ) as SoakFigures['steps'];
    return { seconds: input.seconds, editors: input.editors, versions: input.versions, requests, errors, steps, memory };
  } finally {
    for (const instance of instances) await instance.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new Client({ connectionString: input.adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** The figures as printed by `BENCH_SOAK=1 npm run bench`. */
export function formatSoak(figures: SoakFigures): string[] {
  const lines = [
    `soak: ${figures.editors} editors for ${figures.seconds} s against two instances on PostgreSQL (${figures.versions} versions seeded): ${figures.requests} requests, ${figures.errors} errors`,
    `${'step'.padEnd(16)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
  ];
  for (const step of SOAK_STEPS) {
    const { count, p50, p95 } = figures.steps[step];
    lines.push(`${step.padEnd(16)} ${String(count).padStart(9)} ${String(p50).padStart(8)} ${String(p95).padStart(8)}`);
  }
  figures.memory.forEach((entry, index) => {
    const { samples } = entry;
    lines.push(`instance ${index + 1} resident memory (MB), sampled: ${samples.join(', ')} (first ${samples[0]}, highest ${Math.max(...samples)}, last ${samples.at(-1)})`);
  });
  return lines;
}
