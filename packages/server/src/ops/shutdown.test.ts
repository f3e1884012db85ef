import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGracefulShutdown } from './shutdown.ts';

/** A GET on its own connection: its status, or the socket error that ended it. */
function get(url: string): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe('createGracefulShutdown', () => {
  let app: FastifyInstance;
  let closed: string[];
  const start = async (delayMs: number) => {
    closed = [];
    app = Fastify();
    let isDraining = false;
    app.decorate('startDraining', () => {
      isDraining = true;
    });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { done: true };
    });
    app.get('/ready', async (_request, reply) => reply.status(isDraining ? 503 : 200).send({ isDraining }));
    app.addHook('onClose', async () => {
      closed.push('app');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  afterEach(async () => {
    app.server.closeAllConnections();
    await app.close().catch(() => undefined);
  });

  it('keeps serving while it drains, with readiness at 503, then finishes a request under way and closes in order', async () => {
    const origin = await start(300);
    const slow = get(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { shutdown } = createGracefulShutdown({ app, timeoutMs: 5000, drainMs: 200, closeAfter: [async () => closed.push('database')] });
    const code = shutdown('SIGTERM');
    expect(await get(`${origin}/ready`)).toEqual({ status: 503 });
    expect(await code).toBe(0);
    expect(await slow).toEqual({ status: 200 });
    expect(closed).toEqual(['app', 'database']);
  });

  it('closes the connections of requests that outlast the timeout, and a second signal waits for the same shutdown', async () => {
    const origin = await start(10_000);
    const slow = get(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { shutdown } = createGracefulShutdown({ app, timeoutMs: 300, drainMs: 0, closeAfter: [] });
    const startedAt = Date.now();
    const first = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(first);
    expect(await first).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect((await slow).error).toBeDefined();
  });

  it('answers 1 when something fails to close', async () => {
    await start(0);
    const { shutdown } = createGracefulShutdown({ app, timeoutMs: 1000, drainMs: 0, closeAfter: [async () => Promise.reject(new Error('the database went away'))] });
    expect(await shutdown('SIGTERM')).toBe(1);
  });
});
