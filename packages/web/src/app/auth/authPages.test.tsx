import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('the login callback (spec 000 §2)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

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
