import { screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { RENDITIONS_MESSAGES, VIDEO_UPLOAD_BANNER, type InputDefinition, type MediaValue } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { AppConfigProvider } from '../../config/AppConfigProvider.tsx';
import { createEditorStore, type ContentValues } from '../../editor-state/editorStore.ts';
import { EditorStoreProvider } from '../../editor-state/EditorStoreContext.tsx';
import { buildArchiveItem, buildArchivePage } from '../../parts/media-archive/archiveItemFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildConfig } from '../../test/fixtures.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { TopLevelField } from '../field/Field.tsx';
import { preloadLazyWidgets } from '../registry.tsx';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

const VIDEO_INPUT: InputDefinition = { name: 'video', type: 'service', constraints: { required: true, providers: ['rbmn-video', 'media-partnerships-video'] }, view: { label: 'Video' } };
const AUDIO_INPUT: InputDefinition = { name: 'audio', type: 'service', constraints: { providers: ['rbmn-audio'] }, view: { label: 'Audio' } };

const VIDEO_VALUE: MediaValue = { provider: 'rbmn-video', referenceId: 'MI-0001', mediaType: 'video', duration: 95 };

const videoLookup = (overrides: Record<string, unknown> = {}) => ({
  provider: 'rbmn-video',
  referenceId: 'MI-0001',
  contentType: 'video',
  mediaType: 'video',
  title: 'Cliff diving in Mostar',
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
  ...overrides,
});

const renditions = (available: boolean) => ({
  renditionsAvailable: available,
  renditions: available ? [{ type: 'rendition', url: '/media/archive/MI-0001/rendition', contentType: 'video/mp4' }] : [],
});

function renderMediaField(input: InputDefinition, options: { values?: ContentValues; isReadonly?: boolean; handlers?: Record<string, Handler> } = {}) {
  const api = installFakeApi({
    'GET /api/v1/media': { status: 200, body: videoLookup() },
    'GET /api/v1/media/renditions/MI-0001': { status: 200, body: renditions(true) },
    ...options.handlers,
  });
  const store = createEditorStore({
    inputs: [input],
    original: { values: options.values ?? {}, metas: {}, aiReview: undefined, about: { id: 'asset-1', localization: 'en', spaces: ['rbcom'], externalReference: null } },
    showAllErrors: false,
    isReadonly: options.isReadonly ?? false,
  });
  const view = renderUi(
    <AppConfigProvider config={buildConfig()}>
      <ApiClientProvider getCredentials={credentials}>
        <QueryClientProvider client={createQueryClient({ retry: false })}>
          <EditorStoreProvider store={store}>
            <TopLevelField input={input} />
          </EditorStoreProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </AppConfigProvider>,
  );
  return { ...view, api, valueOf: () => store.getState().values[input.name] };
}

// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('the video and audio inputs (spec 002 §4, §6)', () => {
  it('adds a video from the archive filtered to videos, with the provider the input takes and where it is blocked', async () => {
    const partnership = buildArchiveItem({ id: 'MI-0002', contentType: 'video', attributes: { title: 'Rally in Kenya', channel: 'media-partnerships', blockedCountries: ['DE', 'AT'] } });
    const input: InputDefinition = { ...VIDEO_INPUT, constraints: { providers: ['rbmn-video'] } };
    const { user, api, valueOf } = renderMediaField(input, {
      handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([partnership]) } },
    });
    expect(screen.getByText(VIDEO_UPLOAD_BANNER)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add media' });
    const card = await within(dialog).findByRole('article', { name: 'Rally in Kenya' });
    const search = api.requests.find((request) => request.path === '/api/v1/sparkle/assets');
    expect(search?.query.get('contentType')).toBe('video');
    expect(within(card).queryByRole('button', { name: 'Go to' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Choose' }));
    expect(valueOf()).toEqual({ provider: 'rbmn-video', referenceId: 'MI-0002', mediaType: 'video', width: 1920, height: 1080, duration: 95, blockedIn: ['DE', 'AT'] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add media' })).not.toBeInTheDocument());
  });

  it('keeps the partnership provider when the input takes it, and searches with the search box', async () => {
    const partnership = buildArchiveItem({ id: 'MI-0002', contentType: 'video', attributes: { title: 'Rally in Kenya', channel: 'media-partnerships' } });
    const { user, api, valueOf } = renderMediaField(VIDEO_INPUT, {
      handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([partnership]) } },
    });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add media' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Search media' }), 'rally{Enter}');
    await waitFor(() => expect(api.requests.at(-1)?.query.get('q')).toBe('rally'));
    await user.click(within(await within(dialog).findByRole('article', { name: 'Rally in Kenya' })).getByRole('button', { name: 'Choose' }));
    expect(valueOf()).toMatchObject({ provider: 'media-partnerships-video', referenceId: 'MI-0002' });
  });

  it('adds audio to an RBMN Audio input, searching audio, without the video banner', async () => {
    const episode = buildArchiveItem({ id: 'MI-0003', contentType: 'audio', attributes: { title: 'Episode one' } });
    const { user, api, valueOf } = renderMediaField(AUDIO_INPUT, {
      handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([episode]) } },
    });
    expect(screen.queryByText(VIDEO_UPLOAD_BANNER)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(within(await screen.findByRole('article', { name: 'Episode one' })).getByRole('button', { name: 'Choose' }));
    expect(api.requests.find((request) => request.path === '/api/v1/sparkle/assets')?.query.get('contentType')).toBe('audio');
    expect(valueOf()).toEqual({ provider: 'rbmn-audio', referenceId: 'MI-0003', mediaType: 'audio', duration: 95 });
  });

  it('previews a video with its title, duration, provider and a player of its rendition, and removes it', async () => {
    const { user, valueOf } = renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE } });
    expect(await screen.findByText('Cliff diving in Mostar')).toBeVisible();
    expect(screen.getByText('1:35')).toBeVisible();
    expect(screen.getByText('RBMN Video')).toBeVisible();
    const player = screen.getByLabelText('Video player');
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/archive/MI-0001/rendition'));
    expect(player).toHaveAttribute('poster', '/media/archive/MI-0001/poster');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(valueOf()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Add' })).toBeVisible();
  });

  it('opens Add media from Change', async () => {
    const { user } = renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE }, handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([]) } } });
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('dialog', { name: 'Add media' })).toBeVisible();
  });

  it('plays an audio value from its original beside an audio icon', async () => {
    const lookup = { provider: 'rbmn-audio', referenceId: 'MI-0003', contentType: 'audio', mediaType: 'audio', title: 'Episode one', duration: 61, blockedIn: [], resources: [{ type: 'original', url: '/media/archive/MI-0003/original' }] };
    renderMediaField(AUDIO_INPUT, { values: { audio: { provider: 'rbmn-audio', referenceId: 'MI-0003', mediaType: 'audio' } }, handlers: { 'GET /api/v1/media': { status: 200, body: lookup } } });
    expect(await screen.findByText('Episode one')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Audio' })).toBeVisible();
    expect(screen.getByLabelText('Audio player')).toHaveAttribute('src', '/media/archive/MI-0003/original');
    expect(screen.queryByText(RENDITIONS_MESSAGES.available)).not.toBeInTheDocument();
  });
});

describe('Create preview (spec 002 §6)', () => {
  it('opens the Preview Clip modal for an RBMN Video', async () => {
    const { user } = renderMediaField(VIDEO_INPUT, {
      values: { video: VIDEO_VALUE },
      handlers: { 'GET /api/v1/media/preview-clip-markers/assets/MI-0001/markers': { status: 200, body: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create preview' }));
    expect(await screen.findByRole('dialog', { name: 'Preview Clip' })).toBeVisible();
  });

  it('is not offered for other providers', async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: { ...VIDEO_VALUE, provider: 'media-partnerships-video' } } });
    expect(await screen.findByText('Cliff diving in Mostar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create preview' })).not.toBeInTheDocument();
  });

  it('is not offered when read-only', async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE }, isReadonly: true });
    expect(await screen.findByText('Cliff diving in Mostar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create preview' })).not.toBeInTheDocument();
  });
});

describe('the renditions callout (spec 002 §8)', () => {
  it("says 'Renditions are available.' when there are", async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE } });
    expect(await screen.findByText(RENDITIONS_MESSAGES.available)).toBeVisible();
    expect(screen.queryByText(RENDITIONS_MESSAGES.missing)).not.toBeInTheDocument();
  });

  it('warns when there are none, and plays the original', async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE }, handlers: { 'GET /api/v1/media/renditions/MI-0001': { status: 200, body: renditions(false) } } });
    expect(await screen.findByText(RENDITIONS_MESSAGES.missing)).toBeVisible();
    expect(screen.getByLabelText('Video player')).toHaveAttribute('src', '/media/archive/MI-0001/original');
  });

  it.each(['cartoon-video', 'rally-tv', 'servustv'])('shows no warning for provider %s', async (provider) => {
    const { api } = renderMediaField(VIDEO_INPUT, {
      values: { video: { ...VIDEO_VALUE, provider } },
      handlers: { 'GET /api/v1/media/renditions/MI-0001': { status: 200, body: renditions(false) } },
    });
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/v1/media/renditions/MI-0001')).toBe(true));
    await screen.findByLabelText('Video player');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(RENDITIONS_MESSAGES.missing)).not.toBeInTheDocument();
  });
});

describe('the geoblocked country list (spec 002 §4)', () => {
  it('shortens a long list and toggles it with Show all and Hide all', async () => {
    const blockedIn = ['DE', 'AT', 'CH', 'FR', 'IT'];
    const { user } = renderMediaField(VIDEO_INPUT, { values: { video: { ...VIDEO_VALUE, blockedIn } } });
    const list = await screen.findByRole('group', { name: 'Geoblocked countries' });
    expect(list).toHaveTextContent('Blocked in DE, AT, CH and 2 other countries');
    await user.click(within(list).getByRole('button', { name: 'Show all' }));
    expect(list).toHaveTextContent('Blocked in DE, AT, CH, FR, IT');
    await user.click(within(list).getByRole('button', { name: 'Hide all' }));
    expect(list).toHaveTextContent('Blocked in DE, AT, CH and 2 other countries');
  });

  it('lists a short list whole, without a toggle', async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: { ...VIDEO_VALUE, blockedIn: ['DE', 'AT'] } } });
    const list = await screen.findByRole('group', { name: 'Geoblocked countries' });
    expect(list).toHaveTextContent('Blocked in DE, AT');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a read-only media input (spec 002 §5)', () => {
  it('shows the preview without Add, Change or Remove', async () => {
    renderMediaField(VIDEO_INPUT, { values: { video: VIDEO_VALUE }, isReadonly: true });
    expect(await screen.findByText('Cliff diving in Mostar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('offers no Add when empty', () => {
    renderMediaField(VIDEO_INPUT, { isReadonly: true });
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});

describe('the widget of a service input (registry)', () => {
  it.each([
    ['video providers', VIDEO_INPUT, true],
    ['RBMN Audio', AUDIO_INPUT, true],
    ['RBMN Audio among embed providers', { ...AUDIO_INPUT, constraints: { providers: ['rbmn-audio', 'soundcloud'] } }, false],
    ['embed providers only', { ...VIDEO_INPUT, constraints: { providers: ['youtube', 'vimeo'] } }, false],
    ['no providers', { ...VIDEO_INPUT, constraints: {} }, false],
  ] satisfies [string, InputDefinition, boolean][])('%s: media widget %s', (_name, input, isMediaWidget) => {
    renderMediaField(input);
    expect(screen.queryByRole('button', { name: 'Add' }) !== null).toBe(isMediaWidget);
  });
});
