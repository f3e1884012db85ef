import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildConfig, TEST_ORIGIN } from '../../test/fixtures.ts';
import { createSignInClient } from './signInClient.ts';

const DISCOVERY = {
  'GET /oidc/.well-known/openid-configuration': {
    status: 200,
    body: { issuer: `${TEST_ORIGIN}/oidc`, authorization_endpoint: `${TEST_ORIGIN}/oidc/auth`, token_endpoint: `${TEST_ORIGIN}/oidc/token` },
  },
};

/** The app state a pending sign-in in this tab carries. */
const pendingStates = () =>
  Object.keys(window.sessionStorage)
    .filter((key) => key.startsWith('editor-app.signin.'))
    .map((key) => (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { state?: unknown }).state);

describe('the login route (spec 000 §2)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('asks the provider quietly first, so a reload or a new tab signs in without the login form', async () => {
    installFakeApi(DISCOVERY);
    const redirects: URL[] = [];
    await renderApp({ path: '/login', signedInAs: null, onRedirect: (url) => redirects.push(new URL(url)) });
    expect(await screen.findByText('You will be forwarded to the company login.')).toBeVisible();
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]?.searchParams.get('prompt')).toBe('none');
    expect(pendingStates()).toEqual([{ returnTo: '/' }]);
  });
});

/** The provider's token endpoint beside the fake API: an ID token for the nonce of the hidden frame's request. */
function serveTokens(nonce: () => string) {
  const api = globalThis.fetch;
  const tokenRequests: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(input instanceof Request ? input.url : String(input)).pathname !== '/oidc/token') return api(input, init);
    tokenRequests.push(new URLSearchParams(String(init?.body)));
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: `${TEST_ORIGIN}/oidc`, aud: 'editor-app', sub: 'editor', iat: now, exp: now + 600, nonce: nonce() };
    const idToken = `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
    return new Response(JSON.stringify({ id_token: idToken, access_token: 'quiet-access', expires_in: 600 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return tokenRequests;
}

describe('a page that starts without a user: a reload or a new tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('signs in quietly in the background and shows the page directly, without leaving it', async () => {
    installFakeApi({ ...DISCOVERY, 'GET /api/v1/user': { status: 200, body: buildUser() } });
    let frame = new URL(TEST_ORIGIN);
    const tokenRequests = serveTokens(() => frame.searchParams.get('nonce') ?? '');
    const redirects: URL[] = [];
    const { router } = await renderApp({
      path: '/help/eaql',
      signedInAs: null,
      onRedirect: (url) => redirects.push(new URL(url)),
      onHiddenFrame: async (url) => {
        frame = new URL(url);
        return `${TEST_ORIGIN}/silent-callback?code=quiet-code&state=${frame.searchParams.get('state') ?? ''}`;
      },
    });
    expect(await screen.findByRole('tab', { name: 'EAQL' })).toBeVisible();
    expect(frame.searchParams.get('prompt')).toBe('none');
    expect(tokenRequests[0]?.get('code')).toBe('quiet-code');
    expect(router.state.location.pathname).toBe('/help/eaql');
    expect(redirects).toEqual([]);
    expect(screen.queryByText('You will be forwarded to the company login.')).not.toBeInTheDocument();
  });

  it('goes the visible way through /login when the provider does not sign in quietly, keeping where the user was going', async () => {
    installFakeApi(DISCOVERY);
    const redirects: URL[] = [];
    const { router } = await renderApp({
      path: '/help/eaql',
      signedInAs: null,
      onRedirect: (url) => redirects.push(new URL(url)),
      onHiddenFrame: async (url) => `${TEST_ORIGIN}/silent-callback?error=login_required&state=${new URL(url).searchParams.get('state') ?? ''}`,
    });
    expect(await screen.findByText('You will be forwarded to the company login.')).toBeVisible();
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]?.searchParams.get('prompt')).toBe('none');
    expect(redirects[0]?.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/callback`);
    expect(pendingStates()).toEqual([{ returnTo: '/help/eaql' }]);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the login callback (spec 000 §2)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('says so when the user is already logged in', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/callback', signedInAs: 'editor' });
    expect(await screen.findByText('You are already logged in')).toBeVisible();
  });

  it('shows the error panel at once when the sign-in answer cannot be used', async () => {
    installFakeApi({});
    window.history.replaceState(null, '', '/callback?code=some-code&state=unknown-state');
    await renderApp({ path: '/callback?code=some-code&state=unknown-state', signedInAs: null });
    expect(await screen.findByRole('heading', { name: 'Login did not work' })).toBeVisible();
    expect(
      screen.getByText('Sorry there was a problem with the login. Try to go to home. If the problem persists please logout and login again.'),
    ).toBeVisible();
    expect(screen.getByText(/belongs to no sign-in started in this tab/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Home' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('continues with the login form when the quiet sign-in finds no provider session', async () => {
    installFakeApi(DISCOVERY);
    // The quiet sign-in the previous page load started.
    let quiet = new URL(TEST_ORIGIN);
    await createSignInClient(buildConfig(), { origin: TEST_ORIGIN, redirect: (url) => (quiet = new URL(url)) }).signInRedirect({
      state: { returnTo: '/favorites' },
      prompt: 'none',
    });
    const path = `/callback?error=login_required&state=${quiet.searchParams.get('state') ?? ''}`;
    window.history.replaceState(null, '', path);
    const redirects: URL[] = [];
    await renderApp({ path, signedInAs: null, onRedirect: (url) => redirects.push(new URL(url)) });
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]?.searchParams.has('prompt')).toBe(false);
    expect(pendingStates()).toEqual([{ returnTo: '/favorites' }]);
    expect(screen.getByLabelText('Signing in')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Login did not work' })).not.toBeInTheDocument();
  });

  it('shows the error panel after 3 seconds without a result', async () => {
    installFakeApi({});
    await renderApp({ path: '/callback', signedInAs: null });
    expect(screen.queryByRole('heading', { name: 'Login did not work' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login did not work' }, { timeout: 4000 })).toBeVisible();
  });

  it('goes home from the error panel, which for a signed-out user is the login', async () => {
    installFakeApi({});
    window.history.replaceState(null, '', '/callback?code=some-code&state=unknown-state');
    const { router, user } = await renderApp({ path: '/callback?code=some-code&state=unknown-state', signedInAs: null });
    await user.click(await screen.findByRole('button', { name: 'Home' }));
    expect(await screen.findByText('You will be forwarded to the company login.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the logout page (spec 000 §2)', () => {
  it('confirms the logout and leads back to the main view with Login', async () => {
    installFakeApi({});
    const { router, user } = await renderApp({ path: '/logout', signedInAs: null });
    expect(await screen.findByText('You have been logged out successfully')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ returnTo: '/' });
  });
});
