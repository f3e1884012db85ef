import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssetListItem, AssetVersion, MediaValue } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const field = (name: string, type: string, value: unknown, multiple = false) => ({ name, type, value, constraints: {}, multiple, view: { label: name } });
type Content = AssetVersion['content'];

const PHOTO: MediaValue = {
  provider: 'cloudinary',
  referenceId: 'img-cliff',
  width: 4000,
  height: 2250,
  ratios: { '16x9': { p1: { x: 100, y: 50 }, p2: { x: 3300, y: 1850 } } } as MediaValue['ratios'],
};
const VIDEO: MediaValue = { provider: 'rbmn-video', referenceId: 'MI-0001', mediaType: 'video', duration: 95 };

/** The list answers the items; each version link answers a version with `content`; the rest as `extra` says. */
async function showList(entries: Array<{ item: AssetListItem; content: Content }>, extra: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)> = {}) {
  const versions = Object.fromEntries(
    entries.map(({ item, content }) => [`GET ${item._links.self.href}`, { status: 200, body: buildAssetVersion({ id: item.id, stencil: item.stencil, content }) }]),
  );
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ settings: { useAutoFilter: false } }) },
    ...versions,
    ...extra,
    'GET /api/v1/assets': extra['GET /api/v1/assets'] ?? { status: 200, body: buildListResponse({ items: entries.map((entry) => entry.item) }) },
  });
  const view = await renderApp({ path: '/all-content', signedInAs: 'editor' });
  const cards = await Promise.all(entries.map(({ item }) => screen.findByRole('article', { name: item.title })));
  return { ...view, api, cards };
}

describe('media preview panels in the lists (spec 001 §2.3)', () => {
  it('offers no preview on a card without media to show', async () => {
    const { cards } = await showList([{ item: buildListItem({ title: 'Just words' }), content: {} }]);
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: /^Preview/ })).not.toBeInTheDocument();
  });

  it("shows an image asset's image large, with its size and credits, opened from the keyboard", async () => {
    const item = buildListItem({ id: 'img1', stencil: 'image', title: 'Cliff at dawn', image: PHOTO, mediaPreview: { kind: 'image', input: 'image' } });
    const { user, cards, api } = await showList([{ item, content: { image: field('image', 'image', PHOTO), credits: field('credits', 'text', 'Photo: Dean Treml') } }]);
    expect(api.requests.some((request) => request.path === item._links.self.href)).toBe(false);

    const button = within(cards[0] as HTMLElement).getByRole('button', { name: 'Preview image' });
    button.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Preview image - Cliff at dawn' });
    const picture = await within(panel).findByRole('img', { name: 'Cliff at dawn' });
    expect(picture.getAttribute('src')).toMatch(/^\/media\/image\/upload\/w_1500,.*img-cliff/);
    expect(within(panel).getByText('4000 × 2250 px')).toBeVisible();
    expect(within(panel).getByText('Credits: Photo: Dean Treml')).toBeVisible();
    expect(within(panel).queryByText(/^Crop /)).not.toBeInTheDocument();
  });

  it("plays a video asset's video in the browser's player, from its rendition", async () => {
    const item = buildListItem({ id: 'vid1', stencil: 'video', title: 'Cliff diving final', mediaPreview: { kind: 'video', input: 'video' } });
    const lookup = {
      provider: 'rbmn-video',
      referenceId: 'MI-0001',
      contentType: 'video',
      mediaType: 'video',
      title: 'Cliff diving final (master)',
      duration: 95,
      width: 1920,
      height: 1080,
      codec: 'avc1',
      blockedIn: [],
      renditionsAvailable: true,
      resources: [
        { type: 'original', url: '/media/archive/MI-0001/original' },
        { type: 'poster', url: '/media/archive/MI-0001/poster' },
      ],
    };
    const { user, cards, api } = await showList([{ item, content: { video: field('video', 'service', VIDEO) } }], {
      'GET /api/v1/media': { status: 200, body: lookup },
      'GET /api/v1/media/renditions/MI-0001': { status: 200, body: { renditionsAvailable: true, renditions: [{ type: 'rendition', url: '/media/archive/MI-0001/rendition', contentType: 'video/mp4' }] } },
    });
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Preview video' }));
    const panel = await screen.findByRole('dialog', { name: 'Preview video - Cliff diving final' });
    const player = within(panel).getByLabelText('Cliff diving final player');
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/archive/MI-0001/rendition'));
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('poster', '/media/archive/MI-0001/poster');
    expect(within(panel).getByText('1:35')).toBeVisible();
    expect(api.requests.find((request) => request.path === '/api/v1/media')?.query.get('referenceId')).toBe('MI-0001');
  });

  it("shows an image gallery's images in a grid, each looked up in one list call", async () => {
    const gallery = buildListItem({ id: 'gal1', stencil: 'image-gallery', title: 'Best of Mostar', mediaPreview: { kind: 'image-gallery', input: 'images' } });
    const images = [
      buildListItem({ id: 'i1', stencil: 'image', title: 'Jump', image: { ...PHOTO, referenceId: 'img-jump' } }),
      buildListItem({ id: 'i2', stencil: 'image', title: 'Splash', image: { ...PHOTO, referenceId: 'img-splash' } }),
    ];
    const references = [
      { id: 'i2', stencil: 'image' },
      { id: 'i1', stencil: 'image' },
    ];
    const { user, cards, api } = await showList([{ item: gallery, content: { images: field('images', 'asset', references, true) } }], {
      'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: request.query.get('q')?.startsWith('id in') ? images : [gallery] }) }),
    });
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Preview gallery' }));
    const panel = await screen.findByRole('dialog', { name: 'Preview gallery - Best of Mostar' });
    const grid = await within(panel).findByRole('list', { name: 'Gallery images' });
    const shown = within(grid).getAllByRole('img');
    // In the gallery's order.
    expect(shown.map((image) => image.getAttribute('alt'))).toEqual(['Splash', 'Jump']);
    expect(shown[0]?.getAttribute('src')).toMatch(/img-splash/);
    const lookup = api.requests.find((request) => request.query.get('q')?.startsWith('id in'));
    expect(lookup?.query.get('q')).toBe('id in ("i1", "i2")');
  });

  it('shows a hero image through its crop, named', async () => {
    const item = buildListItem({ id: 's1', title: 'Rjukan story', image: PHOTO, mediaPreview: { kind: 'hero-image', input: 'hero-image' } });
    const { user, cards } = await showList([{ item, content: { 'hero-image': field('hero-image', 'image', PHOTO) } }]);
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Preview hero image' }));
    const panel = await screen.findByRole('dialog', { name: 'Preview hero image - Rjukan story' });
    const picture = await within(panel).findByRole('img', { name: 'Rjukan story' });
    expect(picture.getAttribute('src')).toMatch(/c_crop,x_100,y_50,w_3200,h_1800/);
    expect(within(panel).getByText('Crop 16x9')).toBeVisible();
    expect(within(panel).getByText('4000 × 2250 px')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the hero image is no longer there', async () => {
    const item = buildListItem({ id: 's2', title: 'Story without hero', image: PHOTO, mediaPreview: { kind: 'hero-image', input: 'hero-image' } });
    const { user, cards } = await showList([{ item, content: { 'hero-image': field('hero-image', 'image', null) } }]);
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Preview hero image' }));
    expect(await screen.findByText('This asset has no hero image.')).toBeVisible();
  });
});
