import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATOR, DIALECTS, EDITOR, TECH_ADMIN, freePort, startTestApp } from '../../test/harness.ts';
import { signInBrowser } from '../../test/signInBrowser.ts';
import { DEVICE_COOKIE } from './signInGuard.ts';
import { SIGN_IN_UNLOCK_PATH } from './signInUnlockRoutes.ts';

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

  it('gives a signed-in browser a device cookie, with which its owner signs in while a stranger at the same address is kept waiting', async () => {
    const owner = signInBrowser(server.origin);
    const signedIn = await owner.login(await owner.openLoginForm(), 'tv', 'tv');
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/; Path=\/interaction; Max-Age=\d+; HttpOnly; SameSite=Strict$/);

    const stranger = signInBrowser(server.origin);
    const action = await stranger.openLoginForm();
    const refused = await seen(await stranger.login(action, 'tv', 'guess-0'));
    for (let i = 1; i < 40; i += 1) expect(await seen(await stranger.login(action, 'tv', `guess-${i}`))).toEqual(refused);
    // The stranger's right password gets the one answer too; the owner's browser is let in.
    expect(await seen(await stranger.login(action, 'tv', 'tv'))).toEqual(refused);
    expect(server.log.findLast((line) => line.msg === 'sign-in failed' && line.username === 'tv')).toMatchObject({ reason: 'locked' });
    expect((await owner.login(await owner.openLoginForm(), 'tv', 'tv')).status).toBe(303);
  });

  it('is unlocked by a technical admin, which the audit log records, and by nobody else', async () => {
    const browser = signInBrowser(server.origin);
    const action = await browser.openLoginForm();
    for (let i = 0; i < 6; i += 1) await browser.login(action, 'admin', `guess-${i}`);
    expect((await browser.login(action, 'admin', 'admin')).status).toBe(401);

    const unlock = async (headers: Record<string, string>, payload: object) => server.t.app.inject({ method: 'POST', url: SIGN_IN_UNLOCK_PATH, headers, payload });
    expect((await unlock({}, { username: 'admin' })).statusCode).toBe(401);
    for (const user of [EDITOR, CURATOR]) expect((await unlock(await server.t.auth(user), { username: 'admin' })).statusCode).toBe(403);
    expect((await unlock(await server.t.auth(TECH_ADMIN), { username: 'admin', address: '127.0.0.1' })).statusCode).toBe(400);
    expect((await unlock(await server.t.auth(TECH_ADMIN), { address: 'not-an-address' })).statusCode).toBe(400);
    const unlocked = await unlock(await server.t.auth(TECH_ADMIN), { username: 'Admin' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toEqual({ username: 'Admin', address: null, cleared: 2 });
    expect((await browser.login(action, 'admin', 'admin')).status).toBe(303);

    await server.t.app.auditLog.flush();
    const log = await server.t.app.inject({ method: 'GET', url: '/api/v1/audit-log?event=sign-in-unlock', headers: await server.t.auth(TECH_ADMIN) });
    expect(log.json()._embedded.item).toEqual([expect.objectContaining({ userId: 'admin', target: 'Admin', outcome: 'success', detail: { username: 'Admin', address: null, cleared: 2 } })]);
    const refused = await server.t.app.inject({ method: 'GET', url: '/api/v1/audit-log?event=refused', headers: await server.t.auth(TECH_ADMIN) });
    expect(refused.json()._embedded.item).toContainEqual(
      expect.objectContaining({ userId: 'curator', count: 1, detail: expect.objectContaining({ path: SIGN_IN_UNLOCK_PATH, status: 403, message: 'Only technical admins may unlock a sign-in.' }) }),
    );
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
