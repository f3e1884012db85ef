import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test/fakeApi.ts';
import { buildUser, hubUser } from '../test/fixtures.ts';
import { renderApp } from '../test/renderApp.tsx';

function serveUser(user = buildUser()) {
  return installFakeApi({ 'GET /api/v1/user': { status: 200, body: user } });
}

async function expectLocation(router: Awaited<ReturnType<typeof renderApp>>['router'], path: string) {
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path));
}

describe('the route table (spec 000 §2)', () => {
  it('sends / to the dashboard for users with dashboard access', async () => {
    serveUser();
    const { router } = await renderApp({ path: '/', signedInAs: 'editor' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectLocation(router, '/dashboard');
  });

  it('sends / to All Content for users without dashboard access', async () => {
    serveUser(hubUser());
    const { router } = await renderApp({ path: '/', signedInAs: 'hub' });
    expect(await screen.findByRole('heading', { name: 'All Content' })).toBeVisible();
    await expectLocation(router, '/all-content');
  });

  it('keeps users without dashboard access out of the dashboard', async () => {
    serveUser(hubUser());
    const { router } = await renderApp({ path: '/dashboard', signedInAs: 'hub' });
    expect(await screen.findByRole('heading', { name: 'All Content' })).toBeVisible();
    await expectLocation(router, '/all-content');
  });

  it('sends an unknown path to / and from there home', async () => {
    serveUser();
    const { router } = await renderApp({ path: '/no/such/page', signedInAs: 'editor' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectLocation(router, '/dashboard');
  });

  it('sends /help to the EAQL tab', async () => {
    serveUser();
    const { router } = await renderApp({ path: '/help', signedInAs: 'editor' });
    await expectLocation(router, '/help/eaql');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'EAQL' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('carries the query string along a redirect', async () => {
    serveUser();
    const { router } = await renderApp({ path: '/help?q=title', signedInAs: 'editor' });
    await expectLocation(router, '/help/eaql?q=title');
  });

  it('carries the query string through an unknown path to the home target', async () => {
    serveUser(hubUser());
    const { router } = await renderApp({ path: '/old-list?stencil=story&space=illume', signedInAs: 'hub' });
    expect(await screen.findByRole('heading', { name: 'All Content' })).toBeVisible();
    await expectLocation(router, '/all-content?stencil=story&space=illume');
  });

  it('opens every named page of the main view', async () => {
    serveUser();
    const { router } = await renderApp({ path: '/assets/7f0c1d2e-0000-4000-8000-000000000001/localizations/de/edit', signedInAs: 'editor' });
    // The editor asks for the version; this fake server has none, so the editor's error card shows.
    expect(await screen.findByRole('heading', { name: 'Oh no! An error occurred.' })).toBeVisible();
    for (const [path, heading] of [
      ['/favorites', 'Favorites'],
      ['/my-content', 'My Content'],
      ['/image-uploads', 'Image Uploads'],
      ['/media-archive', 'Media Archive'],
      ['/publication-overview', 'Publication Overview'],
      ['/help/misc', 'Help'],
    ] as const) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    }
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Miscellaneous' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('sends a signed-out user to the login page, which forwards to the company login', async () => {
    const api = installFakeApi({});
    const { router } = await renderApp({ path: '/favorites?q=cats', signedInAs: null });
    expect(await screen.findByText('You will be forwarded to the company login.')).toBeVisible();
    await expectLocation(router, '/login');
    expect(router.state.location.state).toEqual({ returnTo: '/favorites?q=cats' });
    // The forwarding starts by asking the provider for its endpoints; no API call is made before sign-in.
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/oidc/.well-known/openid-configuration'));
    expect(api.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });

  it('shows the generic error view on the whole page when the user call fails, and tries again on Ok', async () => {
    // React reports the error it hands to the error view; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = installFakeApi({ 'GET /api/v1/user': { status: 503, body: { status: 503, messages: ['The sign-in service cannot be reached.'] } } });
    const { user } = await renderApp({ path: '/favorites', signedInAs: 'editor' });
    expect(await screen.findByRole('heading', { name: 'Oh oh, an error occurred :-(' })).toBeVisible();
    expect(screen.getByText('Code: 503')).toBeVisible();
    expect(screen.getByText('Error: The sign-in service cannot be reached.')).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Favorites' })).not.toBeInTheDocument();

    api.answer('GET /api/v1/user', { status: 200, body: buildUser() });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
