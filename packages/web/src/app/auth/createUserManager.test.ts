import { OidcClient } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConfig, TEST_ORIGIN } from '../../test/fixtures.ts';
import { createUserManager } from './createUserManager.ts';

const ISSUER = `${TEST_ORIGIN}/oidc`;
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function idToken(): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iss: ISSUER, aud: 'editor-app', sub: 'editor', iat: now, exp: now + 3600 })}.signature`;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The provider's discovery document and token endpoint, answering one code exchange. */
function installFakeProvider(tokens: { id_token: string; access_token: string; refresh_token: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/oidc/.well-known/openid-configuration') {
        return json({
          issuer: ISSUER,
          authorization_endpoint: `${ISSUER}/auth`,
          token_endpoint: `${ISSUER}/token`,
          end_session_endpoint: `${ISSUER}/session/end`,
          jwks_uri: `${ISSUER}/jwks`,
        });
      }
      if (url.pathname === '/oidc/token') return json({ ...tokens, token_type: 'Bearer', expires_in: 3600, scope: 'openid' });
      return new Response(null, { status: 404 });
    }),
  );
}

const storedText = (storage: Storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`).join('\n');

describe('where the browser keeps the sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('keeps the tokens of a finished sign-in in memory only, out of session and local storage', async () => {
    const tokens = { id_token: idToken(), access_token: 'the-access-token', refresh_token: 'the-refresh-token' };
    installFakeProvider(tokens);
    const userManager = createUserManager(buildConfig(), TEST_ORIGIN);
    const request = await new OidcClient(userManager.settings).createSigninRequest({ request_type: 'si:r', state: { returnTo: '/' } });

    const user = await userManager.signinCallback(`${TEST_ORIGIN}/callback?code=the-code&state=${request.state.id}`);

    expect(user?.id_token).toBe(tokens.id_token);
    expect((await userManager.getUser())?.refresh_token).toBe('the-refresh-token');
    for (const storage of [window.sessionStorage, window.localStorage]) {
      const text = storedText(storage);
      for (const token of Object.values(tokens)) expect(text).not.toContain(token);
      expect(text).not.toContain('oidc.user:');
    }
  });

  it('is gone with the page: a new client for the next page load starts signed out', async () => {
    installFakeProvider({ id_token: idToken(), access_token: 'a', refresh_token: 'r' });
    const first = createUserManager(buildConfig(), TEST_ORIGIN);
    const request = await new OidcClient(first.settings).createSigninRequest({ request_type: 'si:r' });
    await first.signinCallback(`${TEST_ORIGIN}/callback?code=the-code&state=${request.state.id}`);

    expect(await createUserManager(buildConfig(), TEST_ORIGIN).getUser()).toBeNull();
  });

  it('forgets a user an earlier version left in session storage', async () => {
    window.sessionStorage.setItem('oidc.user:http://elsewhere/oidc:editor-app', JSON.stringify({ id_token: 'old-id-token' }));
    window.sessionStorage.setItem('editor-app.trail', '[]');

    const userManager = createUserManager(buildConfig(), TEST_ORIGIN);

    expect(await userManager.getUser()).toBeNull();
    expect(storedText(window.sessionStorage)).not.toContain('old-id-token');
    expect(window.sessionStorage.getItem('editor-app.trail')).toBe('[]');
  });
});
