import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserResponse } from '@editor/domain';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildArchiveItem, buildArchivePage } from '../../parts/media-archive/archiveItemFixture.ts';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

const ARCHIVE = '/api/v1/sparkle/assets';

/** A user who sees both channels (spec 000 §6: cartoons for taxonomy managers, media partnerships for that space). */
const archiveUser = (overrides: Parameters<typeof buildUser>[0] = {}) =>
  buildUser({ roles: ['content-editor', 'taxonomy-manager'], spaces: ['rbcom', 'global', 'media-partnerships'], ...overrides });

function serve(input: { user?: UserResponse; archive?: Handler; extra?: Record<string, Handler> } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: input.user ?? archiveUser() },
    [`GET ${ARCHIVE}`]: input.archive ?? { status: 200, body: buildArchivePage([buildArchiveItem()]) },
    ...input.extra,
  });
}

type Api = ReturnType<typeof serve>;

const archiveCalls = (api: Api) => api.requests.filter((request) => request.path === ARCHIVE);
const lastParams = (api: Api) => Object.fromEntries(archiveCalls(api).at(-1)?.query ?? []);

const card = (title: string) => screen.findByRole('article', { name: title });

describe('the media archive filters (spec 001 §2.7)', () => {
  it('restores type, channel and search text from the URL and sends them to the search', async () => {
    const api = serve();
    await renderApp({ path: '/media-archive?type=video&channel=cartoons&q=surf', signedInAs: 'editor' });
    await waitFor(() => expect(lastParams(api)).toEqual({ limit: '12', q: 'surf', contentType: 'video', channel: 'cartoons', sort: '-ingest_timestamp' }));
    expect(screen.getByRole('textbox', { name: 'Search media' })).toHaveValue('surf');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Video');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveValue('Cartoons');
  });

  it('offers only the channels the user may see, and does not search a hidden one from the URL', async () => {
    const api = serve({ user: buildUser({ roles: ['content-editor', 'taxonomy-manager'], spaces: ['rbcom', 'global'] }) });
    const { user } = await renderApp({ path: '/media-archive?channel=media-partnerships', signedInAs: 'editor' });
    await card('Cliff diving in Mostar');
    expect(lastParams(api)).toEqual({ limit: '12', sort: '-ingest_timestamp' });
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Cartoons']);
  });

  it('names Type and Channel by visible labels, which stay when a value is chosen', async () => {
    serve();
    await renderApp({ path: '/media-archive?type=video&channel=cartoons', signedInAs: 'editor' });
    await card('Cliff diving in Mostar');
    for (const [name, value] of [['Type', 'Video'], ['Channel', 'Cartoons']] as const) {
      const label = screen.getByText(name, { selector: 'label' });
      expect(label).toBeVisible();
      const select = screen.getByRole('combobox', { name });
      expect(label).toHaveAttribute('for', select.id);
      expect(select).toHaveValue(value);
      expect(select).not.toHaveAttribute('placeholder', name);
    }
  });

  it('leaves the Channel filter out for a user who may see no channel', async () => {
    serve({ user: buildUser() });
    await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await card('Cliff diving in Mostar');
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Channel' })).not.toBeInTheDocument();
  });

  it('mirrors a chosen type and channel into the URL and searches from the first page again', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await card('Cliff diving in Mostar');
    expect(lastParams(api)).toEqual({ limit: '12', sort: '-ingest_timestamp' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Audio', 'Image', 'Video']);
    await user.click(screen.getByRole('option', { name: 'Image' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=image'));
    await waitFor(() => expect(lastParams(api)).toEqual({ limit: '12', contentType: 'image', sort: '-ingest_timestamp' }));

    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Cartoons', 'Media partnerships']);
    await user.click(screen.getByRole('option', { name: 'Media partnerships' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=image&channel=media-partnerships'));
    await waitFor(() => expect(lastParams(api)).toEqual({ limit: '12', contentType: 'image', channel: 'media-partnerships', sort: '-ingest_timestamp' }));
    expect(archiveCalls(api).every((request) => !request.query.has('searchAfter'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear type' }));
    await waitFor(() => expect(router.state.location.search).toBe('?channel=media-partnerships'));
  });

  it('applies the search text after the input debounce', async () => {
    const api = serve();
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await card('Cliff diving in Mostar');
    await user.type(screen.getByRole('textbox', { name: 'Search media' }), 'big wave');
    // Typing sent nothing yet: the search waits for the pause.
    expect(archiveCalls(api)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=big+wave'));
    await waitFor(() => expect(lastParams(api)).toEqual({ limit: '12', q: 'big wave', sort: '-ingest_timestamp' }));
    expect(archiveCalls(api)).toHaveLength(2);
  });

  it('aborts the running search when a filter changes', async () => {
    let calls = 0;
    const api = serve({
      archive: () => {
        calls += 1;
        // The first answer never comes: only its abort ends it.
        return calls === 1 ? new Promise<FakeResponse>(() => undefined) : { status: 200, body: buildArchivePage([buildArchiveItem({ contentType: 'audio', attributes: { title: 'Podcast take' } })]) };
      },
    });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await waitFor(() => expect(archiveCalls(api)).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search media' }), 'take{Enter}');
    await waitFor(() => expect(archiveCalls(api)[0]?.signal?.aborted).toBe(true));
    expect(await card('Podcast take')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the media archive list', () => {
  it('loads the next page after the previous page’s pointer when the end comes into view', async () => {
    const first = Array.from({ length: 12 }, (_, index) => buildArchiveItem({ id: `MI-${index}`, attributes: { title: `Item ${index}` } }));
    const api = serve({
      archive: (request) =>
        request.query.get('searchAfter') === 'cursor-1'
          ? { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'MI-12', attributes: { title: 'Item 12' } })], 'cursor-2', 13) }
          : { status: 200, body: buildArchivePage(first, 'cursor-1', 13) },
    });
    await renderApp({ path: '/media-archive?type=image', signedInAs: 'editor' });
    await card('Item 11');
    scrollIntoViewForTest(screen.getByTestId('load-more'));
    expect(await card('Item 12')).toBeVisible();
    expect(Object.fromEntries(archiveCalls(api)[1]?.query ?? [])).toEqual({ limit: '12', contentType: 'image', sort: '-ingest_timestamp', searchAfter: 'cursor-1' });
    // A short page is the last, whatever pointer it carries.
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
    expect(archiveCalls(api)).toHaveLength(2);
  });

  it("says 'No results found.' when nothing matches", async () => {
    serve({ archive: { status: 200, body: buildArchivePage([]) } });
    await renderApp({ path: '/media-archive?q=nothing', signedInAs: 'editor' });
    expect(await screen.findByText('No results found.')).toBeVisible();
  });

  it('shows the generic error view when the search fails, and searches again on Ok', async () => {
    const api = serve({ archive: { status: 502, body: { status: 502, messages: ['The media archive did not answer.'] } } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    expect(await screen.findByText('Error: The media archive did not answer.')).toBeVisible();
    expect(screen.getByText('Code: 502')).toBeVisible();
    api.answer(`GET ${ARCHIVE}`, { status: 200, body: buildArchivePage([buildArchiveItem()]) });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await card('Cliff diving in Mostar')).toBeVisible();
  });
});

describe('a media archive card (spec 001 §2.7, §9)', () => {
  it('shows the title cut to 32 characters with the whole title as its tooltip, the description, date and media id', async () => {
    const title = 'Red Bull Cliff Diving World Series 2026 in Mostar';
    serve({ archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'MI-42', attributes: { title } })]) } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    const article = await card(title);
    const heading = within(article).getByRole('heading', { name: 'Red Bull Cliff Diving World Ser…' });
    expect(within(article).getByText('A diver jumps from the old bridge.')).toBeVisible();
    expect(within(article).getByText('05 Mar 2026')).toBeVisible();
    expect(within(article).getByText('MI-42')).toBeVisible();
    await user.hover(heading);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(title);
  });

  it('shows the geoblock icon with the countries as its tooltip only when blocked', async () => {
    serve({
      archive: {
        status: 200,
        body: buildArchivePage([
          buildArchiveItem({ id: 'B', attributes: { title: 'Blocked', blockedCountries: ['AT', 'DE', 'CH', 'IT', 'FR'] } }),
          buildArchiveItem({ id: 'F', attributes: { title: 'Free' } }),
        ]),
      },
    });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    expect(within(await card('Free')).queryByRole('img', { name: 'Geoblocked' })).not.toBeInTheDocument();
    await user.hover(within(await card('Blocked')).getByRole('img', { name: 'Geoblocked' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('AT, DE, CH and 2 other countries');
  });

  it('offers Go to only with an asset id, and opens that asset in its most relevant locale', async () => {
    const api = serve({
      archive: {
        status: 200,
        body: buildArchivePage([
          buildArchiveItem({ id: 'V1', contentType: 'video', attributes: { title: 'In an asset', assetId: 'asset-9' } }),
          buildArchiveItem({ id: 'V2', contentType: 'video', attributes: { title: 'In no asset', assetId: null } }),
        ]),
      },
      extra: { 'GET /api/v1/assets/asset-9/localization': { status: 200, body: { id: 'asset-9', localization: 'de' } } },
    });
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    expect(within(await card('In no asset')).queryByRole('button', { name: 'Go to' })).not.toBeInTheDocument();
    await user.click(within(await card('In an asset')).getByRole('button', { name: 'Go to' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/asset-9/localizations/de/edit'));
    expect(api.requests.find((request) => request.path === '/api/v1/assets/asset-9/localization')?.query.get('localization')).toBe('en');
  });

  it('stays on the archive with a warning when the asset cannot be opened', async () => {
    serve({
      archive: { status: 200, body: buildArchivePage([buildArchiveItem({ attributes: { assetId: 'gone' } })]) },
      extra: { 'GET /api/v1/assets/gone/localization': { status: 404, body: { status: 404, messages: ['Not found.'] } } },
    });
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Cliff diving in Mostar')).getByRole('button', { name: 'Go to' }));
    expect(await screen.findByText('The asset could not be opened')).toBeVisible();
    expect(router.state.location.pathname).toBe('/media-archive');
  });
});

describe('Create from an archive item (spec 001 §7)', () => {
  const CREATE = 'POST /api/v1/assets/-/localizations/en';

  it('creates a video prefilled from the item in the default space and locale, then opens it', async () => {
    const api = serve({
      user: archiveUser({ settings: { defaultSpace: 'global', preferredLocalization: 'en' } }),
      archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'VID-5', contentType: 'video', attributes: { channel: 'media-partnerships', assetId: null } })]) },
      extra: { [CREATE]: { status: 201, body: { id: 'new-1', localization: 'en' } } },
    });
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Cliff diving in Mostar')).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/new-1/localizations/en/edit'));
    const request = api.requests.find((entry) => entry.method === 'POST');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ space: 'global', 'container.stencil': 'video' });
    expect(request?.body).toEqual({
      content: {
        video: { value: { provider: 'media-partnerships-video', referenceId: 'VID-5', mediaType: 'video', width: 1920, height: 1080, duration: 95 } },
        title: { value: 'Cliff diving in Mostar' },
        description: { value: '<p>A diver jumps from the old bridge.</p>' },
        duration: { value: 95 },
      },
    });
  });

  it("warns 'Asset could not be created' when the call fails, and stays", async () => {
    serve({
      archive: { status: 200, body: buildArchivePage([buildArchiveItem({ contentType: 'audio' })]) },
      extra: { [CREATE]: { status: 500, body: { status: 500, messages: ['Broken.'] } } },
    });
    const { router, user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Cliff diving in Mostar')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Asset could not be created')).toBeVisible();
    expect(router.state.location.pathname).toBe('/media-archive');
  });

  it('warns as the create-content modal does when the user has no space to create in', async () => {
    const api = serve({ user: buildUser({ spaces: ['rbtv'] }), archive: { status: 200, body: buildArchivePage([buildArchiveItem({ contentType: 'video' })]) } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Cliff diving in Mostar')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please select a space')).toBeVisible();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('disables Create for an image without its very large image, saying why', async () => {
    const resources = [{ type: 'original', url: '/media/archive/IMG-3/original' }];
    const api = serve({ archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'IMG-3', attributes: { assetId: null, resources } })]) } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    const create = within(await card('Cliff diving in Mostar')).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent("Asset 'IMG-3' is missing the very large image.");
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('is not offered to a user who may not create content', async () => {
    serve({ user: buildUser({ roles: ['translator'] }) });
    await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    const article = await card('Cliff diving in Mostar');
    expect(within(article).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Preview' })).toBeVisible();
  });
});

describe('the preview modal (spec 001 §2.7)', () => {
  it('plays a video with the player account of its channel', async () => {
    serve({ archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'V1', contentType: 'video', attributes: { title: 'Surf session' } })]) } });
    const { user } = await renderApp({ path: '/media-archive?channel=cartoons', signedInAs: 'editor' });
    await user.click(within(await card('Surf session')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview - Surf session' });
    const video = dialog.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/archive/V1/original');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('data-player-account', 'cartoons');
  });

  it('shows an image', async () => {
    serve({ archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'I1', attributes: { title: 'Big wave' } })]) } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Big wave')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview - Big wave' });
    expect(within(dialog).getByRole('img', { name: 'Big wave' })).toHaveAttribute('src', '/media/archive/I1/image-very-large');
  });

  it('plays audio', async () => {
    serve({ archive: { status: 200, body: buildArchivePage([buildArchiveItem({ id: 'A1', contentType: 'audio', attributes: { title: 'Episode 4' } })]) } });
    const { user } = await renderApp({ path: '/media-archive', signedInAs: 'editor' });
    await user.click(within(await card('Episode 4')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview - Episode 4' });
    const audio = dialog.querySelector('audio');
    expect(audio).toHaveAttribute('src', '/media/archive/A1/original');
    expect(audio).toHaveAttribute('controls');
    expect(dialog.querySelector('video')).toBeNull();
  });
});
