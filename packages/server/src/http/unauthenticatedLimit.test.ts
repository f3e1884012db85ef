import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp } from '../../test/harness.ts';
import { createTokenBuckets } from './tokenBuckets.ts';
import { UNAUTHENTICATED_BUDGET, clientKeyOf } from './unauthenticatedLimit.ts';

const { burst } = UNAUTHENTICATED_BUDGET;

interface Entry {
  event: string;
  clientAddress: string | null;
  count: number;
  detail: Record<string, unknown>;
}

const sum = (list: Entry[]) => list.reduce((total, entry) => total + entry.count, 0);

/** A server whose clock the test moves; `env` adds configuration. */
async function startWithClock(dialect: (typeof DIALECTS)[number], env: Record<string, string> = {}) {
  const clock = { now: Date.UTC(2026, 10, 26, 9) };
  const t = await startTestApp(dialect, env, { clock: () => clock.now });
  const call = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/user', remoteAddress, headers });
  /** The entries of an event from an address, once the counted refusals are written. */
  const entries = async (event: string, address: string): Promise<Entry[]> => {
    await t.app.auditLog.flush();
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/audit-log?event=${event}&limit=500`, headers: await t.auth(TECH_ADMIN) });
    return (page.json() as { _embedded: { item: Entry[] } })._embedded.item.filter((entry) => entry.clientAddress === address);
  };
  return { t, clock, call, entries };
}

describe.each(DIALECTS)('the limit of unauthenticated API calls (%s)', (dialect) => {
  let server: Awaited<ReturnType<typeof startWithClock>>;
  beforeAll(async () => {
    server = await startWithClock(dialect);
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('answers 429 with Retry-After once an address has spent its allowance, one more call a second after', async () => {
    const { call, clock } = server;
    for (let i = 0; i < burst; i += 1) expect((await call('192.0.2.1')).statusCode).toBe(401);
    const limited = await call('192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toEqual({ status: 429, messages: ['Too many requests without a valid sign-in. Please try again later.'], code: 'too-many-requests' });
    // A token that is refused is over the allowance too, and answered alike.
    const forged = await call('192.0.2.1', { authorization: 'Bearer forged' });
    expect([forged.statusCode, forged.headers['retry-after'], forged.json().code]).toEqual([429, '1', 'too-many-requests']);

    clock.now += 1000;
    expect((await call('192.0.2.1')).statusCode).toBe(401);
    expect((await call('192.0.2.1')).statusCode).toBe(429);
    clock.now += 60_000;
    for (let i = 0; i < burst; i += 1) expect((await call('192.0.2.1')).statusCode).toBe(401);
    expect((await call('192.0.2.1')).statusCode).toBe(429);
  });

  it('never refuses signed-in calls or public ones, whoever shares the address, and keeps other addresses apart', async () => {
    const { call, t } = server;
    for (let i = 0; i < burst + 5; i += 1) await call('192.0.2.2');
    expect((await call('192.0.2.2')).statusCode).toBe(429);
    expect((await call('192.0.2.2', await t.auth(EDITOR))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.2' })).statusCode).toBe(200);
    expect((await call('192.0.2.3')).statusCode).toBe(401);
    // Nor do they spend the allowance of the address.
    for (let i = 0; i < burst * 2; i += 1) expect((await call('192.0.2.4', await t.auth(EDITOR))).statusCode).toBe(200);
    expect((await call('192.0.2.4')).statusCode).toBe(401);
  });

  it('counts an address whatever X-Forwarded-For says when no proxy is trusted', async () => {
    const { call } = server;
    for (let i = 0; i < burst; i += 1) expect((await call('192.0.2.5', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(401);
    expect((await call('192.0.2.5', { 'x-forwarded-for': '198.51.100.250' })).statusCode).toBe(429);
  });

  it('records a flood as one entry of its refusals and one of its 429s, with their counts', async () => {
    const { call, entries } = server;
    const address = '192.0.2.6';
    for (let i = 0; i < 1000; i += 1) await call(address);
    const refused = await entries('refused', address);
    const limited = await entries('rate-limited', address);
    // The server's clock stands still, so its limit does; the audit log's minute may turn once during the calls.
    expect([sum(refused), sum(limited)]).toEqual([burst, 1000 - burst]);
    expect(refused.length + limited.length).toBeLessThanOrEqual(4);
    expect(limited[0]).toMatchObject({ event: 'rate-limited', detail: { method: 'GET', path: '/api/v1/user', status: 429 } });
  });
});

describe.each(DIALECTS)('the limit of unauthenticated API calls behind a trusted proxy (%s)', (dialect) => {
  let server: Awaited<ReturnType<typeof startWithClock>>;
  beforeAll(async () => {
    server = await startWithClock(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('counts the client address the proxy names, and only a trusted proxy', async () => {
    const { call } = server;
    const viaProxy = (client: string) => call('127.0.0.1', { 'x-forwarded-for': client });
    for (let i = 0; i < burst; i += 1) expect((await viaProxy('198.51.100.7')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.7')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.8')).statusCode).toBe(401);
    for (let i = 0; i < burst; i += 1) await call('192.0.2.9', { 'x-forwarded-for': `198.51.100.${i + 10}` });
    expect((await call('192.0.2.9', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
    expect((await server.entries('rate-limited', '198.51.100.7')).map((entry) => entry.count)).toEqual([1]);
  });
});

describe('the client key of the unauthenticated limit', () => {
  it('is an IPv4 address as it is, an IPv6 address by its /64, a mapped IPv4 address as IPv4', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(clientKeyOf('2001:db8:a:b::ffff')).toBe(clientKeyOf('2001:db8:a:b:1:2:3:4'));
    expect(clientKeyOf('2001:db8:a:c::1')).not.toBe(clientKeyOf('2001:db8:a:b::1'));
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('remembers a bounded number of addresses, forgetting full allowances first, then the oldest', () => {
    let now = 0;
    const budget = { burst: 2, perSecond: 1 };
    const buckets = createTokenBuckets({ now: () => now, maxTracked: 3 });
    for (const key of ['a', 'b', 'c']) buckets.take(key, budget);
    now += 5000;
    buckets.take('a', budget);
    buckets.take('a', budget);
    // b and c have their allowance back and are forgotten; a, still spending, is kept.
    buckets.take('d', budget);
    expect(buckets.size()).toBe(2);
    expect(buckets.take('a', budget)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
