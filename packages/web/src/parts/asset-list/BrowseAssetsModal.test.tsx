import { Suspense, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetListItem, UserResponse } from '@editor/domain';
import { RequireAuth } from '../../app/auth/RequireAuth.tsx';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { BrowseAssetsModal } from './BrowseAssetsModal.tsx';

function PickerHost({ onAdd, allowedStencils }: { onAdd: (items: AssetListItem[]) => void; allowedStencils?: string[] }) {
  const [isOpen, setIsOpen] = useState(true);
  return <BrowseAssetsModal opened={isOpen} onClose={() => setIsOpen(false)} onAdd={onAdd} allowedStencils={allowedStencils} />;
}

const ITEMS = [buildListItem({ id: 'a1', title: 'First story' }), buildListItem({ id: 'a2', title: 'Second story' })];

async function openPicker(input: { user?: UserResponse; allowedStencils?: string[] } = {}) {
  const onAdd = vi.fn<(items: AssetListItem[]) => void>();
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: input.user ?? buildUser() },
    'GET /api/v1/assets': { status: 200, body: buildListResponse({ items: ITEMS }) },
  });
  const view = await renderApp({
    path: '/',
    signedInAs: 'editor',
    routes: [
      {
        path: '/',
        element: (
          <RequireAuth>
            <Suspense fallback={null}>
              <PickerHost onAdd={onAdd} allowedStencils={input.allowedStencils} />
            </Suspense>
          </RequireAuth>
        ),
      },
    ],
  });
  const dialog = await screen.findByRole('dialog', { name: 'Browse assets' });
  await within(dialog).findByRole('article', { name: 'First story' });
  return { ...view, api, dialog, onAdd };
}

const lastListParams = (api: Awaited<ReturnType<typeof openPicker>>['api']) =>
  Object.fromEntries(api.requests.filter((request) => request.path === '/api/v1/assets').at(-1)?.query ?? []);

describe('the browse (modal) view of the asset list (spec 001 §2.1, §2.3)', () => {
  it('switches its own tabs, without the editor tab and without touching the URL', async () => {
    const { dialog, user, api, router } = await openPicker();
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Content', 'Favorites', 'My Content']);
    await user.click(within(dialog).getByRole('tab', { name: 'Favorites' }));
    await waitFor(() => expect(lastListParams(api)).toEqual({ bookmarked: 'true', limit: '12' }));
    await user.click(within(dialog).getByRole('tab', { name: 'My Content' }));
    await waitFor(() => expect(lastListParams(api)).toEqual({ author: 'Emma Editor', limit: '12' }));
    expect(router.state.location.search).toBe('');
  });

  it('offers Add only once something is selected, and adds the selection', async () => {
    const { dialog, user, onAdd } = await openPicker();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();

    const second = within(dialog).getByRole('article', { name: 'Second story' });
    await user.click(within(second).getByRole('button', { name: 'Second story' }));
    await user.click(within(within(dialog).getByRole('article', { name: 'First story' })).getByRole('button', { name: 'First story' }));
    const summary = within(dialog).getByRole('region', { name: 'Selected assets' });
    expect(within(summary).getByText('2 selected')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith([ITEMS[1], ITEMS[0]]);
  });

  it('takes an item back out of the selection with Remove on its narrow card', async () => {
    const { dialog, user } = await openPicker();
    const card = within(dialog).getByRole('article', { name: 'First story' });
    const select = within(card).getByRole('button', { name: 'First story' });
    await user.click(select);
    expect(select).toHaveAttribute('aria-pressed', 'true');
    const summary = within(dialog).getByRole('region', { name: 'Selected assets' });
    expect(within(summary).getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
    await user.click(within(summary).getByRole('button', { name: 'Remove' }));
    expect(select).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('lists only the allowed stencils', async () => {
    const { api } = await openPicker({ allowedStencils: ['image', 'video'] });
    expect(lastListParams(api)).toEqual({ stencil: 'image,video', limit: '12', space: 'rbcom' });
  });

  it("does not apply the user's default filter in a modal", async () => {
    const user = buildUser({ settings: { defaultFilter: 'f1' }, filters: [{ id: 'f1', filters: { stencil: 'video' } }] });
    const { api } = await openPicker({ user });
    expect(lastListParams(api)).toEqual({ limit: '12' });
  });

  it('closes on Cancel', async () => {
    const { dialog, user } = await openPicker();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse assets' })).not.toBeInTheDocument());
  });
});
