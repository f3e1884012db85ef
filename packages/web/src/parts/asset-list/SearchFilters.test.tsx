import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Facet, UserResponse } from '@editor/domain';
import { buildListItem, buildListResponse, STENCIL_FACET } from '../../test/assetFixtures.ts';
import { installFakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { searchToRun } from './useDropdownSearch.ts';

const TAGGING_FACET: Facet = {
  name: 'tagging',
  label: 'Tagging',
  selectionBehavior: 'multi',
  buckets: [
    { name: 'tag-bike', label: 'Mountain bike', count: 20 },
    { name: 'tag-surf', label: 'Surfing', count: 7 },
  ],
};

function serve(user: UserResponse = buildUser({ settings: { useAutoFilter: false } })) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: user },
    'GET /api/v1/users': (request) => ({
      status: 200,
      body: { _embedded: { item: [{ id: 'editor', name: 'Emma Editor' }, { id: 'eve', name: 'Eve Example' }].filter((found) => found.name.toLowerCase().includes(request.query.get('q') ?? '')) } },
    }),
    'GET /api/v1/assets': (request) =>
      request.query.get('stencil') === 'discipline,content-category,lsc'
        ? { status: 200, body: buildListResponse({ items: [buildListItem({ id: 'tag-football', title: 'Football', stencil: 'discipline' })], facets: [] }) }
        : { status: 200, body: buildListResponse({ facets: [STENCIL_FACET, TAGGING_FACET] }) },
  });
}

const userSearches = (requests: RecordedRequest[]) => requests.filter((request) => request.path === '/api/v1/users').map((request) => request.query.get('q'));

describe('searching in filter dropdowns (spec 001 §5)', () => {
  it.each([
    { text: '', isForced: false, query: null },
    { text: '   ', isForced: false, query: null },
    { text: '', isForced: true, query: '' },
    { text: ' emma ', isForced: false, query: 'emma' },
  ])('runs $query for "$text" (forced: $isForced)', ({ text, isForced, query }) => {
    expect(searchToRun(text, isForced)).toBe(query);
  });

  it('searches users for Created By: once on opening, then for what is typed, never for an emptied box', async () => {
    const api = serve();
    const { user, router } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Created By' }));
    await waitFor(() => expect(userSearches(api.requests)).toEqual(['']));

    const search = screen.getByRole('textbox', { name: 'Search Created By' });
    await user.type(search, 'em');
    await waitFor(() => expect(userSearches(api.requests)).toEqual(['', 'em']));
    const options = await screen.findByRole('listbox', { name: 'Created By' });
    await waitFor(() => expect(within(options).getAllByRole('option').map((option) => option.textContent)).toEqual(['Emma Editor']));

    await user.clear(search);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(userSearches(api.requests)).toEqual(['', 'em']);

    await user.type(search, 'emma');
    await user.click(await within(options).findByRole('option', { name: 'Emma Editor' }));
    await waitFor(() => expect(router.state.location.search).toBe('?author=Emma%20Editor'));
    expect(await screen.findByRole('button', { name: 'Remove filter Emma Editor' })).toBeVisible();
  });

  it('offers Created By and Authorship only to users of the tenant group (spec 001 §6)', async () => {
    serve(buildUser({ spaces: ['wrc'], settings: { useAutoFilter: false } }));
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await screen.findByRole('article', { name: 'Cliff diving in Mostar' });
    expect(screen.queryByRole('button', { name: 'Created By' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Authorship' })).not.toBeInTheDocument();
  });

  it('lists the tagging buckets with counts, and searches the tagging stencils when typing', async () => {
    const api = serve();
    const { user, router } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Tagging' }));
    const options = await screen.findByRole('listbox', { name: 'Tagging' });
    expect(within(options).getAllByRole('option').map((option) => option.textContent)).toEqual(['Mountain bike20', 'Surfing7']);

    await user.type(screen.getByRole('textbox', { name: 'Search Tagging' }), 'foot');
    await waitFor(() =>
      expect(api.requests.some((request) => request.query.get('stencil') === 'discipline,content-category,lsc' && request.query.get('q') === 'foot')).toBe(true),
    );
    await user.click(await within(options).findByRole('option', { name: 'Football' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tagging=tag-football'));
    expect(await screen.findByRole('button', { name: 'Remove filter Football' })).toBeVisible();
  });
});
