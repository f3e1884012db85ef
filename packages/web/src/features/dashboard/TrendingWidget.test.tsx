import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fixtures.ts';
import { buildListItem, buildListResponse, buildTrendingAsset, failure, never, openDashboard, requestsTo } from './dashboardTestKit.ts';

const TRENDING = 'POST /api/v1/panels/trending-content';
const trendingAnswer = (assets = [buildTrendingAsset()]) => ({ status: 200, body: { trendingAssets: assets } });
const widget = () => screen.findByRole('region', { name: 'Latest Media Content' });

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('Latest Media Content (spec 001 §2.2, §8, §9)', { timeout: 20_000 }, () => {
  it('shows a card per trending asset: image, stencil, title opening the editor, first discipline and other locales', async () => {
    await openDashboard({ answers: { [TRENDING]: trendingAnswer([buildTrendingAsset(), buildTrendingAsset({ id: 't2', title: 'Second' })]) } });
    const card = await screen.findByRole('article', { name: 'Red Bull Rampage recap' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/image/upload/t1');
    expect(card.querySelector('img')).toHaveAttribute('width', '460');
    expect(within(card).getByText('Video')).toBeVisible();
    expect(within(card).getByText('Mountain Bike')).toBeVisible();
    expect(within(card).getByText('+2')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Red Bull Rampage recap' })).toHaveAttribute('href', '/assets/t1/localizations/en/edit');
    expect(within(await widget()).getAllByRole('article')).toHaveLength(2);
  });

  it('asks for the default feed: the default types and en, with mediaContentFilter lastPublished', async () => {
    const { api } = await openDashboard({ answers: { [TRENDING]: trendingAnswer() } });
    await screen.findByRole('article', { name: 'Red Bull Rampage recap' });
    const [request] = requestsTo(api.requests, TRENDING);
    expect(request?.query.get('mediaContentFilter')).toBe('lastPublished');
    expect(request?.body).toEqual({ assetTypes: ['story', 'video', 'podcast-episode', 'podcast-show'], locales: ['en'], disciplines: [], eventSeries: [] });
  });

  it('adds film and show for a video-on-demand user', async () => {
    const user = buildUser({ spaces: ['rbcom', 'rbtv'] });
    const { api } = await openDashboard({ user, answers: { [TRENDING]: trendingAnswer() } });
    await screen.findByRole('article', { name: 'Red Bull Rampage recap' });
    expect(requestsTo(api.requests, TRENDING)[0]?.body).toMatchObject({ assetTypes: ['story', 'video', 'podcast-episode', 'podcast-show', 'film', 'show'] });
  });

  it('shows a loader while waiting', async () => {
    await openDashboard({ answers: { [TRENDING]: never } });
    expect(await screen.findByLabelText('Loading trending content')).toBeVisible();
  });

  it('says a failure in a toast and an error screen whose Ok asks again', async () => {
    let calls = 0;
    const { user } = await openDashboard({ answers: { [TRENDING]: () => (++calls === 1 ? failure() : trendingAnswer()) } });
    expect(await screen.findByText('Trending assets could not be fetched')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('article', { name: 'Red Bull Rampage recap' })).toBeVisible();
  });

  it("says 'No trending content found' and Reset Filter clears the feed's choices", async () => {
    const chosen = buildUser({ settings: { panels: { trendingContent: { assetTypes: ['film'], locales: ['de'], disciplines: [], eventSeries: [] } } } });
    const { api, user } = await openDashboard({ user: chosen });
    expect(await within(await widget()).findByText('No trending content found')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Reset Filter' }));
    await waitFor(() => expect(requestsTo(api.requests, 'PUT /api/v1/user/settings')).toHaveLength(1));
    expect(requestsTo(api.requests, 'PUT /api/v1/user/settings')[0]?.body).toMatchObject({ panels: { trendingContent: { assetTypes: [], locales: [], disciplines: [], eventSeries: [] } } });
  });

  it('keeps a feed chosen in Configure your Feed in the settings and asks for it', async () => {
    const disciplines = buildListResponse({ items: [buildListItem({ id: 'd9', title: 'Skateboarding', stencil: 'discipline' })] });
    const { api, user } = await openDashboard({
      answers: {
        [TRENDING]: trendingAnswer(),
        'GET /api/v1/assets': (request) => ({ status: 200, body: request.query.get('stencil') === 'discipline' ? disciplines : buildListResponse({ items: [] }) }),
      },
    });
    await user.click(await within(await widget()).findByRole('button', { name: 'Configure your Feed' }));
    const modal = await screen.findByRole('dialog', { name: 'Configure your Feed' });
    for (const tab of ['Asset Type', 'Locales', 'Disciplines', 'Event Series']) expect(within(modal).getByRole('tab', { name: tab })).toBeVisible();
    for (const type of ['Story', 'Podcast Episode', 'Podcast Show']) await user.click(within(modal).getByRole('checkbox', { name: type }));
    expect(within(modal).getByRole('checkbox', { name: 'Video' })).toBeChecked();
    await user.click(within(modal).getByRole('tab', { name: 'Locales' }));
    await user.click(within(modal).getByRole('checkbox', { name: 'de' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configure your Feed' })).not.toBeInTheDocument());
    expect(requestsTo(api.requests, 'PUT /api/v1/user/settings')[0]?.body).toMatchObject({ panels: { trendingContent: { assetTypes: ['video'], locales: ['en', 'de'] } } });
    await waitFor(() => expect(requestsTo(api.requests, TRENDING).at(-1)?.body).toMatchObject({ assetTypes: ['video'], locales: ['en', 'de'] }));
  });
});
