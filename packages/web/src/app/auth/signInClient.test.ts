import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConfig, TEST_ORIGIN } from '../../test/fixtures.ts';
import { codeChallengeOf, createSignInClient, SignInError } from './signInClient.ts';

const ISSUER = `${TEST_ORIGIN}/oidc`;
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function idToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ iss: ISSUER, aud: 'editor-app', sub: 'editor', iat: now, exp: now + 3600, ...claims })}.signature`;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface FakeProvider {
  /** The form of each token request. */
  tokenRequests: URLSearchParams[];
  /** What the authorization request asked for, by the last redirect. */
  lastChallenge?: string;
}

/**
 * The provider's discovery document and token endpoint. The token endpoint checks PKCE as a provider does: the
 * verifier must hash to the challenge of the authorization request.
 */
function installFakeProvider(answer: (form: URLSearchParams) => Response | Promise<Response>): FakeProvider {
  const provider: FakeProvider = { tokenRequests: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
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
      if (url.pathname === '/oidc/token') {
        const form = new URLSearchParams(String(init?.body));
        provider.tokenRequests.push(form);
        if (form.get('grant_type') === 'authorization_code' && (await codeChallengeOf(form.get('code_verifier') ?? '')) !== provider.lastChallenge) {
          return json({ error: 'invalid_grant', error_description: 'PKCE verification failed' }, 400);
        }
        return answer(form);
      }
      return new Response(null, { status: 404 });
    }),
  );
  return provider;
}

/**
 * A client whose redirects are recorded instead of followed. Its hidden frame lands where `frameLanding` says for
 * the request it is given (by default nowhere, as when the provider does not answer there).
 */
function clientFor(provider?: FakeProvider, frameLanding: (request: URL) => string | undefined = () => undefined) {
  const redirects: URL[] = [];
  const frames: URL[] = [];
  const client = createSignInClient(buildConfig(), {
    origin: TEST_ORIGIN,
    redirect: (url) => {
      const target = new URL(url);
      redirects.push(target);
      if (provider) provider.lastChallenge = target.searchParams.get('code_challenge') ?? undefined;
    },
    loadInHiddenFrame: async (url) => {
      const request = new URL(url);
      frames.push(request);
      if (provider) provider.lastChallenge = request.searchParams.get('code_challenge') ?? undefined;
      return frameLanding(request);
    },
  });
  return { client, redirects, frames };
}

/** The provider's answer at the silent sign-in page to a hidden frame's request. */
const silentAnswer = (request: URL, query: string) => `${TEST_ORIGIN}/silent-callback?state=${request.searchParams.get('state') ?? ''}&${query}`;

/** Starts a sign-in and returns the provider's answer to /callback with `answer` as its query. */
async function startSignIn(client: ReturnType<typeof clientFor>, options: { prompt?: string; state?: unknown } = {}) {
  await client.client.signInRedirect({ state: options.state ?? { returnTo: '/' }, prompt: options.prompt });
  const request = client.redirects.at(-1);
  if (!request) throw new Error('No redirect');
  return { request, callback: (query: string) => `${TEST_ORIGIN}/callback?state=${request.searchParams.get('state') ?? ''}&${query}` };
}

const storedText = (storage: Storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`).join('\n');

describe('the sign-in client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('asks the provider for a code with PKCE (S256), a nonce, its redirect and the prompt', async () => {
    const provider = installFakeProvider(() => json({}));
    const signIn = clientFor(provider);
    const { request } = await startSignIn(signIn, { prompt: 'none' });
    expect(`${request.origin}${request.pathname}`).toBe(`${ISSUER}/auth`);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      client_id: 'editor-app',
      redirect_uri: `${TEST_ORIGIN}/callback`,
      response_type: 'code',
      scope: 'openid email profile rbshortname groups',
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    expect(request.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(request.searchParams.get('nonce')).toMatch(/^[\w-]{16,}$/);
    // The verifier stays in this tab until the code is exchanged.
    const pending = Object.values({ ...window.sessionStorage }).find((value) => String(value).includes('codeVerifier'));
    const { codeVerifier } = JSON.parse(String(pending)) as { codeVerifier: string };
    expect(codeVerifier).toMatch(/^[\w-]{64}$/);
    expect(request.href).not.toContain(codeVerifier);
  });

  it('exchanges the code with the verifier, returns the app state, and keeps the tokens in memory only', async () => {
    let nonce = '';
    const provider = installFakeProvider(() => json({ id_token: idToken({ nonce }), access_token: 'the-access-token', refresh_token: 'the-refresh-token', expires_in: 3600 }));
    const signIn = clientFor(provider);
    const { request, callback } = await startSignIn(signIn, { state: { returnTo: '/favorites' } });
    nonce = request.searchParams.get('nonce') ?? '';

    expect(await signIn.client.handleCallback(callback('code=the-code'))).toEqual({ returnTo: '/favorites' });

    expect(provider.tokenRequests[0]?.get('code')).toBe('the-code');
    expect(signIn.client.getUser()).toMatchObject({ accessToken: 'the-access-token', refreshToken: 'the-refresh-token', profile: { sub: 'editor' } });
    for (const storage of [window.sessionStorage, window.localStorage]) {
      const text = storedText(storage);
      for (const token of ['the-access-token', 'the-refresh-token', 'signature']) expect(text).not.toContain(token);
    }
    // The answer is used once.
    await expect(signIn.client.handleCallback(callback('code=the-code'))).rejects.toThrow(SignInError);
  });

  it('starts signed out on the next page load', async () => {
    expect(clientFor().client.getUser()).toBeNull();
  });

  it.each([
    ['another issuer', { iss: 'http://elsewhere/oidc' }, /comes from http:\/\/elsewhere\/oidc/],
    ['another app', { aud: 'other-app' }, /not made for this app/],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }, /expired/],
    ['another sign-in’s nonce', { nonce: 'not-ours' }, /another sign-in/],
  ])('refuses an ID token from %s and stays signed out', async (_case, claims, message) => {
    const provider = installFakeProvider(() => json({ id_token: idToken(claims), access_token: 'a', expires_in: 3600 }));
    const signIn = clientFor(provider);
    const { callback } = await startSignIn(signIn);
    await expect(signIn.client.handleCallback(callback('code=the-code'))).rejects.toThrow(message);
    expect(signIn.client.getUser()).toBeNull();
  });

  it('refuses an answer to a sign-in this tab did not start', async () => {
    installFakeProvider(() => json({}));
    await expect(clientFor().client.handleCallback(`${TEST_ORIGIN}/callback?code=x&state=unknown`)).rejects.toThrow(/no sign-in started in this tab/);
  });

  it('passes on the provider’s error with the state of the sign-in it answers', async () => {
    const provider = installFakeProvider(() => json({}));
    const signIn = clientFor(provider);
    const { callback } = await startSignIn(signIn, { prompt: 'none', state: { returnTo: '/my-content' } });
    const failure = await signIn.client.handleCallback(callback('error=login_required')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInError);
    expect(failure).toMatchObject({ code: 'login_required', state: { returnTo: '/my-content' } });
  });

  it('renews before the tokens expire with the rotated refresh token, and tells its subscribers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let round = 0;
    const provider = installFakeProvider((form) => {
      round += 1;
      const nonce = form.get('grant_type') === 'authorization_code' ? { nonce: provider.lastNonce } : {};
      return json({ id_token: idToken(nonce), access_token: `access-${round}`, refresh_token: `refresh-${round}`, expires_in: 300 });
    }) as FakeProvider & { lastNonce?: string };
    const signIn = clientFor(provider);
    const { request, callback } = await startSignIn(signIn);
    provider.lastNonce = request.searchParams.get('nonce') ?? '';
    await signIn.client.handleCallback(callback('code=c'));
    const changes = vi.fn<() => void>();
    signIn.client.subscribe(changes);

    await vi.advanceTimersByTimeAsync(240_000);
    expect(provider.tokenRequests[1]?.get('grant_type')).toBe('refresh_token');
    expect(provider.tokenRequests[1]?.get('refresh_token')).toBe('refresh-1');
    expect(signIn.client.getUser()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(changes).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(240_000);
    expect(provider.tokenRequests[2]?.get('refresh_token')).toBe('refresh-2');
  });

  it('signs out when the tokens run out after a renewal failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    installFakeProvider(() => json({ error: 'invalid_grant' }, 400));
    const signIn = clientFor();
    const now = Math.floor(Date.now() / 1000);
    signIn.client.storeUser({ idToken: idToken(), accessToken: 'a', refreshToken: 'r', expiresAt: now + 300, profile: { iss: ISSUER, sub: 'editor', aud: 'editor-app', exp: now + 300 } });
    await vi.advanceTimersByTimeAsync(241_000);
    expect(signIn.client.getUser()).not.toBeNull();
    // After the refused refresh the quiet attempt hashes its verifier with the real Web Crypto, outside the fake
    // clock: wait until it has tried the frame and timed the sign-out before the clock runs on.
    await vi.waitFor(() => expect(signIn.frames).toHaveLength(1));
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    expect(signIn.client.getUser()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signIn.client.getUser()).toBeNull();
  });

  it('signs in quietly in a hidden frame: prompt=none answered to the silent sign-in page, the verifier kept in memory', async () => {
    const provider = installFakeProvider((form) => json({ id_token: idToken({ nonce: provider.lastNonce }), access_token: `access-${form.get('code')}`, refresh_token: 'r', expires_in: 3600 })) as FakeProvider & {
      lastNonce?: string;
    };
    const signIn = clientFor(provider, (request) => {
      provider.lastNonce = request.searchParams.get('nonce') ?? '';
      return silentAnswer(request, 'code=quiet');
    });
    await signIn.client.signInSilently();

    const request = signIn.frames[0];
    expect(`${request?.origin}${request?.pathname}`).toBe(`${ISSUER}/auth`);
    expect(Object.fromEntries(request?.searchParams ?? [])).toMatchObject({ prompt: 'none', redirect_uri: `${TEST_ORIGIN}/silent-callback`, response_type: 'code', code_challenge_method: 'S256' });
    // The code is exchanged with the verifier (the fake provider checks it against the challenge) for the same redirect URI.
    expect(Object.fromEntries(provider.tokenRequests[0] ?? [])).toMatchObject({ grant_type: 'authorization_code', code: 'quiet', redirect_uri: `${TEST_ORIGIN}/silent-callback` });
    expect(signIn.client.getUser()).toMatchObject({ accessToken: 'access-quiet', profile: { sub: 'editor' } });
    // Nothing of it went to a storage, and the page never left.
    expect(storedText(window.sessionStorage)).toBe('');
    expect(signIn.redirects).toEqual([]);
  });

  it.each([
    ['the provider has no session for this browser', (request: URL) => silentAnswer(request, 'error=login_required'), /login_required/],
    ['the frame did not land at the silent sign-in page', () => undefined, /did not answer in the background/],
    ['the answer carries another request’s state', () => `${TEST_ORIGIN}/silent-callback?state=another&code=c`, /another sign-in/],
  ])('stays signed out, with a SignInError, when %s', async (_case, landing, message) => {
    const provider = installFakeProvider(() => json({ id_token: idToken(), access_token: 'a', expires_in: 3600 }));
    const signIn = clientFor(provider, landing);
    await expect(signIn.client.signInSilently()).rejects.toThrow(message);
    await expect(signIn.client.signInSilently()).rejects.toBeInstanceOf(SignInError);
    expect(provider.tokenRequests).toEqual([]);
    expect(signIn.client.getUser()).toBeNull();
  });

  it('renews quietly through the provider’s session when the refresh token is refused, for the same user only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let subject = 'editor';
    const provider = installFakeProvider((form) =>
      form.get('grant_type') === 'refresh_token'
        ? json({ error: 'invalid_grant' }, 400)
        : json({ id_token: idToken({ nonce: provider.lastNonce, sub: subject }), access_token: 'quiet-access', refresh_token: 'quiet-refresh', expires_in: 300 }),
    ) as FakeProvider & { lastNonce?: string };
    const signIn = clientFor(provider, (request) => {
      provider.lastNonce = request.searchParams.get('nonce') ?? '';
      return silentAnswer(request, 'code=c');
    });
    const now = Math.floor(Date.now() / 1000);
    signIn.client.storeUser({ idToken: idToken(), accessToken: 'a', refreshToken: 'r', expiresAt: now + 300, profile: { iss: ISSUER, sub: 'editor', aud: 'editor-app', exp: now + 300 } });
    await vi.advanceTimersByTimeAsync(241_000);
    // The PKCE hash is the browser's own work, outside the fake clock.
    await vi.waitFor(() => expect(signIn.client.getUser()).toMatchObject({ accessToken: 'quiet-access', refreshToken: 'quiet-refresh' }));
    const renewedAt = Date.now();

    // The provider's session now belongs to someone else: the quiet answer is refused, and the user signs out at expiry.
    subject = 'translator';
    await vi.advanceTimersByTimeAsync(241_000);
    await vi.waitFor(() => expect(provider.tokenRequests.filter((form) => form.get('grant_type') === 'authorization_code')).toHaveLength(2));
    expect(signIn.client.getUser()).toMatchObject({ accessToken: 'quiet-access' });
    // The refused answer is checked (its hash is the browser's own work) before the sign-out is set for the expiry:
    // past the expiry, the clock moves on until that has happened.
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(Math.max(0, renewedAt + 301_000 - Date.now()));
      expect(signIn.client.getUser()).toBeNull();
    });
  });

  it('signs out at the provider with the ID token as hint, returning to /logout', async () => {
    installFakeProvider(() => json({}));
    const signIn = clientFor();
    const now = Math.floor(Date.now() / 1000);
    const token = idToken();
    signIn.client.storeUser({ idToken: token, accessToken: 'a', expiresAt: now + 300, profile: { iss: ISSUER, sub: 'editor', aud: 'editor-app', exp: now + 300 } });
    await signIn.client.signOutRedirect();
    expect(signIn.client.getUser()).toBeNull();
    const request = signIn.redirects.at(-1);
    expect(`${request?.origin}${request?.pathname}`).toBe(`${ISSUER}/session/end`);
    expect(request?.searchParams.get('id_token_hint')).toBe(token);
    expect(request?.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_ORIGIN}/logout`);
    expect(request?.searchParams.get('state')).toBeTruthy();
  });

  it('signs out here only, and says so, when the provider has no end-session endpoint', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => json({ issuer: ISSUER, authorization_endpoint: `${ISSUER}/auth`, token_endpoint: `${ISSUER}/token` })));
    const signIn = clientFor();
    const now = Math.floor(Date.now() / 1000);
    signIn.client.storeUser({ idToken: idToken(), accessToken: 'a', expiresAt: now + 300, profile: { iss: ISSUER, sub: 'editor', aud: 'editor-app', exp: now + 300 } });
    expect(await signIn.client.signOutRedirect()).toBe(false);
    expect(signIn.client.getUser()).toBeNull();
    expect(signIn.redirects).toEqual([]);
  });

  it('forgets a user an earlier version left in session storage', () => {
    window.sessionStorage.setItem('oidc.user:http://elsewhere/oidc:editor-app', JSON.stringify({ id_token: 'old-id-token' }));
    window.sessionStorage.setItem('editor-app.trail', '[]');
    expect(clientFor().client.getUser()).toBeNull();
    expect(storedText(window.sessionStorage)).not.toContain('old-id-token');
    expect(window.sessionStorage.getItem('editor-app.trail')).toBe('[]');
  });
});
