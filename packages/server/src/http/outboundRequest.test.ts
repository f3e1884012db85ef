import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, checkedAddressesOf, lookupCheckedAddresses, requestOnce, type Deadline } from './outboundRequest.ts';

const deadlineOf = (timeoutMs = 1000): Deadline => ({ signal: AbortSignal.timeout(timeoutMs), timeoutMs, peer: 'the receiver' });
const noLookup = async (): Promise<string[]> => {
  throw new Error('no lookup expected');
};

describe('the look-up handed to the HTTP client', () => {
  const checked = [
    { address: '::1', family: 6 as const },
    { address: '127.0.0.1', family: 4 as const },
  ];
  const lookUp = (lookupOptions: { all?: boolean; family?: number }) =>
    new Promise((resolve) => lookupCheckedAddresses(checked)('crepo.example.com', lookupOptions, (error, address, family) => resolve(error ? { code: (error as { code?: string }).code } : { address, family })));

  it.each([
    ['every checked address when asked for all', { all: true }, { address: checked }],
    ['the checked addresses of one family when asked for all of it', { all: true, family: 4 }, { address: [checked[1]] }],
    ['the first checked address and its family', {}, { address: '::1', family: 6 }],
    ['the first checked address of the family asked for', { family: 4 }, { address: '127.0.0.1', family: 4 }],
  ])('answers %s', async (_name, lookupOptions, expected) => {
    expect(await lookUp(lookupOptions)).toEqual(expected);
  });

  it('answers not found for a family without a checked address', async () => {
    const onlyV4 = lookupCheckedAddresses([{ address: '127.0.0.1', family: 4 }]);
    const code = await new Promise((resolve) => onlyV4('crepo.example.com', { family: 6 }, (error) => resolve((error as { code?: string } | null)?.code)));
    expect(code).toBe('ENOTFOUND');
  });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => (error instanceof OutboundError ? { kind: error.kind, message: error.message } : error));

describe('the addresses a request may go to (spec 000 §5 private addresses)', () => {

  it('refuses private addresses and names before any lookup, unless the host may be private', async () => {
    for (const url of ['http://127.0.0.1:9000/hook', 'http://localhost/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest', 'http://metadata.google.internal/']) {
      expect(await refusal(checkedAddressesOf(new URL(url), { mayBePrivate: false, resolve: noLookup, deadline: deadlineOf() })), url).toMatchObject({ kind: 'refused' });
    }
    expect(await checkedAddressesOf(new URL('http://127.0.0.1:9000/hook'), { mayBePrivate: true, resolve: noLookup, deadline: deadlineOf() })).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it.each([[['10.0.0.7']], [['93.184.216.34', 'fe80::1']], [['::ffff:127.0.0.1']]])('refuses a public name when one of its answers is private: %j', async (addresses) => {
    const result = await refusal(checkedAddressesOf(new URL('https://hooks.example.com/in'), { mayBePrivate: false, resolve: async () => addresses, deadline: deadlineOf() }));
    expect(result).toEqual({ kind: 'refused', message: 'hooks.example.com resolves to a private address.' });
  });

  it('connects a host that may be private wherever its name resolves', async () => {
    const addresses = await checkedAddressesOf(new URL('https://hooks.example.com/in'), { mayBePrivate: true, resolve: async () => ['10.0.0.7'], deadline: deadlineOf() });
    expect(addresses).toEqual([{ address: '10.0.0.7', family: 4 }]);
  });
});

describe('one request to a local server', () => {
  let server: http.Server;
  let base: URL;
  const addresses = [{ address: '127.0.0.1', family: 4 as const }];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/echo') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => response.writeHead(201, { 'content-type': 'text/plain' }).end(`${request.method} ${Buffer.concat(chunks).toString()}`));
      } else if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' }).end('x'.repeat(100_000));
      } else {
        response.writeHead(307, { location: '/echo' }).end('moved');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, overrides: { oversize?: 'refuse' | 'truncate'; maxBytes?: number } = {}) =>
    requestOnce({ url: new URL(path, base), method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello', addresses, deadline: deadlineOf(), maxBytes: overrides.maxBytes ?? 1024, oversize: overrides.oversize ?? 'truncate' });

  it('posts the body and answers the status and body', async () => {
    const answer = await send('/echo');
    expect({ status: answer.status, body: answer.body.toString(), isTruncated: answer.isTruncated }).toEqual({ status: 201, body: 'POST hello', isTruncated: false });
  });

  it('keeps only the first bytes of a long answer when asked to truncate', async () => {
    const answer = await send('/big', { maxBytes: 100 });
    expect({ status: answer.status, length: answer.body.length, isTruncated: answer.isTruncated }).toEqual({ status: 200, length: 100, isTruncated: true });
  });

  it('refuses a long answer when asked to', async () => {
    await expect(send('/big', { maxBytes: 100, oversize: 'refuse' })).rejects.toMatchObject({ kind: 'too-large', message: 'The receiver answered more than 100 bytes.' });
  });

  it('answers a redirect as it is, without following it', async () => {
    const answer = await send('/elsewhere');
    expect({ status: answer.status, location: answer.headers.location, body: answer.body.length }).toEqual({ status: 307, location: '/echo', body: 0 });
  });
});
