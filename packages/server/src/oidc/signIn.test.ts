import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freePort, startTestApp } from '../../test/harness.ts';
import { signInBrowser } from '../../test/signInBrowser.ts';

interface LogLine {
  level: number;
  msg: string;
  username?: string;
  address?: string;
  reason?: string;
  retryAfterSeconds?: number;
}

/** A server on a real port with its own clock and its log kept; `env` adds configuration. */
async function startListening(dialect: (typeof DIALECTS)[number], env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log: LogLine[] = [];
  const clock = { now: Date.UTC(2026, 10, 26, 9) };
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) log.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const t = await startTestApp(dialect, { PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn', ...env }, { clock: () => clock.now, logStream });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, origin, log, clock };
}

/** The answer as a guesser sees it, with the sign-in request's own id taken out. */
async function seen(response: Response) {
  const body = (await response.text()).replace(/\/interaction\/[^/"]+\/login/, '/interaction/ID/login');
  return { status: response.status, body, retryAfter: response.headers.get('retry-after'), location: response.headers.get('location') };
}

describe.each(DIALECTS)('signing in at the embedded provider resists guessing (%s)', (dialect) => {
  let server: Awaited<ReturnType<typeof startListening>>;
  beforeAll(async () => {
    server = await startListening(dialect);
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('locks an account after repeated failures, refuses even its right password meanwhile, and lets it in after the lock', async () => {
    const browser = signInBrowser(server.origin);
    const action = await browser.openLoginForm();
    const first = await seen(await browser.login(action, 'editor', 'guess-0'));
    expect(first.status).toBe(401);
    expect(first.body).toContain('Wrong username or password. Please try again.');
    for (let i = 1; i < 200; i += 1) expect(await seen(await browser.login(action, 'editor', `guess-${i}`))).toEqual(first);

    // The right password during the lock gets the very same answer, and the log says why.
    expect(await seen(await browser.login(action, 'editor', 'editor'))).toEqual(first);
    const failures = server.log.filter((line) => line.msg === 'sign-in failed' && line.username === 'editor');
    expect(failures).toHaveLength(201);
    expect(failures.map((line) => line.reason).filter((reason) => reason === 'wrong-password')).toHaveLength(5);
    expect(failures.at(-1)).toMatchObject({ level: 40, reason: 'locked', retryAfterSeconds: 30, address: '127.0.0.1' });

    server.clock.now += 30_000;
    const right = await browser.login(action, 'editor', 'editor');
    expect(right.status).toBe(303);
  });

  it('answers a made-up sign-in request exactly like a wrong password, without looking at the password', async () => {
    const browser = signInBrowser(server.origin);
    const action = await browser.openLoginForm();
    const wrong = await seen(await browser.login(action, 'translator', 'nope'));
    const madeUp = await seen(await browser.login('/interaction/made-up-id/login', 'translator', 'translator'));
    expect(madeUp).toEqual(wrong);
    const noAccount = await seen(await browser.login(action, 'no-such-user', 'no-such-user'));
    expect({ ...noAccount, body: noAccount.body.replace('value="no-such-user"', 'value="translator"') }).toEqual(wrong);
    expect(server.log.filter((line) => line.msg === 'sign-in failed').map((line) => line.reason)).toEqual(expect.arrayContaining(['unknown-interaction', 'unknown-user']));
  });

  it('logs each failure with user name and address, never the password', async () => {
    const browser = signInBrowser(server.origin);
    await browser.login(await browser.openLoginForm(), 'curator', 'Secret-Guess-123');
    const line = server.log.findLast((entry) => entry.msg === 'sign-in failed');
    expect(line).toMatchObject({ level: 40, username: 'curator', address: '127.0.0.1', reason: 'wrong-password' });
    expect(JSON.stringify(server.log)).not.toContain('Secret-Guess-123');
  });

  it('counts failures against the connecting address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 3; i += 1) {
      const browser = signInBrowser(server.origin, { 'x-forwarded-for': `198.51.100.${i}` });
      await browser.login(await browser.openLoginForm(), 'hub', 'wrong');
    }
    const lines = server.log.filter((entry) => entry.msg === 'sign-in failed' && entry.username === 'hub');
    expect(lines.map((line) => line.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('builds its discovery document from the issuer, not from the request, and lets caches keep it', async () => {
    const discovery = async (headers: Record<string, string>) => {
      const response = await fetch(`${server.origin}/oidc/.well-known/openid-configuration`, { headers });
      expect(response.status).toBe(200);
      return { cacheControl: response.headers.get('cache-control'), document: (await response.json()) as Record<string, unknown> };
    };
    const plain = await discovery({});
    expect(plain.document.authorization_endpoint).toBe(`${server.origin}/oidc/auth`);
    expect(plain.cacheControl).toBe('public, max-age=300');
    expect(await discovery({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toEqual(plain);
    expect(await discovery({ host: 'evil.example' })).toEqual(plain);
  });
});

describe.each(DIALECTS)('behind a trusted proxy (%s)', (dialect) => {
  let server: Awaited<ReturnType<typeof startListening>>;
  beforeAll(async () => {
    server = await startListening(dialect, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('takes the client address from the proxy, and still builds the discovery document from the issuer', async () => {
    const browser = signInBrowser(server.origin, { 'x-forwarded-for': '198.51.100.7' });
    await browser.login(await browser.openLoginForm(), 'hub', 'wrong');
    expect(server.log.findLast((entry) => entry.msg === 'sign-in failed')).toMatchObject({ username: 'hub', address: '198.51.100.7' });
    const response = await fetch(`${server.origin}/oidc/.well-known/openid-configuration`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    expect(((await response.json()) as { issuer: string; token_endpoint: string }).token_endpoint).toBe(`${server.origin}/oidc/token`);
  });
});
