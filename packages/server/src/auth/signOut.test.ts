import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DIALECTS, EDITOR, TECH_ADMIN, startTestApp, type TestApp } from '../../test/harness.ts';
import { OPENAPI_PATH } from '../ops/openapi.ts';
import { REVOCATION_CHECK_CACHE_MS, createSessionRevocations, sessionKey } from './sessionRevocations.ts';

const SIGN_OUT = '/api/v1/user/sign-out';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const userCall = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
/** The status the instance answers once its kept answer for the token has had time to lapse. */
const statusAfterCacheWindow = async (app: FastifyInstance, token: string) => {
  const deadline = Date.now() + REVOCATION_CHECK_CACHE_MS + 1000;
  let status = (await userCall(app, token)).statusCode;
  while (status === 200 && Date.now() < deadline) {
    await sleep(100);
    status = (await userCall(app, token)).statusCode;
  }
  return status;
};

describe.each(DIALECTS)('signing out ends the bearer token on the server (%s)', (dialect) => {
  let t: TestApp;
  /** A second instance of the server on the same database. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const signOut = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: SIGN_OUT, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('refuses a token that worked before sign-out with 401, at once here and within the cache window on another instance', async () => {
    const token = await t.tokenFor(EDITOR, { sid: 'browser-session-1' });
    expect((await userCall(t.app, token)).statusCode).toBe(200);
    expect((await userCall(other, token)).statusCode).toBe(200);

    const answer = await signOut(token);
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');

    const refused = await userCall(t.app, token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: 401, code: 'unauthorized', messages: ['You have signed out. Please sign in again.'] });
    expect(await statusAfterCacheWindow(other, token)).toBe(401);
    // Signing out again with it is refused like any other call.
    expect((await signOut(token)).statusCode).toBe(401);
  });

  it('ends the tokens renewed within the same provider session, and only those', async () => {
    const now = Math.floor(Date.now() / 1000);
    const earlier = await t.tokenFor(EDITOR, { sid: 'browser-session-2', iat: now - 120 });
    const current = await t.tokenFor(EDITOR, { sid: 'browser-session-2' });
    const otherBrowser = await t.tokenFor(EDITOR, { sid: 'browser-session-3' });
    const colleague = await t.tokenFor(TECH_ADMIN, { sid: 'browser-session-4' });
    for (const token of [earlier, otherBrowser, colleague]) expect((await userCall(other, token)).statusCode).toBe(200);

    // A technical admin's role override does not stand in the way of signing out.
    expect((await signOut(current, { 'x-editor-role-override': 'not json' })).statusCode).toBe(204);

    expect((await userCall(t.app, earlier)).statusCode).toBe(401);
    expect(await statusAfterCacheWindow(other, earlier)).toBe(401);
    for (const app of [t.app, other]) {
      expect((await userCall(app, otherBrowser)).statusCode).toBe(200);
      expect((await userCall(app, colleague)).statusCode).toBe(200);
    }
    // A sign-in after the sign-out through a provider session that outlived it (a provider without end-session) works.
    const signedInAgain = await t.tokenFor(EDITOR, { sid: 'browser-session-2', iat: now + 5 });
    expect((await userCall(t.app, signedInAgain)).statusCode).toBe(200);
  });

  it('ends just the one token when the provider names no session', async () => {
    const signedOut = await t.tokenFor(EDITOR, { jti: 'token-1' });
    const kept = await t.tokenFor(EDITOR, { jti: 'token-2' });
    const withoutAnyId = await t.tokenFor(EDITOR);
    const otherWithoutAnyId = await t.tokenFor(EDITOR, { nonce: 'another' });
    expect((await signOut(signedOut)).statusCode).toBe(204);
    expect((await signOut(withoutAnyId)).statusCode).toBe(204);
    expect((await userCall(t.app, signedOut)).statusCode).toBe(401);
    expect((await userCall(t.app, withoutAnyId)).statusCode).toBe(401);
    expect((await userCall(t.app, kept)).statusCode).toBe(200);
    expect((await userCall(t.app, otherWithoutAnyId)).statusCode).toBe(200);
  });

  it('is in the API reference', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(document.paths[SIGN_OUT]?.post).toMatchObject({ summary: 'Sign out', security: [{ bearer: [] }], responses: { 204: expect.anything() } });
  });

  it('keeps a revocation while its tokens can be accepted and prunes it after', async () => {
    let clock = Date.now();
    const revocations = createSessionRevocations({ db: t.database.db, now: () => clock });
    const issuedAt = Math.floor(clock / 1000);
    const keys = [sessionKey({ issuer: 'https://pruning.example', sid: 'a' }), sessionKey({ issuer: 'https://pruning.example', sid: 'b' })] as const;
    const session = { key: keys[0], issuedAt, expiresAt: issuedAt + 600 };
    await revocations.revokeToken(session);
    await revocations.revokeSession({ key: keys[1], tokenLifetimeSeconds: 600 });
    const remaining = async () => (await t.database.db.selectFrom('revoked_session').select('key').where('key', 'in', keys).orderBy('key').execute()).map((row) => row.key);
    expect(await revocations.isRevoked(session)).toBe(true);

    // The token is accepted up to 60 s past its expiry (clock skew), so the revocation lasts as long.
    clock += (600 + 59) * 1000;
    await revocations.pruneExpired();
    expect(await remaining()).toEqual(keys.toSorted());
    expect(await revocations.isRevoked(session)).toBe(true);
    clock += 2000;
    expect(await revocations.pruneExpired()).toBeGreaterThanOrEqual(2);
    expect(await remaining()).toEqual([]);
  });
});
