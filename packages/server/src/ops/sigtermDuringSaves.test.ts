import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR } from '../../test/harness.ts';
import { startServerProcess } from '../../test/serverProcess.ts';

const SAVES = 50;

interface Outcome {
  id: string;
  title: string;
  /** The HTTP status, or the socket error that ended the request without one. */
  status?: number;
  error?: string;
}

/** One request on a connection of its own (no keep-alive reuse), answered with its status or its socket error. */
function send(input: { url: string; method: string; headers: Record<string, string>; body: string; onSent: () => void }): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const request = http.request(input.url, { method: input.method, headers: input.headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.on('finish', input.onSent);
    request.end(input.body);
  });
}

describe.each(DIALECTS)('graceful shutdown (%s)', (dialect) => {
  it('finishes the saves under way on SIGTERM, keeps every acknowledged one, cuts none off and exits 0', async () => {
    const server = await startServerProcess(dialect, { SHUTDOWN_TIMEOUT_MS: '10000', SHUTDOWN_DRAIN_MS: '500' });
    try {
      await server.start();
      const headers = { authorization: `Bearer ${await server.tokenFor(EDITOR)}`, 'content-type': 'application/json' };
      const versionUrl = (id: string) => `${server.origin}/api/v1/assets/${id}/localizations/en`;
      const assets: Array<{ id: string; etag: string }> = [];
      for (let i = 0; i < SAVES; i++) {
        const created = await fetch(`${server.origin}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ content: { title: { value: `Story ${i}` } } }),
        });
        expect(created.status).toBe(201);
        assets.push({ id: ((await created.json()) as { id: string }).id, etag: created.headers.get('etag') ?? '' });
      }

      let sent = 0;
      let allSent: () => void = () => undefined;
      const everySent = new Promise<void>((resolve) => (allSent = resolve));
      const saves = assets.map(async ({ id, etag }, i): Promise<Outcome> => {
        const title = `Saved during shutdown ${i}`;
        const result = await send({
          url: versionUrl(id),
          method: 'PUT',
          headers: { ...headers, 'if-match': etag },
          body: JSON.stringify({ content: { title: { value: title } } }),
          onSent: () => {
            sent++;
            if (sent === SAVES) allSent();
          },
        });
        return { id, title, ...result };
      });
      // Every save is written to its connection before the signal: all 50 are in flight when SIGTERM arrives.
      await everySent;
      const exitCode = await server.stop('SIGTERM');
      const outcomes = await Promise.all(saves);

      expect(exitCode, server.stderr()).toBe(0);
      expect(outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => outcome.error)).toEqual([]);
      const acknowledged = outcomes.filter((outcome) => outcome.status === 200);
      expect(acknowledged.length).toBeGreaterThan(0);
      // A save that arrived after the listener closed may be refused with 503; none is cut off or fails otherwise.
      expect(outcomes.every((outcome) => outcome.status === 200 || outcome.status === 503)).toBe(true);

      await server.start();
      for (const save of acknowledged) {
        const stored = await fetch(versionUrl(save.id), { headers });
        expect(((await stored.json()) as { content: { title: { value: string } } }).content.title.value).toBe(save.title);
      }
    } finally {
      await server.remove();
    }
  }, 120_000);
});
