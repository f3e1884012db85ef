import { describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR } from '../../../test/harness.ts';
import { startServerProcess } from '../../../test/serverProcess.ts';

const ASSETS = 3;
const WRITERS_PER_ASSET = 2;
const KILLS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low));

describe.each(DIALECTS)('revisions survive SIGKILL (%s)', (dialect) => {
  it('leaves no acknowledged save without its revision when the server is killed during saves', async () => {
    const server = await startServerProcess(dialect);
    try {
      await server.start();
      const headers = { authorization: `Bearer ${await server.tokenFor(EDITOR)}`, 'content-type': 'application/json' };
      const versionUrl = (id: string) => `${server.origin}/api/v1/assets/${id}/localizations/en`;

      const acknowledged = new Map<string, Array<{ version: number; title: string }>>();
      for (let i = 0; i < ASSETS; i++) {
        const created = await fetch(`${server.origin}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ content: { title: { value: `Story ${i}` } } }),
        });
        expect(created.status).toBe(201);
        acknowledged.set(((await created.json()) as { id: string }).id, []);
      }

      const run = { isStopped: false };
      const unexpected: string[] = [];
      /** Saves a new title with If-Match again and again; a refused connection means the server is down. */
      const write = async (id: string, writer: number) => {
        const mine = acknowledged.get(id) ?? [];
        for (let n = 0; !run.isStopped; n++) {
          try {
            const current = await fetch(versionUrl(id), { headers, signal: AbortSignal.timeout(10_000) });
            if (current.status !== 200) continue;
            const title = `Writer ${writer}, save ${n}`;
            const saved = await fetch(versionUrl(id), {
              method: 'PUT',
              headers: { ...headers, 'if-match': current.headers.get('etag') ?? '' },
              body: JSON.stringify({ content: { title: { value: title } } }),
              signal: AbortSignal.timeout(10_000),
            });
            if (saved.ok) mine.push({ version: ((await saved.json()) as { _meta: { version: number } })._meta.version, title });
            else if (saved.status !== 412) unexpected.push(`PUT ${saved.status}`);
          } catch {
            await sleep(25);
          }
        }
      };
      const writers = [...acknowledged.keys()].flatMap((id) => Array.from({ length: WRITERS_PER_ASSET }, (_, writer) => write(id, writer)));
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(between(300, 1200));
        await server.kill();
        await server.start();
      }
      await sleep(300);
      run.isStopped = true;
      await Promise.all(writers);
      expect(unexpected).toEqual([]);

      await server.kill();
      await server.start();
      for (const [id, saves] of acknowledged) {
        expect(saves.length).toBeGreaterThan(0);
        for (const save of saves) {
          const revision = await fetch(`${versionUrl(id)}/revisions/${save.version}`, { headers });
          expect(revision.status, `version ${save.version} of ${id} was acknowledged but has no revision`).toBe(200);
          expect(((await revision.json()) as { content: { title: { value: string } } }).content.title.value).toBe(save.title);
        }
        // The history has no gap: each stored version has its revision, acknowledged or not.
        const stored = ((await (await fetch(versionUrl(id), { headers })).json()) as { _meta: { version: number } })._meta.version;
        const page = (await (await fetch(`${versionUrl(id)}/revisions?limit=200`, { headers })).json()) as { revisions: Array<{ version: number }> };
        expect(page.revisions.map((revision) => revision.version)).toEqual(Array.from({ length: Math.min(200, stored) }, (_, index) => stored - index));
      }
    } finally {
      await server.remove();
    }
  }, 120_000);
});
