import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetListItem } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

async function showCards(items: AssetListItem[], extra: Record<string, FakeResponse | (() => FakeResponse | Promise<FakeResponse>)> = {}) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ settings: { useAutoFilter: false } }) },
    'GET /api/v1/assets': { status: 200, body: buildListResponse({ items }) },
    // The menu's links out (spec 001 §7): none unless a test gives some.
    'GET /api/crepo/url-composer/v1/resources/a5/links': { status: 200, body: { data: { links: [] } } },
    ...extra,
  });
  const view = await renderApp({ path: '/all-content', signedInAs: 'editor' });
  const cards = await Promise.all(items.map((item) => screen.findByRole('article', { name: item.title })));
  return { ...view, api, card: cards[0] as HTMLElement };
}

const image = (overrides: Partial<NonNullable<AssetListItem['image']>> = {}): NonNullable<AssetListItem['image']> => ({
  provider: 'cloudinary',
  referenceId: 'img-1',
  ratios: { '16x9': { p1: { x: 0, y: 0 }, p2: { x: 1, y: 1 } } } as NonNullable<AssetListItem['image']>['ratios'],
  ...overrides,
});

describe('the standard asset card (spec 000 §2, 001 §2.3)', () => {
  it('shows the image, stencil, title, locale with its translations count, status and spaces', async () => {
    const item = buildListItem({
      title: 'Cliff diving in Mostar',
      spaces: ['rbcom', 'global', 'rbtv', 'wrc'],
      localizations: [
        { localization: 'en', status: 'published' },
        { localization: 'de', status: 'draft' },
        { localization: 'fr', status: 'published' },
      ],
    });
    const { card } = await showCards([item]);
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/images/a1.jpg?w=400');
    expect(within(card).getByText('Story')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'en+2 translations' })).toHaveTextContent('en+2');
    expect(within(card).getByText('Published')).toBeVisible();
    expect(within(card).getByText('rbcom')).toBeVisible();
    expect(within(card).getByText('+3')).toBeVisible();
    expect(within(card).getByText('12 Mar 2026')).toBeVisible();
  });

  it('truncates a long title to 75 characters, the last five dots, and keeps the whole title as its tooltip (spec 000 §9)', async () => {
    const title = 'Ice climbing the frozen waterfalls of Rjukan in the coldest week of the Norwegian winter';
    const { card } = await showCards([buildListItem({ title })]);
    const shown = within(card).getByText(`${title.slice(0, 70)}.....`);
    expect(shown).toHaveAttribute('title', title);
    expect(within(card).queryByText(title)).not.toBeInTheDocument();
  });

  it('shows a placeholder with the stencil icon when there is no image', async () => {
    const { card } = await showCards([buildListItem({ imageUrl: null, stencilIcon: 'video' })]);
    const placeholder = within(card).getByRole('img', { name: 'No image' });
    expect(placeholder.querySelector('[data-icon="video"]')).not.toBeNull();
  });

  it.each([
    { meta: { status: 'published' as const }, text: 'Published', color: 'green' },
    { meta: { status: 'draft' as const }, text: 'Draft', color: 'gray' },
    { meta: { status: 'draft' as const, aiTranslationNeedsConfirmation: true }, text: 'Draft', color: 'gray' },
    { meta: { status: 'unpublished' as const }, text: 'Unpublished', color: 'orange' },
  ])('shows the status badge $text in $color (spec 000 §4)', async ({ meta, text, color }) => {
    const { card } = await showCards([buildListItem({ meta })]);
    const badge = within(card).getByText(text).closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain(`--mantine-color-${color}-light`);
  });

  it('marks a published or unpublished asset that changed since it was last published (spec 000 §4)', async () => {
    const { card } = await showCards([
      buildListItem({ id: 'a1', title: 'Changed published', meta: { status: 'published', changedProperties: ['title'] } }),
      buildListItem({ id: 'a2', title: 'Changed draft', meta: { status: 'draft', changedProperties: ['title'] } }),
    ]);
    expect(within(card).getByRole('img', { name: 'Edited since it was last published' })).toBeVisible();
    const draft = screen.getByRole('article', { name: 'Changed draft' });
    expect(within(draft).queryByRole('img', { name: 'Edited since it was last published' })).not.toBeInTheDocument();
  });

  it('names an asset without a title Untitled, so its link still has a name', async () => {
    installFakeApi({
      'GET /api/v1/user': { status: 200, body: buildUser() },
      'GET /api/v1/assets': { status: 200, body: buildListResponse({ items: [buildListItem({ title: '' })] }) },
    });
    await renderApp({ path: '/all-content', signedInAs: 'editor' });
    const card = await screen.findByRole('article', { name: 'Untitled' });
    expect(within(card).getByRole('link', { name: 'Untitled' })).toHaveAttribute('href', '/assets/a1/localizations/en/edit');
  });

  it('opens the asset in the editor by a real link', async () => {
    const { card, user, router } = await showCards([buildListItem({ id: 'a7', localization: 'de' })]);
    const link = within(card).getByRole('link', { name: 'Cliff diving in Mostar' });
    expect(link).toHaveAttribute('href', '/assets/a7/localizations/de/edit');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a7/localizations/de/edit'));
  });
});

describe('card health and flags (spec 000 §4, §8)', () => {
  it('shows an error with the issue count when the content has validation errors', async () => {
    const { card, user } = await showCards([buildListItem({ meta: { errorCount: 3 }, stencilLabel: 'Story' })]);
    const health = within(card).getByRole('img', { name: 'This asset is facing an error. Please resolve to publish your Story.' });
    expect(health).toHaveTextContent('3 issues');
    await user.hover(health);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('This asset is facing an error. Please resolve to publish your Story.3 issues');
  });

  it('warns about an unpublished asset', async () => {
    const { card } = await showCards([buildListItem({ meta: { status: 'unpublished' } })]);
    expect(within(card).getByRole('img', { name: 'This asset is facing an issue. Please optimize.' })).toHaveTextContent('1 issue');
  });

  it('warns about an image geoblocked in the asset country and an uncropped image, with their icons', async () => {
    const { card } = await showCards([buildListItem({ localization: 'de', image: image({ blockedIn: ['DE', 'AT'], ratios: {} }) })]);
    expect(within(card).getByRole('img', { name: 'This asset is facing an issue. Please optimize.' })).toHaveTextContent('2 issues');
    expect(within(card).getByRole('img', { name: 'Geoblocked' })).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Uncropped' })).toBeVisible();
  });

  it('shows no health icon for a healthy asset', async () => {
    const { card } = await showCards([buildListItem({ localization: 'en', image: image({ blockedIn: ['DE'] }) })]);
    expect(within(card).queryByRole('img', { name: /facing/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: 'Geoblocked' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: 'Readonly' })).not.toBeInTheDocument();
  });

  it('shows Readonly when the asset cannot be edited', async () => {
    const { card, user } = await showCards([buildListItem({ selfMethods: ['GET'] })]);
    const icon = within(card).getByRole('img', { name: 'Readonly' });
    await user.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Readonly');
  });
});

describe('the star (spec 000 §4, §8)', () => {
  it('flips at once and stays once the bookmark is set', async () => {
    let answer: ((response: FakeResponse) => void) | undefined;
    const { card, user, api } = await showCards([buildListItem()], {
      'PUT /api/v1/assets/a1/localizations/en/bookmark': () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    const star = within(card).getByRole('button', { name: 'Favorite' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    answer?.({ status: 204 });
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes the bookmark with DELETE', async () => {
    const { card, user, api } = await showCards([buildListItem({ bookmarked: true })], {
      'DELETE /api/v1/assets/a1/localizations/en/bookmark': { status: 204 },
    });
    const star = within(card).getByRole('button', { name: 'Favorite' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('flips back and shows an error toast when the call fails', async () => {
    const { card, user } = await showCards([buildListItem()], {
      'PUT /api/v1/assets/a1/localizations/en/bookmark': { status: 403, body: { status: 403, messages: ["You're missing the user rights for this action"] } },
    });
    const star = within(card).getByRole('button', { name: 'Favorite' });
    await user.click(star);
    expect(await screen.findByText("You're missing the user rights for this action")).toBeVisible();
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the card menus (spec 000 §2)', () => {
  const item = buildListItem({
    id: 'a5',
    localizations: [
      { localization: 'en', status: 'published' },
      { localization: 'de', status: 'draft' },
    ],
  });

  it('offers Edit, Translations, Copy ID and, for a published asset, Unpublish; Edit opens the editor', async () => {
    const { card, user, router } = await showCards([item]);
    await user.click(within(card).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['Edit', 'Translations', 'Copy ID', 'Unpublish']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a5/localizations/en/edit'));
  });

  it('adds the url-composer links the asset has (spec 001 §7), each opening in a new tab', async () => {
    const links = [
      { rel: 'web', href: 'https://www.example.com/en/a5' },
      { rel: 'featuringApp', href: 'https://featuring.example.com/a5' },
    ];
    const { card, user, api } = await showCards([item], { 'GET /api/crepo/url-composer/v1/resources/a5/links': { status: 200, body: { data: { links } } } });
    await user.click(within(card).getByRole('button', { name: 'More' }));
    const website = await screen.findByRole('menuitem', { name: 'View on website' });
    expect(website).toHaveAttribute('href', 'https://www.example.com/en/a5');
    expect(website).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'Featuring app' })).toHaveAttribute('href', 'https://featuring.example.com/a5');
    expect(api.requests.find((request) => request.path.endsWith('/links'))?.query.get('localization')).toBe('en');
  });

  it("lists the asset's localizations under Translations, each opening that locale", async () => {
    const { card, user, router } = await showCards([item]);
    await user.click(within(card).getByRole('button', { name: 'More' }));
    // By keyboard: without layout, jsdom cannot keep a hover-opened submenu open while the pointer travels to it.
    (await screen.findByRole('menuitem', { name: 'Translations' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('menuitem', { name: /^en/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a5/localizations/de/edit'));
  });

  it('lists the localizations from the locale button too', async () => {
    const { card, user, router } = await showCards([item]);
    await user.click(within(card).getByRole('button', { name: 'en+1 translations' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['enPublished', 'deDraft']);
    await user.click(within(menu).getByRole('menuitem', { name: /^de/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a5/localizations/de/edit'));
  });

  it('copies the ID to the clipboard', async () => {
    const { card, user } = await showCards([item]);
    await user.click(within(card).getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy ID' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('a5'));
  });

  it('only logs a failed copy (spec 000 §8)', async () => {
    const { card, user } = await showCards([item]);
    const failure = new Error('Clipboard blocked');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(failure);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(within(card).getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy ID' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Copying the ID a5 to the clipboard failed.', failure));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
