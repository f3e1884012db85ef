import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fixtures.ts';
import type { RecordedRequest } from '../../test/fakeApi.ts';
import { buildListItem, buildListResponse, failure, never, openDashboard, requestsTo } from './dashboardTestKit.ts';

const widget = () => screen.findByRole('region', { name: 'Recents' });
const isFavorites = (request: RecordedRequest) => request.query.get('bookmarked') === 'true';
const isEdits = (request: RecordedRequest) => request.query.get('author') !== null;

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('Recents (spec 001 §2.2, §7, §8)', { timeout: 20_000 }, () => {
  it('shows Recently Edited first: the user as author, limit 10, each asset opening the editor', async () => {
    const edited = buildListItem({ id: 'a1', title: 'My latest story' });
    const { api } = await openDashboard({ answers: { 'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: isEdits(request) ? [edited] : [] }) }) } });
    const row = await within(await widget()).findByRole('article', { name: 'My latest story' });
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/assets/a1/localizations/en/edit');
    const request = api.requests.find(isEdits);
    expect(request?.query.get('author')).toBe('Emma Editor');
    expect(request?.query.get('limit')).toBe('10');
    expect(within(await widget()).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/my-content');
  });

  it('shows Recently Favorited (bookmarked, limit 10) with View All to Favorites', async () => {
    const favorite = buildListItem({ id: 'f1', title: 'A favorite', bookmarked: true });
    const { api, user } = await openDashboard({ answers: { 'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: isFavorites(request) ? [favorite] : [] }) }) } });
    await user.click(within(await widget()).getByRole('radio', { name: 'Recently Favorited' }));
    const row = await within(await widget()).findByRole('article', { name: 'A favorite' });
    expect(within(row).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.requests.find(isFavorites)?.query.get('limit')).toBe('10');
    expect(within(await widget()).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/favorites');
  });

  it('stars an edited asset with the bookmark call and finds it under Recently Favorited', async () => {
    let bookmarked = false;
    const item = () => buildListItem({ id: 'a1', title: 'My latest story', bookmarked });
    const { api, user } = await openDashboard({
      answers: {
        'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: isEdits(request) || bookmarked ? [item()] : [] }) }),
        'PUT /api/v1/assets/a1/localizations/en/bookmark': () => {
          bookmarked = true;
          return { status: 204 };
        },
      },
    });
    const row = await within(await widget()).findByRole('article', { name: 'My latest story' });
    await user.click(within(row).getByRole('button', { name: 'Favorite' }));
    expect(within(row).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(requestsTo(api.requests, 'PUT /api/v1/assets/a1/localizations/en/bookmark')).toHaveLength(1));
    await user.click(within(await widget()).getByRole('radio', { name: 'Recently Favorited' }));
    expect(await within(await widget()).findByRole('article', { name: 'My latest story' })).toBeVisible();
  });

  it("says 'You haven't created any assets yet' with Create Content for a creator", async () => {
    await openDashboard();
    expect(await within(await widget()).findByText("You haven't created any assets yet")).toBeVisible();
    expect(within(await widget()).getByRole('button', { name: 'Create Content' })).toBeVisible();
  });

  it('leaves Create Content out for someone who may not create', async () => {
    await openDashboard({ user: buildUser({ roles: ['translator'] }) });
    expect(await within(await widget()).findByText("You haven't created any assets yet")).toBeVisible();
    expect(within(await widget()).queryByRole('button', { name: 'Create Content' })).not.toBeInTheDocument();
  });

  it("says 'Start your collection' without favorites", async () => {
    const { user } = await openDashboard();
    await user.click(within(await widget()).getByRole('radio', { name: 'Recently Favorited' }));
    expect(await within(await widget()).findByText('Start your collection')).toBeVisible();
  });

  it('shows a loader while waiting', async () => {
    await openDashboard({ answers: { 'GET /api/v1/assets': never } });
    expect(await within(await widget()).findByLabelText('Loading recent assets')).toBeVisible();
  });

  it('shows the fetch error whose Try again asks again', async () => {
    let calls = 0;
    const { user } = await openDashboard({
      answers: { 'GET /api/v1/assets': () => (++calls === 1 ? failure() : { status: 200, body: buildListResponse({ items: [buildListItem({ title: 'Back again' })] }) }) },
    });
    expect(await within(await widget()).findByText('An error occurred while fetching the content')).toBeVisible();
    expect(within(await widget()).getByText('Please try again later.')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Try again' }));
    expect(await within(await widget()).findByRole('article', { name: 'Back again' })).toBeVisible();
  });
});
