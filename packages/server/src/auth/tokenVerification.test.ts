import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(DIALECTS)('token verification (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const callWith = (authorization: string | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/v1/user', headers: authorization ? { authorization } : {} });

  const expect401 = async (authorization: string | undefined) => {
    const response = await callWith(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(response.json().messages).toHaveLength(1);
  };

  it('accepts a token signed by the issuer for this client', async () => {
    expect((await callWith(`Bearer ${await t.tokenFor(EDITOR)}`)).statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    await expect401(undefined);
    await expect401('Basic ZWRpdG9yOmVkaXRvcg==');
  });

  it('refuses a token with a bad signature', async () => {
    await expect401(`Bearer ${await t.tokenFor(EDITOR, {}, { key: 'foreign' })}`);
    const token = await t.tokenFor(EDITOR);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', groups: ['admin'], iss: 'x' })).toString('base64url');
    await expect401(`Bearer ${header}.${forged}.${signature}`);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    await expect401(`Bearer ${await t.tokenFor(EDITOR, { aud: 'another-app' })}`);
    await expect401(`Bearer ${await t.tokenFor(EDITOR, { iss: 'https://evil.example/oidc' })}`);
  });

  it('refuses an expired token, allowing at most 60 s of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(`Bearer ${await t.tokenFor(EDITOR, { iat: now - 600, exp: now - 120 })}`);
    expect((await callWith(`Bearer ${await t.tokenFor(EDITOR, { iat: now - 600, exp: now - 30 })}`)).statusCode).toBe(200);
  });

  it('refuses a token that is not valid yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(`Bearer ${await t.tokenFor(EDITOR, { nbf: now + 300 })}`);
  });

  it('refuses a token issued further in the future than the clock skew allows', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(`Bearer ${await t.tokenFor(EDITOR, { iat: now + 300, exp: now + 900 })}`);
    expect((await callWith(`Bearer ${await t.tokenFor(EDITOR, { iat: now + 30, exp: now + 900 })}`)).statusCode).toBe(200);
  });

  it('refuses an unsigned token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: 'editor', iss: `${t.config.publicUrl}/oidc`, aud: t.config.oidcClientId, iat: now, exp: now + 600 };
    await expect401(`Bearer ${encode({ alg: 'none' })}.${encode(payload)}.`);
  });

  it('never answers an API call with a stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-call', headers: { authorization: `Bearer ${await t.tokenFor(EDITOR)}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not-found' });
  });
});
