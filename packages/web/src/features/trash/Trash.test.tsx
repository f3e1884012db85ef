import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeletedVersion, RestoredVersion } from '@editor/domain';
import { installFakeApi, type FakeResponse } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const TRASH = '/api/v1/trash';

function deleted(id: string, title: string): DeletedVersion {
  return {
    id,
    assetId: `asset-${id}`,
    localization: 'en',
    stencil: 'story',
    title,
    spaces: ['rbcom'],
    lastVersion: 12,
    deletedBy: 'Emma Editor',
    deletedDate: '2026-11-27T10:00:00.000Z',
    _links: { restore: { href: `${TRASH}/${id}/restore`, methods: ['POST'] } },
  };
}

const page = (entries: DeletedVersion[], next?: string) => ({
  deleted: entries,
  _links: { self: { href: `${TRASH}?limit=50`, methods: ['GET'] }, ...(next ? { next: { href: next, methods: ['GET'] } } : {}) },
});

function restored(id: string, slugs: RestoredVersion['slugs']): RestoredVersion {
  return { id: `asset-${id}`, localization: 'en', version: 13, slugs, _links: { version: { href: `/api/v1/assets/asset-${id}/localizations/en`, methods: ['GET'] } } };
}

async function openTrash(options: { user?: ReturnType<typeof buildUser>; restore?: FakeResponse } = {}) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: options.user ?? technicalAdmin() },
    [`GET ${TRASH}`]: (request) =>
      request.query.get('after') === 'c2' ? { status: 200, body: page([deleted('d3', 'Older story')]) } : { status: 200, body: page([deleted('d1', 'Cliff diving'), deleted('d2', 'Ice climbing')], `${TRASH}?after=c2&limit=50`) },
    [`POST ${TRASH}/d1/restore`]: options.restore ?? { status: 200, body: restored('d1', [{ slugId: 'rbcom:en-INT:cliff-diving', outcome: 'claimed' }]) },
  });
  const view = await renderApp({ path: '/admin/trash', signedInAs: 'admin' });
  return { ...view, api };
}

describe('the Trash page (issue 41)', () => {
  it('lists deleted versions and loads more', async () => {
    const { user } = await openTrash();
    const table = await screen.findByRole('table', { name: 'Deleted versions' });
    expect(within(table).getByText('Cliff diving')).toBeVisible();
    expect(within(table).getAllByText('by Emma Editor')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Older story')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores a version and offers to open it', async () => {
    const { user, api, router } = await openTrash();
    await user.click(await screen.findByRole('button', { name: 'Restore Cliff diving (en)' }));
    expect(await screen.findByText('»Cliff diving« (en) is restored with all its revisions.')).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${TRASH}/d1/restore`]);
    await user.click(screen.getByRole('button', { name: 'Open in the editor' }));
    expect(router.state.location.pathname).toBe('/assets/asset-d1/localizations/en/edit');
  });

  it('says which URI slugs another asset took meanwhile', async () => {
    const { user } = await openTrash({ restore: { status: 200, body: restored('d1', [{ slugId: 'rbcom:en-INT:cliff-diving', outcome: 'taken' }]) } });
    await user.click(await screen.findByRole('button', { name: 'Restore Cliff diving (en)' }));
    expect(await screen.findByText('Its URI slug rbcom:en-INT:cliff-diving now belongs to another asset: give it a new URI title before publishing.')).toBeVisible();
  });

  it('says why a restore was refused', async () => {
    const { user } = await openTrash({ restore: { status: 409, body: { status: 409, messages: ['The asset already has a version in en.'] } } });
    await user.click(await screen.findByRole('button', { name: 'Restore Cliff diving (en)' }));
    expect(await screen.findByText('The asset already has a version in en.')).toBeVisible();
    expect(screen.getByText('»Cliff diving« was not restored')).toBeVisible();
  });

  it('is for technical admins only', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/admin/trash', signedInAs: 'editor' });
    expect(await screen.findByText('Only technical admins can see and restore deleted versions.')).toBeVisible();
  });
});
