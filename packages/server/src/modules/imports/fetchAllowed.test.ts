import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllowedImportHost } from '../../config.ts';
import { resolveWithDns } from '../../http/outboundRequest.ts';
import { credentialsForHop, fetchAllowed, type FetchAllowedOptions } from './fetchAllowed.ts';

const allowed = (host: string, headers: Record<string, string> = {}): AllowedImportHost => ({ host, headers });

const options = (url: string, overrides: Partial<FetchAllowedOptions> = {}): FetchAllowedOptions => ({
  url,
  allowedHosts: [allowed('crepo.example.com'), allowed('crepo.example.com:8443'), allowed('[::1]:8081')],
  maxBytes: 1024,
  maxRedirects: 3,
  timeoutMs: 1000,
  resolve: async () => {
    throw new Error('no lookup expected');
  },
  ...overrides,
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as { status: number; code: string; message: string },
  );
  return error && { status: error.status, code: error.code, message: error.message };
};

describe('fetching from an allow-listed host (spec 000 §5 private addresses, spec 002 §7)', () => {
  it('refuses hosts and ports off the list, other schemes and credentials in the address, before any lookup', async () => {
    for (const url of ['https://other.example.com/a', 'https://crepo.example.com:9000/a', 'http://[::1]:9000/a', 'ftp://crepo.example.com/a', 'not a url', 'https://user:pw@crepo.example.com/a']) {
      expect(await refusal(fetchAllowed(options(url))), url).toMatchObject({ status: 400, code: 'import-url-refused' });
    }
  });

  it.each([[['10.0.0.7']], [['fd00::1']], [['93.184.216.34', '127.0.0.1']], [['::ffff:192.168.1.1']]])('refuses a listed name that resolves to %j', async (addresses) => {
    const result = await refusal(fetchAllowed(options('https://crepo.example.com/api/v1/assets/a/localizations/en', { resolve: async () => addresses })));
    expect(result).toMatchObject({ status: 400, code: 'import-url-refused', message: 'crepo.example.com resolves to a private address.' });
  });

  it('answers 502 when the name cannot be resolved', async () => {
    const result = await refusal(fetchAllowed(options('https://crepo.example.com:8443/a', { resolve: async () => [] })));
    expect(result).toMatchObject({ status: 502, code: 'import-source-failed' });
  });
});

describe('the headers a hop carries', () => {
  const source = allowed('crepo.example.com', { authorization: 'Bearer for-crepo' });
  it.each([
    ['its own host over https', 'https://crepo.example.com/a', true, { authorization: 'Bearer for-crepo' }],
    ['its own host over http, never on https before', 'http://crepo.example.com/a', false, { authorization: 'Bearer for-crepo' }],
    ['nothing over http after a hop on https', 'http://crepo.example.com/a', true, {}],
  ])('sends %s', (_name, url, hasBeenSecure, expected) => {
    expect(credentialsForHop({ url: new URL(url), allowed: source, hasBeenSecure })).toEqual(expected);
  });

  it('sends nothing to a host configured without headers', () => {
    expect(credentialsForHop({ url: new URL('https://other.example.com/'), allowed: allowed('other.example.com'), hasBeenSecure: true })).toEqual({});
  });
});

describe('fetching from a local source', () => {
  let server: http.Server;
  let port: number;
  const received: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      received.push({ url: request.url ?? '', headers: request.headers });
      const url = new URL(request.url ?? '/', 'http://source');
      if (url.pathname === '/json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/json' }).end();
      } else if (url.pathname === '/slow-redirect') {
        // Each hop alone is well within the deadline; the chain is not.
        const left = Number(url.searchParams.get('left') ?? 0);
        setTimeout(() => response.writeHead(302, { location: left > 0 ? `/slow-redirect?left=${left - 1}` : '/json' }).end(), 400);
      } else if (url.pathname === '/trickle') {
        response.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => response.write(' '), 100);
        response.on('close', () => clearInterval(timer));
      } else if (url.pathname === '/silent') {
        // Accepts the request and never answers its head.
      } else if (url.pathname === '/declared-big') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' }).end(' '.repeat(4096));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = (url: string, overrides: Partial<FetchAllowedOptions> = {}) =>
    options(url, { allowedHosts: [allowed(`127.0.0.1:${port}`), allowed(`localhost:${port}`)], resolve: async () => ['127.0.0.1'], ...overrides });

  it('reaches a listed name through the addresses the system resolver gives it', async () => {
    const body = await fetchAllowed(local(`http://localhost:${port}/json`, { resolve: resolveWithDns }));
    expect(JSON.parse(body.toString())).toEqual({ ok: true });
  });

  it('connects to the checked addresses in turn, asks for the name once and sends the name as the host', async () => {
    let lookups = 0;
    const resolve = async (hostname: string) => {
      lookups += 1;
      expect(hostname).toBe('localhost');
      // The server listens on IPv4 only: the IPv6 address first fails and the next checked one is tried.
      return ['::1', '127.0.0.1'];
    };
    received.length = 0;
    const body = await fetchAllowed(local(`http://localhost:${port}/json`, { resolve }));
    expect(JSON.parse(body.toString())).toEqual({ ok: true });
    expect(lookups).toBe(1);
    expect(received.map((request) => request.headers.host)).toEqual([`localhost:${port}`]);
  });

  it('sends each host only the headers configured for it, also across a redirect to another host', async () => {
    const allowedHosts = [allowed(`127.0.0.1:${port}`, { authorization: 'Bearer for-ip' }), allowed(`localhost:${port}`, { 'x-api-key': 'for-name' }), allowed(`[::1]:${port}`)];
    received.length = 0;
    await fetchAllowed(local(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://localhost:${port}/redirect?to=/json`)}`, { allowedHosts }));
    expect(received.map(({ url, headers }) => ({ url, authorization: headers.authorization, apiKey: headers['x-api-key'] }))).toEqual([
      { url: expect.stringMatching(/^\/redirect/), authorization: 'Bearer for-ip', apiKey: undefined },
      { url: '/redirect?to=/json', authorization: undefined, apiKey: 'for-name' },
      { url: '/json', authorization: undefined, apiKey: 'for-name' },
    ]);

    received.length = 0;
    await fetchAllowed(local(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://localhost:${port}/json`)}`, { allowedHosts: [allowedHosts[0] as AllowedImportHost, allowed(`localhost:${port}`)] }));
    expect(received.map(({ headers }) => headers.authorization)).toEqual(['Bearer for-ip', undefined]);
  });

  it('fetches from a listed name under a private suffix at its private address, as the list names it on purpose', async () => {
    const body = await fetchAllowed(local(`http://crepo.internal:${port}/json`, { allowedHosts: [allowed(`crepo.internal:${port}`)] }));
    expect(JSON.parse(body.toString())).toEqual({ ok: true });
    const unlisted = await refusal(fetchAllowed(local(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://crepo.internal:${port}/json`)}`)));
    expect(unlisted).toMatchObject({ status: 400, code: 'import-url-refused', message: `crepo.internal:${port} is not among the hosts imports may come from (IMPORT_ALLOWED_HOSTS).` });
  });

  it('refuses an answer that declares more than the cap before reading it', async () => {
    expect(await refusal(fetchAllowed(local(`http://127.0.0.1:${port}/declared-big`)))).toMatchObject({ status: 502, code: 'import-source-too-large' });
  });

  it.each([
    ['a body that trickles in', '/trickle'],
    ['a head that never comes', '/silent'],
    ['redirects that each take a while', '/slow-redirect?left=3'],
  ])('answers 504 within one deadline for %s', async (_name, path) => {
    const started = Date.now();
    const result = await refusal(fetchAllowed(local(`http://127.0.0.1:${port}${path}`, { timeoutMs: 1000, maxRedirects: 5 })));
    expect(result).toEqual({ status: 504, code: 'import-source-timeout', message: 'The source did not answer within 1 s.' });
    expect(Date.now() - started).toBeLessThan(1800);
  });

  it('answers 504 when the name is not resolved within the deadline', async () => {
    const result = await refusal(fetchAllowed(local(`http://localhost:${port}/json`, { timeoutMs: 300, resolve: () => new Promise(() => {}) })));
    expect(result).toMatchObject({ status: 504, code: 'import-source-timeout' });
  });
});
