import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, type TestApp, startTestApp } from '../../../test/harness.ts';
import { buildKey, buildStory, call, publish } from './deliveryFactories.ts';

const ORIGIN = 'https://www.example.com';
/** Headers as a client compares them: without those of the connection and the moment. */
const compared = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)));

describe.each(DIALECTS)('delivery reads answered before routing (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let key: Awaited<ReturnType<typeof buildKey>>;
  let now = Date.now();
  /** The URLs Fastify routed (it logs each request it receives at info). */
  const routedUrls: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
        if (entry.msg === 'incoming request' && entry.req?.url) routedUrls.push(entry.req.url);
      }
      callback();
    },
  });
  let id: string;
  let slugId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { LOG_LEVEL: 'info', DELIVERY_CORS_ORIGINS: ORIGIN }, { clock: () => now, logStream });
    key = await buildKey(t, { requestsPerSecond: 5 });
    const uriTitle = `early-read-${dialect}`;
    id = await buildStory(t, { title: 'Read early', extra: { 'uri-title': uriTitle } });
    slugId = `rbcom:en-INT:${uriTitle}`;
    const claim = await call(t, EDITOR, 'PATCH', `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`, { data: { id, spaces: ['rbcom'], type: 'story' } });
    expect(claim.statusCode, claim.body).toBe(200);
    await publish(t, id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A request over a real connection (the early path is the server's; `inject` goes straight to Fastify's routing). */
  const send = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) =>
    new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(`${base}${url}`, { method, headers: { ...key.headers, ...headers } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end();
    });
  const routed = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...key.headers, ...headers } });

  it('answers a read by slug and by id with the bytes and headers of the routed path, without routing it', async () => {
    // The key's first request is routed: only then has this instance checked its secret.
    expect((await send('GET', `/delivery/v1/slugs/${slugId}`)).statusCode).toBe(200);
    for (const url of [`/delivery/v1/slugs/${slugId}`, `/delivery/v1/slugs/${encodeURIComponent(slugId)}`, `/delivery/v1/assets/${id}/localizations/en`]) {
      now += 1000;
      routedUrls.length = 0;
      const early = await send('GET', url, { origin: ORIGIN });
      expect(routedUrls).toEqual([]);
      const full = await routed(url, { origin: ORIGIN });
      expect(early.statusCode).toBe(200);
      expect(early.body).toBe(full.body);
      expect(compared(early.headers)).toEqual(compared(full.headers));
      expect(early.headers).toMatchObject({ 'access-control-allow-origin': ORIGIN, vary: 'Authorization, Origin', 'x-content-type-options': 'nosniff' });
      expect(JSON.parse(early.body)).toMatchObject({ id, title: 'Read early' });

      const routedNotModified = await routed(url, { 'if-none-match': String(early.headers.etag) });
      routedUrls.length = 0;
      const notModified = await send('GET', url, { 'if-none-match': String(early.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      expect(compared(notModified.headers)).toEqual(compared(routedNotModified.headers));
      const head = await send('HEAD', url);
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.etag).toBe(early.headers.etag);
      expect(routedUrls).toEqual([]);
    }
  });

  it('routes what it does not answer: a query, a compressed answer, an unknown key, another route', async () => {
    now += 1000;
    routedUrls.length = 0;
    const withFields = `/delivery/v1/slugs/${slugId}?fields=title`;
    expect((await send('GET', withFields)).statusCode).toBe(200);
    expect((await send('GET', `/delivery/v1/slugs/${slugId}`, { 'accept-encoding': 'gzip' })).statusCode).toBe(200);
    expect((await send('GET', `/delivery/v1/slugs/${slugId}`, { authorization: 'Bearer not-a-key' })).statusCode).toBe(401);
    expect((await send('GET', '/delivery/v1/assets?locale=en')).statusCode).toBe(200);
    expect(routedUrls).toEqual([withFields, `/delivery/v1/slugs/${slugId}`, `/delivery/v1/slugs/${slugId}`, '/delivery/v1/assets?locale=en']);
  });

  it('leaves a read it finds nothing for to the routed path, which answers it with one token of the key', async () => {
    now += 10_000;
    // The key's rate is 5 a second with a burst of 10, and the clock stands still: the 11th request is refused.
    const missing = `/delivery/v1/slugs/rbcom:en-INT:early-read-nothing-${dialect}`;
    for (let i = 0; i < 9; i++) {
      const answer = await send('GET', missing);
      expect(answer.statusCode).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'not-found' });
    }
    expect((await send('GET', '/delivery/v1/slugs/not-a-slug')).statusCode).toBe(400);
    const refused = await send('GET', `/delivery/v1/slugs/${slugId}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
