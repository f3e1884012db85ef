import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StencilSummary } from '@editor/domain';
import { buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { readNewAssetDrafts } from '../../editor-state/newAssetDrafts.ts';

const STENCILS: StencilSummary[] = [{ name: 'story', label: 'Story', icon: 'article', group: 'Editorial', previewable: true }];
const CREATE_PATH = '/api/v1/assets/-/localizations/en';
const CREATED: FakeResponse = { status: 201, body: { id: 'new-1', localization: 'en', stencil: 'story' } };

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

function serve(create: Handler) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ roles: ['content-editor'], spaces: ['rbcom', 'global'], settings: { defaultSpace: 'rbcom', preferredLocalization: 'en' } }) },
    'GET /api/v1/assets': { status: 200, body: buildListResponse() },
    'GET /api/v1/stencils': { status: 200, body: STENCILS },
    [`POST ${CREATE_PATH}`]: create,
  });
}

/** Opens the app on All Content; a fresh render stands for a reload of the page (local storage stays). */
const load = () => renderApp({ path: '/all-content', signedInAs: 'editor' });

async function createStory(view: Awaited<ReturnType<typeof load>>) {
  await view.user.click(await screen.findByRole('button', { name: 'Create Content' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
  await view.user.click(await within(dialog).findByRole('button', { name: 'Story' }));
  return dialog;
}

const creates = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'POST' && request.path === CREATE_PATH);

describe("creating keeps the work (spec 000 §4: a local draft with id '-' first)", { timeout: 30_000 }, () => {
  it("writes the '-' draft before the create call and removes it once the asset exists", async () => {
    let draftsDuringCall: unknown[] = [];
    serve(() => {
      draftsDuringCall = readNewAssetDrafts();
      return CREATED;
    });
    const view = await load();
    await createStory(view);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/assets/new-1/localizations/en/edit'));
    expect(draftsDuringCall).toEqual([expect.objectContaining({ id: '-', locale: 'en', space: 'rbcom', stencil: 'story', values: {} })]);
    expect(readNewAssetDrafts()).toEqual([]);
  });

  it('keeps the draft when the server fails, offers it after a reload, and Load draft creates the asset and opens it', async () => {
    let calls = 0;
    const api = serve(() => (++calls === 1 ? { status: 503, body: { status: 503, messages: ['Service unavailable'] } } : CREATED));
    const first = await load();
    await createStory(first);
    expect(await screen.findByText('Asset could not be created')).toBeVisible();
    expect(readNewAssetDrafts()).toEqual([expect.objectContaining({ locale: 'en', space: 'rbcom', stencil: 'story' })]);
    // The session that failed is not asked again: the modal stays open to try once more.
    expect(screen.queryByRole('dialog', { name: 'Draft' })).toBeNull();

    cleanup();
    const reloaded = await load();
    const offer = await screen.findByRole('dialog', { name: 'Draft' });
    expect(within(offer).getByText(/This browser holds a new Story in .* \(space rbcom\) from .* that could not be created\./)).toBeVisible();
    await reloaded.user.click(within(offer).getByRole('button', { name: 'Load draft' }));
    await waitFor(() => expect(reloaded.router.state.location.pathname).toBe('/assets/new-1/localizations/en/edit'));
    expect(creates(api)).toHaveLength(2);
    expect(creates(api)[1]?.query.get('space')).toBe('rbcom');
    expect(creates(api)[1]?.query.get('container.stencil')).toBe('story');
    expect(readNewAssetDrafts()).toEqual([]);
  });

  it('keeps the draft when the network fails', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await createStory(await load());
    await screen.findByText('Asset could not be created');
    expect(readNewAssetDrafts()).toEqual([expect.objectContaining({ locale: 'en', stencil: 'story' })]);
  });

  it('Discard draft forgets a kept draft', async () => {
    serve({ status: 500, body: { status: 500, messages: ['boom'] } });
    await createStory(await load());
    await screen.findByText('Asset could not be created');
    cleanup();
    const reloaded = await load();
    await reloaded.user.click(within(await screen.findByRole('dialog', { name: 'Draft' })).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Draft' })).toBeNull());
    expect(readNewAssetDrafts()).toEqual([]);
  });

  it('keeps nothing when the server refuses the create (trying again would be refused too)', async () => {
    serve({ status: 403, body: { status: 403, messages: ['You may not create this stencil.'] } });
    await createStory(await load());
    await screen.findByText('Asset could not be created');
    expect(readNewAssetDrafts()).toEqual([]);
  });
});
