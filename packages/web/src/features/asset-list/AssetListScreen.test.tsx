import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { renderApp } from '../../test/renderApp.tsx';

type ListHandler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/** A user without the auto space filter, so a list starts without filters. */
const plainUser = (overrides: Parameters<typeof buildUser>[0] = {}) => buildUser({ ...overrides, settings: { useAutoFilter: false, ...overrides.settings } });

function serve(input: { user?: UserResponse; list?: ListHandler } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: input.user ?? plainUser() },
    'GET /api/v1/assets': input.list ?? { status: 200, body: buildListResponse() },
  });
}

type Api = ReturnType<typeof serve>;

const listCalls = (api: Api) => api.requests.filter((request) => request.path === '/api/v1/assets');
const lastListParams = (api: Api) => Object.fromEntries(listCalls(api).at(-1)?.query ?? []);

async function expectListParams(api: Api, expected: Record<string, string>) {
  await waitFor(() => expect(lastListParams(api)).toEqual(expected));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the asset list filters in the URL (spec 000 §2, 001 §2.3)', () => {
  it('restores the filters from the URL and sends them to the list call', async () => {
    const api = serve();
    await renderApp({ path: '/all-content?q=cliff&stencil=story,video', signedInAs: 'editor' });
    await expectListParams(api, { q: 'cliff', stencil: 'story,video', limit: '12' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('cliff');
    expect(await screen.findByRole('button', { name: 'Remove filter Story' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove filter Video' })).toBeVisible();
  });

  it('mirrors a chosen facet value into the URL, comma-joined', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/all-content?stencil=story', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Asset type 1 selected' }));
    const options = await screen.findByRole('listbox', { name: 'Asset type' });
    expect(within(options).getByRole('option', { name: 'Story' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(options).getByRole('option', { name: 'Video' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stencil=story,video'));
    await expectListParams(api, { stencil: 'story,video', limit: '12' });
  });

  it('removes a filter with its chip', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/all-content?stencil=story&space=global', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Remove filter Story' }));
    await waitFor(() => expect(router.state.location.search).toBe('?space=global'));
    await expectListParams(api, { space: 'global', limit: '12' });
  });

  it('applies the search text after the input debounce and sorts by relevance meanwhile', async () => {
    const api = serve({
      list: (request) => ({ status: 200, body: buildListResponse({ sortBy: request.query.has('q') ? 'relevance' : 'lastEdited' }) }),
    });
    const { router, user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    expect(await screen.findByRole('button', { name: 'Sort: Last edited' })).toBeVisible();
    expect(screen.queryByText('sorted by relevance')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'cliff diving');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cliff%20diving'));
    await expectListParams(api, { q: 'cliff diving', limit: '12' });
    expect(await screen.findByText('sorted by relevance')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Sort:/ })).not.toBeInTheDocument();
  });

  it('offers the three sort orders and sends the chosen one', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Sort: Last edited' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Last edited', 'Last published', 'Last created']);
    expect(screen.getByRole('option', { name: 'Last edited' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Last published' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=lastPublished'));
    expect(await screen.findByRole('button', { name: 'Sort: Last published' })).toBeVisible();
    await expectListParams(api, { sortBy: 'lastPublished', limit: '12' });
  });

  it('sends the created date range only once both dates are set (spec 001 §5)', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Created date' }));
    await user.type(screen.getByLabelText('Created from'), '2026-01-05');
    await waitFor(() => expect(router.state.location.search).toBe('?createdDateFrom=2026-01-05'));
    expect(lastListParams(api)).toEqual({ limit: '12' });
    await user.type(screen.getByLabelText('Created to'), '2026-01-20');
    await expectListParams(api, { createdDateFrom: '2026-01-05', createdDateTo: '2026-01-20', limit: '12' });
  });

  it('aborts the superseded list call (spec 000 §7) and ignores it', async () => {
    let calls = 0;
    const api = serve({
      list: () => {
        calls += 1;
        // The first answer never comes: only its abort ends it.
        return calls === 1 ? new Promise<FakeResponse>(() => undefined) : { status: 200, body: buildListResponse() };
      },
    });
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await waitFor(() => expect(listCalls(api)).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'moto{Enter}');
    await waitFor(() => expect(listCalls(api)[0]?.signal?.aborted).toBe(true));
    expect(await screen.findByRole('article', { name: 'Cliff diving in Mostar' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('tab defaults (spec 001 §2.3)', () => {
  it("applies the user's default filter on All Content with an empty query, without writing it to the URL", async () => {
    const user = buildUser({ settings: { defaultFilter: 'f1' }, filters: [{ id: 'f1', filters: { stencil: 'video', publishstatus: 'published' } }] });
    const api = serve({ user });
    const { router } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await expectListParams(api, { stencil: 'video', publishstatus: 'published', limit: '12' });
    expect(router.state.location.search).toBe('');
  });

  it('ignores the default filter when the URL names filters', async () => {
    const user = buildUser({ settings: { defaultFilter: 'f1' }, filters: [{ id: 'f1', filters: { stencil: 'video' } }] });
    const api = serve({ user });
    await renderApp({ path: '/all-content?space=global', signedInAs: 'editor' });
    await expectListParams(api, { space: 'global', limit: '12' });
  });

  it('adds the default space with the auto space filter on All Content', async () => {
    const api = serve({ user: buildUser() });
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await expectListParams(api, { space: 'rbcom', limit: '12' });
  });

  it('keeps an empty filter choice empty instead of falling back to the defaults', async () => {
    const api = serve({ user: buildUser() });
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Remove filter rbcom' }));
    await expectListParams(api, { limit: '12' });
  });

  it('lists bookmarked assets on Favorites', async () => {
    const api = serve({ user: buildUser() });
    await renderApp({ path: '/favorites', signedInAs: 'editor' });
    await expectListParams(api, { bookmarked: 'true', limit: '12' });
  });

  it("lists the user's own assets on My Content, without an author filter to change", async () => {
    const api = serve({ user: buildUser() });
    await renderApp({ path: '/my-content?author=Someone', signedInAs: 'editor' });
    await expectListParams(api, { author: 'Emma Editor', limit: '12' });
    await screen.findByRole('article', { name: 'Cliff diving in Mostar' });
    expect(screen.queryByRole('button', { name: 'Created By' })).not.toBeInTheDocument();
  });

  it('limits Publication Overview to the current month in UTC and drops the dates on leaving it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-14T12:00:00Z'));
    const api = serve({ user: buildUser() });
    const { user } = await renderApp({ path: '/publication-overview', signedInAs: 'editor' });
    await expectListParams(api, { publishDateFrom: '2026-02-01', publishDateTo: '2026-02-28', limit: '12' });
    expect(await screen.findByText('Published 2026-02-01 – 2026-02-28')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await expectListParams(api, { bookmarked: 'true', limit: '12' });
  });
});

describe('the list itself (spec 001 §2.3)', () => {
  it.each([
    { total: 10_001, path: '/all-content', text: 'More than 10000 Assets' },
    { total: 40, path: '/all-content?stencil=story', text: 'Less than 100 Assets in' },
    { total: 250, path: '/all-content', text: '250 Assets' },
    { total: 10_001, path: '/all-content?q=bike', text: 'More than 10000 Assets in' },
  ])('reads "$text" for $total assets at $path', async ({ total, path, text }) => {
    serve({ list: { status: 200, body: buildListResponse({ total }) } });
    await renderApp({ path, signedInAs: 'editor' });
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  it("says 'No results found.' when nothing matches", async () => {
    serve({ list: { status: 200, body: buildListResponse({ items: [], total: 0 }) } });
    await renderApp({ path: '/all-content?q=nothing', signedInAs: 'editor' });
    expect(await screen.findByText('No results found.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('0 Assets in');
  });

  it('shows the error view when the call fails, e.g. on a malformed EAQL expression', async () => {
    const body = { status: 400, messages: ['q: expected a value after "=" at position 9'], code: 'bad-request' };
    serve({ list: { status: 400, body } });
    await renderApp({ path: '/all-content?q=stencil%3D', signedInAs: 'editor' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Code: 400')).toBeVisible();
    expect(within(alert).getByText('Error: q: expected a value after "=" at position 9')).toBeVisible();
  });

  it('keeps the filters of the last answer when a call fails, so the filter can be changed back', async () => {
    serve({
      list: (request) =>
        request.query.has('q') ? { status: 400, body: { status: 400, messages: ['Unexpected end of the query'] } } : { status: 200, body: buildListResponse() },
    });
    const { user } = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await screen.findByRole('article', { name: 'Cliff diving in Mostar' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'title ={Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Unexpected end of the query');
    expect(screen.getByRole('button', { name: 'Asset type' })).toBeVisible();
  });

  it('loads the next page by its link when the end of the list comes into view', async () => {
    const api = serve({
      list: (request) =>
        request.query.has('next')
          ? { status: 200, body: buildListResponse({ items: [buildListItem({ id: 'a3', title: 'Third story' })], total: 3, facets: [] }) }
          : {
              status: 200,
              body: buildListResponse({
                items: [buildListItem({ id: 'a1', title: 'First story' }), buildListItem({ id: 'a2', title: 'Second story' })],
                total: 3,
                next: '/api/v1/assets?limit=2&next=cursor-2',
              }),
            },
    });
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    await screen.findByRole('article', { name: 'Second story' });
    expect(listCalls(api)).toHaveLength(1);

    scrollIntoViewForTest(screen.getByTestId('load-more'));
    expect(await screen.findByRole('article', { name: 'Third story' })).toBeVisible();
    expect(Object.fromEntries(listCalls(api)[1]?.query ?? [])).toEqual({ limit: '2', next: 'cursor-2' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });
});

describe('saved filter presets (spec 001 §2.3, 000 §4)', () => {
  const saved = { id: 'f9', filters: { stencil: ['story'] }, _links: { self: { href: '/api/v1/user/filters/f9', methods: ['DELETE'] } } };

  it('suggests saving 1 to 9 filter values and saves them', async () => {
    const api = serve();
    api.answer('POST /api/v1/user/filters', { status: 201, body: saved });
    const { user } = await renderApp({ path: '/all-content?stencil=story&sortBy=lastCreated', signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST')).toBe(true));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ filters: { stencil: ['story'] } });
    const presets = await screen.findByRole('list', { name: 'Saved filters' });
    expect(within(presets).getByText('story')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save filter' })).not.toBeInTheDocument();
  });

  it.each([
    { path: '/all-content', why: 'without filters' },
    { path: '/all-content?space=a,b,c,d,e,f,g,h,i,j', why: 'with ten values' },
    { path: '/publication-overview?stencil=story', why: 'on Publication Overview' },
  ])('does not suggest saving $why', async ({ path }) => {
    serve();
    await renderApp({ path, signedInAs: 'editor' });
    await screen.findByRole('article', { name: 'Cliff diving in Mostar' });
    expect(screen.queryByRole('button', { name: 'Save filter' })).not.toBeInTheDocument();
  });

  it('suggests saving a created date range', async () => {
    serve();
    await renderApp({ path: '/all-content?createdDateFrom=2026-01-01&createdDateTo=2026-01-31', signedInAs: 'editor' });
    expect(await screen.findByRole('button', { name: 'Save filter' })).toBeVisible();
  });

  it('applies a preset by a click and deletes one with its x', async () => {
    let current = plainUser({ filters: [{ id: 'f1', filters: { stencil: 'video', space: 'global' } }] });
    const api = serve();
    api.answer('GET /api/v1/user', () => ({ status: 200, body: current }));
    api.answer('DELETE /api/v1/user/filters/f1', () => {
      current = { ...current, filters: [] };
      return { status: 204 };
    });
    const { router, user } = await renderApp({ path: '/all-content?q=old', signedInAs: 'editor' });
    const presets = await screen.findByRole('list', { name: 'Saved filters' });

    await user.click(within(presets).getByText('video, global'));
    await waitFor(() => expect(router.state.location.search).toBe('?stencil=video&space=global'));
    await expectListParams(api, { stencil: 'video', space: 'global', limit: '12' });

    await user.click(within(presets).getByRole('button', { name: 'Delete saved filter video, global' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Saved filters' })).not.toBeInTheDocument());
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === '/api/v1/user/filters/f1')).toBe(true);
  });
});
