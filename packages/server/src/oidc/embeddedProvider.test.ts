import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_SCOPES } from '@editor/domain';
import { buildApp } from '../app.ts';
import { DIALECTS, startTestApp, type TestApp, freePort } from '../../test/harness.ts';
import { ID_TOKEN_TTL_SECONDS } from './embeddedProvider.ts';
import { REVOCATION_CHECK_CACHE_MS } from '../auth/sessionRevocations.ts';

/** A browser's cookie jar, reduced to what one origin needs. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const form = (body: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
const userCall = (app: FastifyInstance, idToken: string) => app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${idToken}` } });
/**
 * The status the instance answers for the token, waiting for a refusal: the provider's event records it a moment after
 * its answer, and another instance may keep its earlier answer for the cache window.
 */
const settledStatus = async (app: FastifyInstance, idToken: string) => {
  const deadline = Date.now() + REVOCATION_CHECK_CACHE_MS + 1000;
  let status = (await userCall(app, idToken)).statusCode;
  while (status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await userCall(app, idToken)).statusCode;
  }
  return status;
};

describe.each(DIALECTS)('embedded OpenID provider: authorization code flow with PKCE (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  const jar = new CookieJar();

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startTestApp(dialect, { PORT: String(port), PUBLIC_URL: origin });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const requestIn = async (cookies: CookieJar, url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookies.header() } });
    cookies.store(response);
    return response;
  };
  const request = (url: string, init: RequestInit = {}) => requestIn(jar, url, init);

  const login = (action: string, username: string, password: string) =>
    request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });

  it('signs in a demo user and issues an ID token the API accepts', async () => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = `${origin}/callback`;
    const authorize = await request(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'editor-app',
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'state-1',
        nonce: 'nonce-1',
      })}`,
    );
    expect(authorize.status).toBe(303);
    const interaction = authorize.headers.get('location')!;
    expect(interaction).toMatch(/^\/interaction\//);

    const page = await request(interaction);
    const html = await page.text();
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('>Sign in</button>');
    const action = html.match(/action="([^"]+)"/)![1]!;

    const wrong = await login(action, 'editor', 'not-the-password');
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('Wrong username or password. Please try again.');
    expect(wrongHtml).toContain('value="editor"');

    const right = await login(action, 'editor', 'editor');
    expect(right.status).toBe(303);
    const resumed = await request(right.headers.get('location')!);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code')!;

    const exchange = () =>
      request('/oidc/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'editor-app', code_verifier: verifier }).toString(),
      });
    const tokenResponse = await exchange();
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { id_token: string; refresh_token?: string };
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'editor', name: 'Emma Editor', rbshortname: 'editor', iss: `${origin}/oidc`, aud: 'editor-app', nonce: 'nonce-1' });
    expect(claims.groups).toEqual(expect.arrayContaining(['content-editor', 'translator', 'space:rbcom', 'space:global', 'locale:en', 'locale:it']));

    const user = await fetch(`${origin}/api/v1/user`, { headers: { authorization: `Bearer ${tokens.id_token}` } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ id: 'editor', roles: ['content-editor', 'translator'], spaces: ['rbcom', 'global'] });

    // The app renews its sign-in with the refresh token and gets a fresh ID token.
    expect(tokens.refresh_token).toBeTruthy();
    const refresh = (refreshToken: string) =>
      request('/oidc/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'editor-app' }).toString(),
      });
    const refreshed = await refresh(tokens.refresh_token!);
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { id_token?: string; refresh_token: string };
    expect(renewed.id_token).toBeTruthy();

    // A code is good for one exchange only; replaying it revokes what it granted.
    expect((await exchange()).status).toBe(400);
    expect((await refresh(renewed.refresh_token)).status).toBe(400);
  });

  it('refuses an authorization request without PKCE', async () => {
    const response = await request(
      `/oidc/auth?${new URLSearchParams({ client_id: 'editor-app', response_type: 'code', redirect_uri: `${origin}/callback`, scope: 'openid', state: 's' })}`,
    );
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=invalid_request');
  });

  it('gives an unknown user the same answer as a wrong password', async () => {
    const authorize = await request(`/oidc/auth?${new URLSearchParams({
      client_id: 'editor-app', response_type: 'code', redirect_uri: `${origin}/callback`, scope: 'openid', prompt: 'login',
      code_challenge: crypto.createHash('sha256').update('x'.repeat(43)).digest('base64url'), code_challenge_method: 'S256',
    })}`);
    const html = await (await request(authorize.headers.get('location')!)).text();
    const action = html.match(/action="([^"]+)"/)![1]!;
    const response = await login(action, 'nobody', 'nobody');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Wrong username or password. Please try again.');
  });

  /** The app's sign-in in a browser of its own (its cookie jar): the tokens it ends up with. */
  const signInWith = async (browser: CookieJar, username: string) => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const authorize = await requestIn(browser, `/oidc/auth?${new URLSearchParams({
      client_id: 'editor-app', response_type: 'code', redirect_uri: `${origin}/callback`, scope: OIDC_SCOPES, nonce: 'n',
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    })}`);
    const html = await (await requestIn(browser, authorize.headers.get('location')!)).text();
    const signedIn = await requestIn(browser, html.match(/action="([^"]+)"/)![1]!, form({ username, password: username }));
    const resumed = await requestIn(browser, signedIn.headers.get('location')!);
    const code = new URL(resumed.headers.get('location')!).searchParams.get('code')!;
    const tokens = await requestIn(browser, '/oidc/token', form({ grant_type: 'authorization_code', code, redirect_uri: `${origin}/callback`, client_id: 'editor-app', code_verifier: verifier }));
    return (await tokens.json()) as { id_token: string; refresh_token: string; expires_in: number };
  };
  const refreshIn = (browser: CookieJar, refreshToken: string) => requestIn(browser, '/oidc/token', form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'editor-app' }));

  it('issues ID tokens for ten minutes that name their sign-in as sid, the same after renewal', async () => {
    const browser = new CookieJar();
    const tokens = await signInWith(browser, 'editor');
    const claims = claimsOf(tokens.id_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(ID_TOKEN_TTL_SECONDS);
    // The app renews a minute before the access token expires: it must not outlive the ID token.
    expect(tokens.expires_in).toBe(ID_TOKEN_TTL_SECONDS);
    expect(claims.sid).toEqual(expect.any(String));
    const renewed = (await (await refreshIn(browser, tokens.refresh_token)).json()) as { id_token: string };
    expect(claimsOf(renewed.id_token).sid).toBe(claims.sid);
  });

  it('Log Out at the provider ends the sign-in’s ID tokens on every instance, and no other sign-in', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      const browser = new CookieJar();
      const elsewhere = new CookieJar();
      const tokens = await signInWith(browser, 'editor');
      const renewed = (await (await refreshIn(browser, tokens.refresh_token)).json()) as { id_token: string; refresh_token: string };
      const otherBrowser = await signInWith(elsewhere, 'editor');
      for (const idToken of [tokens.id_token, renewed.id_token, otherBrowser.id_token]) expect((await userCall(other, idToken)).statusCode).toBe(200);

      // The provider's end-session as the app sends the browser there: the page posts its form with logout=yes.
      const endSession = await requestIn(browser, `/oidc/session/end?${new URLSearchParams({ client_id: 'editor-app', id_token_hint: renewed.id_token, post_logout_redirect_uri: `${origin}/logout`, state: 's' })}`);
      expect(endSession.status).toBe(200);
      const xsrf = (await endSession.text()).match(/name="xsrf" value="([^"]+)"/)![1]!;
      const confirmed = await requestIn(browser, '/oidc/session/end/confirm', form({ xsrf, logout: 'yes' }));
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${origin}/logout?state=s`);

      for (const idToken of [tokens.id_token, renewed.id_token]) {
        expect(await settledStatus(t.app, idToken)).toBe(401);
        expect(await settledStatus(other, idToken)).toBe(401);
      }
      expect((await refreshIn(browser, renewed.refresh_token)).status).toBe(400);
      for (const app of [t.app, other]) expect((await userCall(app, otherBrowser.id_token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('a replayed refresh token ends the sign-in’s ID tokens too', async () => {
    const browser = new CookieJar();
    const tokens = await signInWith(browser, 'editor');
    expect((await refreshIn(browser, tokens.refresh_token)).status).toBe(200);
    expect((await userCall(t.app, tokens.id_token)).statusCode).toBe(200);
    expect((await refreshIn(browser, tokens.refresh_token)).status).toBe(400);
    expect(await settledStatus(t.app, tokens.id_token)).toBe(401);
  });
});
