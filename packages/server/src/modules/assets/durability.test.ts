import { describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR } from '../../../test/harness.ts';
import { startServerProcess } from '../../../test/serverProcess.ts';

const ASSETS = 4;
const WRITERS_PER_ASSET = 2;
const KILLS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low));

interface Saves {
  /** The saves the server answered 2xx: the version it named and the title it stored. */
  acknowledged: Array<{ version: number; title: string }>;
  /** Every title sent, answered or not. */
  sent: Set<string>;
}

describe.each(DIALECTS)('saves survive SIGKILL (%s)', (dialect) => {
  it('keeps every acknowledged save, and its revision, when the server is killed at random moments and started again', async () => {
    const server = await startServerProcess(dialect);
    try {
      await server.start();
      const headers = { authorization: `Bearer ${await server.tokenFor(EDITOR)}`, 'content-type': 'application/json' };
      const versionUrl = (id: string) => `${server.origin}/api/v1/assets/${id}/localizations/en`;

      const saves = new Map<string, Saves>();
      for (let i = 0; i < ASSETS; i++) {
        const created = await fetch(`${server.origin}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ content: { title: { value: `Story ${i}` } } }),
        });
        expect(created.status).toBe(201);
        saves.set(((await created.json()) as { id: string }).id, { acknowledged: [], sent: new Set() });
      }

      const run = { isStopped: false };
      const unexpected: string[] = [];
      let interrupted = 0;
      /** Reads the version, saves a new title with If-Match, again and again; a refused connection means the server is down. */
      const write = async (id: string, writer: number) => {
        const mine = saves.get(id)!;
        for (let n = 0; !run.isStopped; n++) {
          try {
            const current = await fetch(versionUrl(id), { headers, signal: AbortSignal.timeout(10_000) });
            if (current.status !== 200) {
              unexpected.push(`GET ${current.status}`);
              continue;
            }
            const title = `Writer ${writer}, save ${n}`;
            mine.sent.add(title);
            const saved = await fetch(versionUrl(id), {
              method: 'PUT',
              headers: { ...headers, 'if-match': current.headers.get('etag') ?? '' },
              body: JSON.stringify({ content: { title: { value: title } } }),
              signal: AbortSignal.timeout(10_000),
            });
            if (saved.ok) mine.acknowledged.push({ version: ((await saved.json()) as { _meta: { version: number } })._meta.version, title });
            else if (saved.status !== 412) unexpected.push(`PUT ${saved.status}`);
          } catch {
            interrupted++;
            await sleep(25);
          }
        }
      };
      const writers = [...saves.keys()].flatMap((id) => Array.from({ length: WRITERS_PER_ASSET }, (_, writer) => write(id, writer)));

      const acknowledgedSoFar = () => [...saves.values()].reduce((sum, entry) => sum + entry.acknowledged.length, 0);
      /** Saves go on after each start before the next kill, so each kill could land in the middle of one. */
      const savesGoOn = async (before: number) => {
        // A loaded machine may take seconds to answer the first save after a start; a server that takes none fails here.
        for (const deadline = Date.now() + 15_000; acknowledgedSoFar() <= before; await sleep(25)) {
          if (Date.now() > deadline) throw new Error(`no save was acknowledged within 15 s of a start (${before} before)`);
        }
      };
      for (let kill = 0; kill < KILLS; kill++) {
        await savesGoOn(acknowledgedSoFar());
        await sleep(between(300, 1200));
        await server.kill();
        await server.start();
      }
      await savesGoOn(acknowledgedSoFar());
      await sleep(300);
      run.isStopped = true;
      await Promise.all(writers);
      expect(unexpected).toEqual([]);
      // The kills cut calls off in the middle: some went unanswered.
      expect(interrupted).toBeGreaterThan(0);

      // After one last kill, what the server answers comes from what was stored, not from anything in memory.
      await server.kill();
      await server.start();
      for (const [id, { acknowledged, sent }] of saves) {
        const read = await fetch(`${versionUrl(id)}?includeHistory=true`, { headers });
        const version = (await read.json()) as { content: { title: { value: string } }; _meta: { version: number; history: Array<{ version: number }> } };
        const stored = new Set(version._meta.history.map((entry) => entry.version));
        for (const save of acknowledged) {
          expect(version._meta.version).toBeGreaterThanOrEqual(save.version);
          expect(stored.has(save.version), `version ${save.version} of ${id} was acknowledged but is not in its history`).toBe(true);
        }
        const last = acknowledged.at(-1);
        expect(last).toBeDefined();
        // The newest acknowledged title is what is stored, unless a later save landed whose answer the kill cut off.
        const isLastStored = version._meta.version === last?.version;
        expect(isLastStored ? version.content.title.value === last.title : sent.has(version.content.title.value), `${id}: ${version.content.title.value} at ${version._meta.version}`).toBe(true);
        // Each acknowledged save has its revision, rebuilt to what it saved (recorded in the save's own transaction).
        for (const save of acknowledged) {
          const revision = await fetch(`${versionUrl(id)}/revisions/${save.version}`, { headers });
          expect(revision.status, `version ${save.version} of ${id} was acknowledged but has no revision`).toBe(200);
          expect(((await revision.json()) as { content: { title: { value: string } } }).content.title.value).toBe(save.title);
        }
        // The revisions have no gap: each stored version has one, acknowledged or not.
        const page = (await (await fetch(`${versionUrl(id)}/revisions?limit=200`, { headers })).json()) as { revisions: Array<{ version: number }> };
        expect(page.revisions.map((revision) => revision.version)).toEqual(Array.from({ length: Math.min(200, version._meta.version) }, (_, index) => version._meta.version - index));
      }
    } finally {
      await server.remove();
    }
  }, 90_000);
});
