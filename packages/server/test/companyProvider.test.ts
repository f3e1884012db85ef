import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_REFETCH_COOLDOWN_MS } from '../src/auth/tokenVerifier.ts';
import { freePort, startTestApp, type TestApp } from './harness.ts';
import { keyIdOf, startProviderProcess, type ProviderProcess } from './providerProcess.ts';

/**
 * A company sign-in provider in a process of its own (the embedded provider started alone) and the app configured with
 * OIDC_ISSUER: sign-in through HTTP, tokens checked with the provider's published keys, and a key rotation on the
 * provider picked up while the app keeps running.
 */
describe('the app signed in through a company OpenID provider in another process', () => {
  let provider: ProviderProcess;
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    provider = await startProviderProcess({ appUrl });
    await provider.start();
    t = await startTestApp('sqlite', { OIDC_ISSUER: provider.issuer, PORT: String(port), PUBLIC_URL: appUrl });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await provider?.remove();
  });

  const user = (token: string) => fetch(`${appUrl}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } });

  it('runs no provider of its own and points the web app at the company one', async () => {
    expect((await fetch(`${appUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    expect(await (await fetch(`${appUrl}/app-config.js`)).text()).toContain(provider.issuer);
  });

  it('accepts a token from the code flow with PKCE, and after a key rotation accepts the new key and refuses the old one', async () => {
    const before = await provider.signIn('editor');
    const answer = await user(before);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: 'editor', roles: ['content-editor', 'translator'] });

    const rotatedAt = Date.now();
    await provider.rotateSigningKey();
    const after = await provider.signIn('editor');
    expect(keyIdOf(after)).not.toBe(keyIdOf(before));
    // An unknown key id makes the app fetch the published keys again, at most once per cooldown: the first try may
    // fall inside the cooldown of the fetch above; none may wait longer than it.
    let status = (await user(after)).status;
    while (status === 401 && Date.now() - rotatedAt < JWKS_REFETCH_COOLDOWN_MS + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await user(after)).status;
    }
    expect(status).toBe(200);
    expect((await user(before)).status).toBe(401);
  }, 90_000);
});
