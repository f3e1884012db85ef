import { screen, waitFor } from '@testing-library/react';
import { OidcClient, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildConfig, buildUser, TEST_ORIGIN } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { createUserManager } from './createUserManager.ts';

describe('the login route (spec 000 §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the provider quietly first, so a reload or a new tab signs in without the login form', async () => {
    installFakeApi({});
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    await renderApp({ path: '/login', signedInAs: null });
    expect(await screen.findByText('You will be forwarded to the company login.')).toBeVisible();
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, prompt: 'none' }));
  });
});

describe('the login callback (spec 000 §2)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
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
    expect(screen.getByText(/No matching state found in storage/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Home' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('continues with the login form when the quiet sign-in finds no provider session', async () => {
    installFakeApi({});
    const discovery = { issuer: `${TEST_ORIGIN}/oidc`, authorization_endpoint: `${TEST_ORIGIN}/oidc/auth`, token_endpoint: `${TEST_ORIGIN}/oidc/token` };
    const client = new OidcClient({ ...createUserManager(buildConfig(), TEST_ORIGIN).settings, metadata: discovery });
    const request = await client.createSigninRequest({ request_type: 'si:r', state: { returnTo: '/favorites' }, prompt: 'none' });
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    const path = `/callback?error=login_required&state=${request.state.id}`;
    window.history.replaceState(null, '', path);
    await renderApp({ path, signedInAs: null });
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/favorites' } }));
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
