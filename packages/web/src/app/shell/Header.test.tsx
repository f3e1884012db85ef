import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveRoleOverride } from '../../parts/user/roleOverrideStorage.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { showToast } from '../../ui/toasts.tsx';

describe('the header (spec 001 §2.1)', () => {
  it('shows the title and the tabs, the selected one following the route', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/my-content', signedInAs: 'editor' });
    expect(await screen.findByRole('button', { name: 'Editor App' })).toBeVisible();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All Content', 'Favorites', 'My Content', 'Media Archive', 'Image Uploads', 'Publication Overview']);
    expect(screen.getByRole('tab', { name: 'My Content' })).toHaveAttribute('aria-selected', 'true');
  });

  it('navigates when another tab is chosen', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    const { router, user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('tab', { name: 'Publication Overview' }));
    expect(await screen.findByRole('heading', { name: 'Publication Overview' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/publication-overview');
    expect(screen.getByRole('tab', { name: 'Publication Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an Asset Editor tab only while an asset is open', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    const { router } = await renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
    expect(await screen.findByRole('tab', { name: 'Asset Editor' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All Content' })).toHaveAttribute('aria-selected', 'false');
    await router.navigate('/favorites');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Asset Editor' })).not.toBeInTheDocument());
  });

  it.each([
    { environment: 'design', badge: 'development' },
    { environment: 'staging', badge: 'staging' },
  ] as const)('shows the badge $badge in the $environment environment', async ({ environment, badge }) => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/all-content', signedInAs: 'editor', config: { environment } });
    expect(await screen.findByText(badge)).toBeVisible();
  });

  it.each(['preview', 'production'] as const)('shows no badge in the %s environment', async (environment) => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/all-content', signedInAs: 'editor', config: { environment } });
    await screen.findByRole('button', { name: 'Editor App' });
    expect(screen.queryByText('development')).not.toBeInTheDocument();
    expect(screen.queryByText('staging')).not.toBeInTheDocument();
  });

  it('shows only the configured outside links, opening in a new tab', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({
      path: '/all-content',
      signedInAs: 'editor',
      config: { links: { help: '/help/eaql', featuring: null, analytics: 'https://analytics.example.com', editorialCalendar: null, cultureSite: null, sportsSite: null, eventsFaq: null, teamSupport: null, uriSlugRegistry: null, experienceSite: null } },
    });
    const analytics = await screen.findByRole('link', { name: 'Analytics' });
    expect(analytics).toHaveAttribute('href', 'https://analytics.example.com');
    expect(analytics).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Featuring' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editorial Calendar' })).not.toBeInTheDocument();
  });

  it.each([['content-editor'], ['content-manager']])('offers Create Content to a creator (%s)', async (role) => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser({ roles: [role] }) } });
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    expect(await screen.findByRole('button', { name: 'Create Content' })).toBeVisible();
  });

  it('does not offer Create Content to anybody else', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser({ roles: ['translator', 'curator'] }) } });
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await screen.findByRole('button', { name: 'Editor App' });
    expect(screen.queryByRole('button', { name: 'Create Content' })).not.toBeInTheDocument();
  });

  it('goes home from the title and clears the toasts', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    const { router, user } = await renderApp({ path: '/favorites', signedInAs: 'editor' });
    await screen.findByRole('heading', { name: 'Favorites' });
    showToast({ kind: 'success', message: 'Your asset has been unpublished', persistent: true });
    expect(await screen.findByText('Your asset has been unpublished')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Editor App' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(screen.queryByText('Your asset has been unpublished')).not.toBeInTheDocument());
  });

  it('offers Reset roles only while the role override is on, and turns it off', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() } });
    // Simulating a user of the illume space only: no dashboard access.
    saveRoleOverride('admin', { roles: ['content-editor'], spaces: ['illume'], localizations: ['en'] });
    const { router, user } = await renderApp({ path: '/', signedInAs: 'admin' });
    expect(await screen.findByRole('heading', { name: 'All Content' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reset roles' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset roles' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Editor App' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.length).toBe(0);
  });

  it('has no Reset roles without an override', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() } });
    await renderApp({ path: '/all-content', signedInAs: 'admin' });
    await screen.findByRole('button', { name: 'Editor App' });
    expect(screen.queryByRole('button', { name: 'Reset roles' })).not.toBeInTheDocument();
  });

  it('ignores an override stored for somebody else', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() } });
    saveRoleOverride('another-admin', { roles: ['translator'], spaces: ['illume'], localizations: ['en'] });
    await renderApp({ path: '/all-content', signedInAs: 'admin' });
    await screen.findByRole('button', { name: 'Editor App' });
    expect(screen.queryByRole('button', { name: 'Reset roles' })).not.toBeInTheDocument();
  });

  it('offers Settings and Log Out in the user menu', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'User menu of Emma Editor' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Settings', 'Log Out']);
  });

  it('offers a technical admin the delivery keys and webhooks pages in the user menu', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() }, 'GET /api/v1/delivery-keys': { status: 200, body: { _embedded: { item: [] }, _links: { self: { href: '/api/v1/delivery-keys', methods: ['GET', 'POST'] } }, size: 0 } } });
    const { router, user } = await renderApp({ path: '/all-content', signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'User menu of Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delivery Keys', 'Webhooks', 'Trash', 'Data Imports', 'Settings', 'Log Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Webhooks' })).toHaveAttribute('href', '/admin/webhooks');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delivery Keys' }));
    expect(await screen.findByRole('heading', { name: 'Delivery Keys' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/delivery-keys');
  });

  it('offers the admin pages by the rights in effect: not while the role override takes the technical admin role away', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() } });
    saveRoleOverride('admin', { roles: ['content-editor'], spaces: ['rbcom'], localizations: ['en'] });
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'User menu of Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Settings', 'Log Out']);
  });

  it('lists the configured outbound links in the user menu, opening in a new tab (spec 000 §2)', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    const links = { help: null, featuring: null, analytics: null, editorialCalendar: null, cultureSite: 'https://culture.example.com', sportsSite: null, eventsFaq: null, teamSupport: 'https://support.example.com/form', uriSlugRegistry: null, experienceSite: 'https://experience.example.com' };
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'editor', config: { links } });
    await user.click(await screen.findByRole('button', { name: 'User menu of Emma Editor' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Culture site', 'Team support', 'Experience site', 'Settings', 'Log Out']);
    const support = within(menu).getByRole('menuitem', { name: 'Team support' });
    expect(support).toHaveAttribute('href', 'https://support.example.com/form');
    expect(support).toHaveAttribute('target', '_blank');
  });
});
