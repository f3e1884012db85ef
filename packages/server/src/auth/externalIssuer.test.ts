import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/demoAccounts.ts';
import { createEmbeddedProvider, registerEmbeddedProvider } from '../oidc/embeddedProvider.ts';
import { loadOrCreateProviderSecrets, type ProviderSecrets } from '../oidc/signingKeys.ts';
import { groupsFromRights } from './identity.ts';
import { EDITOR, openTestDatabase, startTestApp, type TestApp, type TestDatabase, freePort } from '../../test/harness.ts';

/**
 * A company identity provider, played by a separate OpenID provider on its own port: the app must sign in against it
 * through discovery and its published keys, with the embedded provider switched off.
 */
describe('signing in against a configured OIDC_ISSUER', () => {
  let company: FastifyInstance;
  let companyDatabase: TestDatabase;
  let companySecrets: ProviderSecrets;
  let issuer: string;
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-idp-'));

  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/oidc`;
    companySecrets = await loadOrCreateProviderSecrets(dataDir);
    companyDatabase = await openTestDatabase('sqlite', dataDir);
    company = Fastify();
    const provider = createEmbeddedProvider({
      issuer,
      clientId: 'newsroom-editor',
      publicUrl: 'http://127.0.0.1:1',
      secrets: companySecrets,
      db: companyDatabase.db,
      accounts: DEMO_ACCOUNTS,
      spaces: [],
      localizations: [],
    });
    await registerEmbeddedProvider(company, provider);
    await company.listen({ port, host: '127.0.0.1' });
    t = await startTestApp('sqlite', { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'newsroom-editor' });
  });
  afterAll(async () => {
    await t.close();
    await company.close();
    await companyDatabase.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenFrom = async (key: 'company' | 'foreign', audience = 'newsroom-editor', claims: Record<string, string> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const signingKey = key === 'company' ? await importJWK(companySecrets.signingKey, 'RS256') : (await generateKeyPair('RS256')).privateKey;
    return new SignJWT({ name: 'Emma Editor', groups: groupsFromRights(EDITOR.rights), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: companySecrets.signingKey.kid })
      .setSubject('emma@company')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(signingKey);
  };

  it('accepts an ID token of the company issuer, verified with its published keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${await tokenFrom('company')}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 'emma@company', name: 'Emma Editor', roles: EDITOR.rights.roles });
  });

  it('refuses a token signed by another key or for another client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${await tokenFrom('foreign')}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${await tokenFrom('company', 'editor-app')}` } })).statusCode).toBe(401);
  });

  const call = (token: string, method: 'GET' | 'POST' = 'GET', url = '/api/v1/user') => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

  it('ends a company sign-in on the server when the app signs out, and no other', async () => {
    const signedOut = await tokenFrom('company', 'newsroom-editor', { sid: 'company-session-1' });
    const otherSession = await tokenFrom('company', 'newsroom-editor', { sid: 'company-session-2' });
    expect((await call(signedOut)).statusCode).toBe(200);
    expect((await call(signedOut, 'POST', '/api/v1/user/sign-out')).statusCode).toBe(204);
    expect((await call(signedOut)).statusCode).toBe(401);
    expect((await call(otherSession)).statusCode).toBe(200);
  });

  it('switches the embedded provider off and tells the browser where to sign in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain(`"authority":"${issuer}"`);
    expect(config.body).toContain('"clientId":"newsroom-editor"');
  });
});
