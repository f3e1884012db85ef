import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_SCOPES, SILENT_SIGN_IN_PATH } from '@editor/domain';
import { DIALECTS, freePort, startTestApp, type TestApp } from '../../test/harness.ts';
import { signInBrowser } from '../../test/signInBrowser.ts';
import { appPolicy } from '../http/securityHeaders.ts';

/*
 * The quiet sign-in of a reload (docs/sign-in.md): the app asks the provider with prompt=none in a hidden frame,
 * and the provider returns to the silent sign-in page, whose address the app reads.
 */

type Browser = ReturnType<typeof signInBrowser>;

/** Follows the provider's redirects until it sends the browser back to the app; answers that address. */
async function followToApp(browser: Browser, origin: string, first: Response): Promise<URL> {
  let response = first;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
    const target = new URL(location, origin);
    if (!target.pathname.startsWith('/oidc') && !target.pathname.startsWith('/interaction')) return target;
    response = await browser.request(target.href);
  }
  throw new Error('too many redirects');
}

function quietRequest(origin: string, redirectPath: string) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const state = crypto.randomBytes(8).toString('base64url');
  const url = `/oidc/auth?${new URLSearchParams({
    client_id: 'editor-app',
    response_type: 'code',
    redirect_uri: `${origin}${redirectPath}`,
    scope: OIDC_SCOPES,
    prompt: 'none',
    state,
    nonce: 'quiet-nonce',
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  return { url, verifier, state };
}

describe.each(DIALECTS)('the quiet sign-in in a hidden frame (%s)', (dialect) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startTestApp(dialect, { PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn' });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a page that runs and loads nothing, may be framed by this app only, and is never cached or referred', async () => {
    const page = await fetch(`${origin}${SILENT_SIGN_IN_PATH}?code=a-code&state=a-state`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).not.toMatch(/<script|<img|<link|<iframe|<form/i);
    // The app's own pages stay unframeable.
    expect((await fetch(`${origin}/app-config.js`)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers login_required there without a provider session, and a code the app exchanges once it has one', async () => {
    const browser = signInBrowser(origin);
    const before = quietRequest(origin, SILENT_SIGN_IN_PATH);
    const refused = await followToApp(browser, origin, await browser.request(before.url));
    expect(refused.pathname).toBe(SILENT_SIGN_IN_PATH);
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: 'login_required', state: before.state });

    // Signed in once through the login form: the provider has a session for this browser.
    const action = await browser.openLoginForm();
    const signedIn = await followToApp(browser, origin, await browser.login(action, 'editor', 'editor'));
    expect(signedIn.pathname).toBe('/callback');

    const quiet = quietRequest(origin, SILENT_SIGN_IN_PATH);
    const answer = await followToApp(browser, origin, await browser.request(quiet.url));
    expect(answer.pathname).toBe(SILENT_SIGN_IN_PATH);
    expect(answer.searchParams.get('state')).toBe(quiet.state);
    const code = answer.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code ?? '', redirect_uri: `${origin}${SILENT_SIGN_IN_PATH}`, code_verifier: quiet.verifier, client_id: 'editor-app' }),
    });
    expect(tokens.status).toBe(200);
    const { id_token: idToken } = (await tokens.json()) as { id_token: string };
    const user = await fetch(`${origin}/api/v1/user`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(user.status).toBe(200);
  });

  it('never sends a quiet answer to an address it does not know', async () => {
    const browser = signInBrowser(origin);
    const action = await browser.openLoginForm();
    await followToApp(browser, origin, await browser.login(action, 'editor', 'editor'));
    const elsewhere = quietRequest(origin, '/not-registered');
    const answer = await browser.request(elsewhere.url);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });
});

/** The sources of the app page's frame-src for an issuer. */
const framesFor = (issuer: string) => /frame-src ([^;]*)/.exec(appPolicy({ publicUrl: 'https://editor.example.com', issuer }))?.[1]?.split(' ') ?? [];

describe('the app page’s frames', () => {
  it('may frame a company issuer’s host, for the quiet sign-in, and still no other', () => {
    expect(framesFor('https://login.example.org/realms/media')).toContain('https://login.example.org');
    expect(framesFor('https://editor.example.com/oidc')).not.toContain('https://editor.example.com');
    expect(framesFor('https://editor.example.com/oidc')).toContain("'self'");
  });
});
