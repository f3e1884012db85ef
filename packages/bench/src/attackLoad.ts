import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staticMapUrl, uploadSignatureSchema, type Rights } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '@editor/server/src/config.ts';
import { openDatabase } from '@editor/server/src/db/database.ts';
import { migrateToLatest } from '@editor/server/src/db/migrate.ts';
import { seedListData } from './listSeed.ts';
import { memoryOf, startServerProcess, type ServerProcess } from './serverProcess.ts';

/** The three cheapest attacks of one client: hostile SVG uploads, distinct static maps, unauthenticated requests. */
export const ATTACKS = ['svg upload', 'static map', 'unauthenticated'] as const;
export type Attack = (typeof ATTACKS)[number];

const EDITOR_STEPS = ['list', 'save'] as const;
type EditorStep = (typeof EDITOR_STEPS)[number];

interface Latency {
  count: number;
  p50: number;
  p95: number;
}

export interface PhaseFigures {
  steps: Record<EditorStep, Latency>;
  /** Editors' answers other than the expected 2xx, and requests that failed outright. */
  errors: number;
  /** Highest resident memory (MB) of the server sampled during the phase. */
  peakMegabytes: number;
}

export interface AttackFigures {
  editors: number;
  seconds: number;
  versions: number;
  quiet: PhaseFigures;
  attacked: PhaseFigures;
  /** Per attack: requests sent and how they were answered (status → count; 0 = no answer). */
  attacks: Record<Attack, { sent: number; statuses: Record<string, number> }>;
  /** The server's highest resident memory since it started (VmHWM), in MB. */
  lifetimePeakMegabytes: number;
}

const EDITOR: Rights = { roles: ['content-editor'], spaces: [...DEFAULT_SPACES], localizations: [...DEFAULT_LOCALES] };
const STENCILS = ['story', 'gallery', 'video'];
/** How many of each attack's requests are in flight at once. */
const IN_FLIGHT: Record<Attack, number> = { 'svg upload': 2, 'static map': 4, unauthenticated: 16 };
/** 2.4 million empty groups: about 9.6 MB, under the SVG size cap. */
const HOSTILE_SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(2_400_000)}</svg>`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

function latencyOf(durations: number[]): Latency {
  const sorted = durations.toSorted((a, b) => a - b);
  const at = (share: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
}

/** A hostile SVG upload as the browser makes one: a signature for the attacker's own account, then the form. */
async function uploadHostileSvg(server: ServerProcess, authorization: string): Promise<number> {
  const signed = await fetch(`${server.url}/api/v1/cloudinary-signature`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ space: 'rbcom' }),
  });
  if (!signed.ok) {
    await signed.arrayBuffer();
    return signed.status;
  }
  const signature = uploadSignatureSchema.parse(await signed.json());
  const form = new FormData();
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value);
  form.append('file', new Blob([HOSTILE_SVG], { type: 'image/svg+xml' }), 'groups.svg');
  const response = await fetch(new URL(signature.upload_url, server.url), { method: 'POST', body: form, signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
  return response.status;
}

/** A map nobody asked for before: a random centre and zoom. */
function distinctMapPath(): string {
  const center = { latitude: round(Math.random() * 160 - 80), longitude: round(Math.random() * 340 - 170) };
  return staticMapUrl({ center, marker: center, zoom: 3 + Math.floor(Math.random() * 9) });
}

/**
 * `BENCH_ONLY=attack`: `editors` editors (each listing with a varied filter and saving a story of their own, with a
 * short think time between steps) against the server in its own process on SQLite with `versions` list versions,
 * first alone for `seconds`, then as long again while one client runs the three cheapest attacks at once: hostile
 * SVG uploads (the attacker is signed in, as anyone with an account is), distinct static maps, and unauthenticated
 * `GET /api/v1/user`. Prints the editors' p95 in both phases and the server's peak resident memory.
 */
export async function benchmarkAttackLoad(input: { editors: number; seconds: number; versions: number }): Promise<AttackFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-bench-attack-'));
  let server: ServerProcess | undefined;
  try {
    const database = await openDatabase({ sqliteFile: path.join(dataDir, 'editor.db') });
    try {
      await migrateToLatest(database.db);
      await seedListData(database.db, 'sqlite', input.versions);
    } finally {
      await database.destroy();
    }
    const started = await startServerProcess({ dataDir });
    server = started;
    const editorAuthorization = await started.authorization({ rights: EDITOR, subject: 'bench-editor', name: 'Bench Editor' });
    const attackerAuthorization = await started.authorization({ rights: EDITOR, subject: 'bench-attacker', name: 'Bench Attacker' });
    const headers = { authorization: editorAuthorization, 'content-type': 'application/json' };

    const stories: string[] = [];
    for (let i = 0; i < input.editors; i++) {
      const created = await fetch(`${started.url}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, { method: 'POST', headers, body: JSON.stringify({ content: { title: { value: `Attack bench story ${i}` } } }) });
      if (created.status !== 201) throw new Error(`creating a story answered ${created.status}: ${await created.text()}`);
      stories.push(((await created.json()) as { id: string }).id);
    }

    const runEditors = async (seconds: number): Promise<PhaseFigures> => {
      const durations: Record<EditorStep, number[]> = { list: [], save: [] };
      let errors = 0;
      let peakMegabytes = memoryOf(started.pid).resident;
      const sampler = setInterval(() => {
        peakMegabytes = Math.max(peakMegabytes, memoryOf(started.pid).resident);
      }, 50);
      const call = async (step: EditorStep, pathAndQuery: string, init: RequestInit = {}): Promise<Response | undefined> => {
        const begun = performance.now();
        try {
          const response = await fetch(`${started.url}${pathAndQuery}`, { ...init, headers: { ...headers, ...init.headers }, signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          durations[step].push(performance.now() - begun);
          if (!response.ok) errors += 1;
          return response;
        } catch {
          errors += 1;
          return undefined;
        }
      };
      const endAt = Date.now() + seconds * 1000;
      await Promise.all(
        stories.map(async (id, index) => {
          const version = `/api/v1/assets/${id}/localizations/en`;
          await sleep(Math.random() * 200);
          for (let round = 0; Date.now() < endAt; round++) {
            const stencil = STENCILS[(index + round) % STENCILS.length] ?? 'story';
            await call('list', `/api/v1/assets?stencil=${stencil}&localization=${DEFAULT_LOCALES[round % DEFAULT_LOCALES.length] ?? 'en'}&limit=12`);
            await sleep(50 + Math.random() * 150);
            const opened = await fetch(`${started.url}${version}`, { headers }).catch(() => undefined);
            const etag = opened?.headers.get('etag') ?? '';
            await opened?.arrayBuffer();
            await call('save', version, { method: 'PUT', headers: { 'if-match': etag }, body: JSON.stringify({ content: { title: { value: `Attack bench story ${index}, round ${round}` } } }) });
            await sleep(50 + Math.random() * 150);
          }
        }),
      );
      clearInterval(sampler);
      peakMegabytes = Math.max(peakMegabytes, memoryOf(started.pid).resident);
      return { steps: { list: latencyOf(durations.list), save: latencyOf(durations.save) }, errors, peakMegabytes };
    };

    const quiet = await runEditors(input.seconds);

    const attacks = Object.fromEntries(ATTACKS.map((attack) => [attack, { sent: 0, statuses: {} as Record<string, number> }])) as AttackFigures['attacks'];
    const attackEndAt = Date.now() + input.seconds * 1000;
    const count = (attack: Attack, status: number) => {
      const figures = attacks[attack];
      figures.sent += 1;
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
    };
    const attackOnce: Record<Attack, () => Promise<number>> = {
      'svg upload': () => uploadHostileSvg(started, attackerAuthorization),
      'static map': async () => {
        const response = await fetch(`${started.url}${distinctMapPath()}`, { headers: { authorization: attackerAuthorization }, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        return response.status;
      },
      unauthenticated: async () => {
        const response = await fetch(`${started.url}/api/v1/user`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        return response.status;
      },
    };
    const attacker = Promise.all(
      ATTACKS.flatMap((attack) =>
        Array.from({ length: IN_FLIGHT[attack] }, async () => {
          while (Date.now() < attackEndAt) {
            const status = await attackOnce[attack]().catch(() => 0);
            count(attack, status);
            // A refused attacker tries again at once, as a careless client would, but never spins on a dead socket.
            if (status === 0) await sleep(100);
          }
        }),
      ),
    );
    const attacked = await runEditors(input.seconds);
    await attacker;
    return { editors: input.editors, seconds: input.seconds, versions: input.versions, quiet, attacked, attacks, lifetimePeakMegabytes: memoryOf(started.pid).peak };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as printed by `BENCH_ONLY=attack npm run bench`. */
export function formatAttackLoad(figures: AttackFigures): string[] {
  const lines = [
    `attack: ${figures.editors} editors list and save for ${figures.seconds} s alone, then ${figures.seconds} s while one client attacks (SQLite, ${figures.versions} versions, the server in its own process)`,
    `${'editors'.padEnd(24)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95 ×'.padStart(7)}`,
  ];
  for (const step of EDITOR_STEPS) {
    const quiet = figures.quiet.steps[step];
    const attacked = figures.attacked.steps[step];
    lines.push(`${`${step}, alone`.padEnd(24)} ${String(quiet.count).padStart(9)} ${String(quiet.p50).padStart(8)} ${String(quiet.p95).padStart(8)} ${''.padStart(7)}`);
    const ratio = quiet.p95 > 0 ? round(attacked.p95 / quiet.p95) : Number.NaN;
    lines.push(`${`${step}, under attack`.padEnd(24)} ${String(attacked.count).padStart(9)} ${String(attacked.p50).padStart(8)} ${String(attacked.p95).padStart(8)} ${String(ratio).padStart(7)}`);
  }
  lines.push(`  (editors' errors: ${figures.quiet.errors} alone, ${figures.attacked.errors} under attack)`);
  for (const attack of ATTACKS) {
    const { sent, statuses } = figures.attacks[attack];
    const answers = Object.entries(statuses).map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`).join(', ');
    lines.push(`  ${attack}: ${sent} requests (${IN_FLIGHT[attack]} at a time): ${answers}`);
  }
  lines.push(`server resident memory: highest ${figures.quiet.peakMegabytes} MB alone, ${figures.attacked.peakMegabytes} MB under attack; highest since start ${figures.lifetimePeakMegabytes} MB`);
  return lines;
}
