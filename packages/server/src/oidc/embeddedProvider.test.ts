import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_SCOPES } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp, freePort } from '../../test/harness.ts';

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

  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
    jar.store(response);
    return response;
  };

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
});
