import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildStoryStencil, TITLE_AND_TEASER } from '../../test/stencilFixture.ts';

const stencil = buildStoryStencil({ inputs: TITLE_AND_TEASER });
const EDITOR_PATH = '/assets/a1/localizations/en/edit';
const entry = (name: string, value: unknown) => ({ name, type: 'text', value });

function serve() {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser() },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    'GET /api/v1/assets/a1/localizations/en': { status: 200, body: buildAssetVersion({ content: { title: entry('title', 'Cliff diving'), teaser: entry('teaser', 'High') } }) },
    'GET /api/v1/assets': { status: 200, body: { _embedded: { item: [] }, facets: [], size: 0, total: 0, _links: { self: { href: '/api/v1/assets' }, search: { href: '/api/v1/assets' } } } },
  });
}

const closeButton = () => within(screen.getByRole('toolbar', { name: 'Asset actions' })).getByRole('button', { name: 'Close' });

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '');
});
afterEach(() => localStorage.clear());

describe('leaving an asset (spec 000 §2)', { timeout: 30_000 }, () => {
  it('goes to / (the home page, here the dashboard) when the editor was the first page of the tab', async () => {
    serve();
    const { user, router } = await renderApp({ path: EDITOR_PATH, signedInAs: 'editor' });
    await screen.findByRole('textbox', { name: /Title/ });
    await user.click(closeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back in history when the app came from another page', async () => {
    serve();
    const { user, router } = await renderApp({ path: '/help/eaql', signedInAs: 'editor' });
    await router.navigate(EDITOR_PATH);
    await screen.findByRole('textbox', { name: /Title/ });
    await user.click(closeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/eaql'));
    expect(router.state.historyAction).toBe('POP');
  });

  it('stops at the leave modal with unsaved changes, and stays when asked', async () => {
    serve();
    const { user, router } = await renderApp({ path: EDITOR_PATH, signedInAs: 'editor' });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.type(title, ' recap');
    await screen.findByText('1 unsaved change');
    await user.click(closeButton());
    const modal = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(modal).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Cliff diving recap');
  });
});
