import { screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { TICKAROO_CLIENT_ID, type InputDefinition, type MediaValue } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { AppConfigProvider } from '../../config/AppConfigProvider.tsx';
import { createEditorStore, type ContentValues } from '../../editor-state/editorStore.ts';
import { EditorStoreProvider } from '../../editor-state/EditorStoreContext.tsx';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildConfig } from '../../test/fixtures.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { TopLevelField } from '../field/Field.tsx';
import { preloadLazyWidgets } from '../registry.tsx';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

const SERVICE_EMBED: InputDefinition = {
  name: 'service-embed',
  type: 'service',
  constraints: { required: true, providers: ['youtube', 'instagram', 'tiktok', 'x', 'facebook', 'vimeo', 'vk', 'spotify', 'soundcloud', 'mixcloud', 'giphy', 'tickaroo', 'platform-extension', 'zoe', 'xalps'] },
  view: { label: 'Social or media embed' },
};
const RESULTS: InputDefinition = { name: 'results-and-standings', type: 'service', constraints: { required: true, providers: ['wrc-erc-results'] }, view: { label: 'Results and standings' } };
const ENGAGEMENT: InputDefinition = { name: 'cta-engagement', type: 'service', constraints: { required: true, providers: ['zoe'] }, view: { label: 'Engagement' } };
const SOCIALS: InputDefinition = { name: 'socials', type: 'service', multiple: true, constraints: { providers: ['youtube', 'x'] }, view: { label: 'Socials' } };

const YOUTUBE_ANSWER = {
  provider: 'youtube',
  referenceId: 'dQw4w9WgXcQ',
  mediaType: 'embed',
  title: 'YouTube embed',
  thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  embedHtml: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
};
const YOUTUBE_VALUE: MediaValue = { provider: 'youtube', referenceId: 'dQw4w9WgXcQ', mediaType: 'embed', embedHtml: YOUTUBE_ANSWER.embedHtml };

/** Answers the media lookup as the server does for a few known ids, 400 for anything else. */
const lookup: Handler = (request) => {
  const provider = request.query.get('provider');
  const referenceId = request.query.get('referenceId') ?? '';
  if (provider === 'youtube' && referenceId === 'dQw4w9WgXcQ') return { status: 200, body: YOUTUBE_ANSWER };
  if (provider === 'x' && referenceId === '1729876543210987654') return { status: 200, body: { provider, referenceId, mediaType: 'embed', title: 'X embed', embedHtml: '<iframe></iframe>' } };
  if (provider === 'wrc-erc-results' || provider === 'zoe' || provider === 'tickaroo') return { status: 200, body: { provider, referenceId, mediaType: 'embed', title: 'embed', embedHtml: '<iframe></iframe>' } };
  return { status: 400, body: { status: 400, code: 'bad-request', messages: ['Embed ID invalid'] } };
};

const ZOE = {
  id: '65a1f0c2e4b0a1b2c3d4e5f6',
  title: 'Wie gut kennst du Cliff Diving?',
  engagement: 'Cliff Diving World Series quiz',
  slug: 'cliff-diving-quiz',
  locale: { language: 'de', country: 'AT' },
  fullscreenReady: true,
};

function renderEmbed(input: InputDefinition, options: { values?: ContentValues; isReadonly?: boolean; features?: string[]; space?: string; handlers?: Record<string, Handler> } = {}) {
  const api = installFakeApi({ 'GET /api/v1/media': lookup, 'GET /api/v1/media/zoe/localizations': { status: 200, body: { localizations: [ZOE] } }, ...options.handlers });
  const store = createEditorStore({
    inputs: [input],
    original: { values: options.values ?? {}, metas: {}, aiReview: undefined, about: { id: 'asset-1', localization: 'de-AT', spaces: [options.space ?? 'rbcom'], externalReference: null } },
    showAllErrors: false,
    isReadonly: options.isReadonly ?? false,
  });
  const view = renderUi(
    <AppConfigProvider config={buildConfig({ features: options.features ?? [] })}>
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

const mediaRequests = (api: ReturnType<typeof installFakeApi>) => api.requests.filter((request) => request.path === '/api/v1/media');
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });

// Each journey types and picks through several selects; a shared, busy machine needs more than the default 5 s.
// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('the service embed (spec 002 §4, §5)', { timeout: 20_000 }, () => {
  it('confirms a pasted YouTube link after the lookup, shows it in a sandboxed frame, and clears back to empty', async () => {
    const { user, api, valueOf } = renderEmbed(SERVICE_EMBED);
    expect(confirmButton()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'YouTube' }));
    expect(confirmButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reference ID' }), '  https://youtu.be/dQw4w9WgXcQ  ');
    await user.click(confirmButton());

    await waitFor(() => expect(valueOf()).toEqual(YOUTUBE_VALUE));
    expect(mediaRequests(api)[0]?.query.get('referenceId')).toBe('dQw4w9WgXcQ');
    const frame = screen.getByTitle('YouTube embed');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByText('dQw4w9WgXcQ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(valueOf()).toBeUndefined();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
  });

  it("shows 'Embed ID invalid' when the lookup fails and keeps the field empty", async () => {
    const { user, valueOf } = renderEmbed(SERVICE_EMBED);
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'YouTube' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference ID' }), 'not-a-video');
    await user.click(confirmButton());
    expect(await screen.findByText('Embed ID invalid')).toBeInTheDocument();
    expect(valueOf()).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: 'Reference ID' }), 'x');
    expect(screen.queryByText('Embed ID invalid')).not.toBeInTheDocument();
  });

  it('filters the providers from 5 on, and leaves flagged providers out until their flag is on', async () => {
    const { user, unmount } = renderEmbed(SERVICE_EMBED);
    const box = screen.getByRole('combobox', { name: 'Provider' });
    expect(box).not.toHaveAttribute('readonly');
    await user.click(box);
    expect(await screen.findByRole('option', { name: 'Tickaroo' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Facebook' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Vimeo' })).not.toBeInTheDocument();
    await user.type(box, 'tik');
    expect(screen.getByRole('option', { name: 'TikTok' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'YouTube' })).not.toBeInTheDocument();
    unmount();

    const flagged = renderEmbed(SERVICE_EMBED, { features: ['facebook', 'vimeo'] });
    await flagged.user.click(screen.getByRole('combobox', { name: 'Provider' }));
    expect(await screen.findByRole('option', { name: 'Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Vimeo' })).toBeInTheDocument();
  });

  it('offers no filter below 5 providers', async () => {
    const { user } = renderEmbed(SOCIALS);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveAttribute('readonly');
  });

  it('preselects a single provider; the WRC space sets the competition and the id must be a number', async () => {
    const { user, api, valueOf } = renderEmbed(RESULTS, { space: 'wrc' });
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('WRC/ERC Standings and Results');
    expect(screen.getByRole('combobox', { name: 'Competition' })).toHaveValue('WRC');
    expect(screen.getByRole('combobox', { name: 'Competition' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'ID' }), '10a');
    expect(screen.getByRole('alert')).toHaveTextContent('ID must be a number');
    expect(confirmButton()).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'ID' }));
    await user.type(screen.getByRole('textbox', { name: 'ID' }), '1042');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(valueOf()).toMatchObject({ provider: 'wrc-erc-results', referenceId: 'competition=wrc&idSas=1042' }));
    expect(mediaRequests(api)).toHaveLength(1);
    expect(screen.getByTitle('WRC/ERC Standings and Results embed')).toHaveAttribute('src', 'https://www.wrc.com/embed/results/1042');
  });

  it("says 'The id is invalid' for a Tickaroo liveblog id that is not one, and composes the id with the fixed client id", async () => {
    const { user, valueOf } = renderEmbed(SERVICE_EMBED);
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Tickaroo' }));
    await user.type(screen.getByRole('textbox', { name: 'Liveblog ID' }), '12345');
    expect(screen.getByRole('alert')).toHaveTextContent('The id is invalid');
    await user.clear(screen.getByRole('textbox', { name: 'Liveblog ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Liveblog ID' }), '65a1f0c2e4b0a1b2c3d4e5f6');
    expect(confirmButton()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'RBCOM' }));
    await user.click(confirmButton());
    await waitFor(() => expect(valueOf()).toMatchObject({ provider: 'tickaroo', referenceId: `clientId=${TICKAROO_CLIENT_ID}&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=RBCOM` }));
  });

  it("says 'LCM ID invalid' for a Platform Extension id that is not one", async () => {
    const { user } = renderEmbed(SERVICE_EMBED);
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Platform Extension' }));
    await user.type(screen.getByRole('textbox', { name: 'LCM ID' }), 'lcm 1');
    expect(screen.getByRole('alert')).toHaveTextContent('LCM ID invalid');
    expect(confirmButton()).toBeDisabled();
  });

  it('starts XAlps with its defaults, so Confirm is on without the optional parts', async () => {
    const { user } = renderEmbed(SERVICE_EMBED);
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'XAlps' }));
    expect(screen.getByRole('combobox', { name: 'Race type' })).toHaveValue('race');
    expect(screen.getByRole('combobox', { name: 'Map view' })).toHaveValue('3D');
    expect(screen.getByRole('checkbox', { name: 'Show dashboard' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cycle through athletes' })).not.toBeChecked();
    expect(confirmButton()).toBeEnabled();
  });

  it('confirms ZOE once a localization of the asset locale is selected', async () => {
    const { user, api, valueOf } = renderEmbed(ENGAGEMENT);
    expect(confirmButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Search ZOE' }), 'cliff');
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/v1/media/zoe/localizations' && request.query.get('query') === 'cliff')).toBe(true));
    expect(api.requests.find((request) => request.path === '/api/v1/media/zoe/localizations')?.query.get('locale')).toBe('de-AT');
    await user.click(screen.getByRole('combobox', { name: 'Localization' }));
    await user.click(await screen.findByRole('option', { name: /Wie gut kennst du Cliff Diving/ }));
    expect(confirmButton()).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Search ZOE' }), ' diving');
    expect(confirmButton()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Localization' }));
    await user.click(await screen.findByRole('option', { name: /Wie gut kennst du Cliff Diving/ }));
    await user.click(confirmButton());
    await waitFor(() => expect(valueOf()).toMatchObject({ provider: 'zoe', referenceId: ZOE.id }));
  });

  it('gives an empty ZOE list when the localizations call fails', async () => {
    const { user } = renderEmbed(ENGAGEMENT, { handlers: { 'GET /api/v1/media/zoe/localizations': { status: 500, body: { status: 500, messages: ['down'] } } } });
    await user.click(screen.getByRole('combobox', { name: 'Localization' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Localization' })).toHaveAttribute('placeholder', 'No localizations found'));
  });

  it('opens the add form of a multi-value input on Add and closes it on Remove or after Confirm', async () => {
    const { user, valueOf } = renderEmbed(SOCIALS, { values: { socials: [YOUTUBE_VALUE] } });
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Confirm' }).closest('div.mantine-Card-root') as HTMLElement;
    await user.click(within(form).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'X' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference ID' }), 'https://x.com/redbull/status/1729876543210987654');
    await user.click(confirmButton());
    await waitFor(() => expect(valueOf()).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
    expect(screen.getByTitle('X embed')).toHaveAttribute('src', 'https://platform.twitter.com/embed/Tweet.html?id=1729876543210987654');

    const removes = screen.getAllByRole('button', { name: 'Remove' });
    await user.click(removes[0] as HTMLElement);
    expect(valueOf()).toEqual([expect.objectContaining({ provider: 'x' })]);
  });

  it('shows a read-only embed without the form, Clear or Add', () => {
    renderEmbed(SERVICE_EMBED, { values: { 'service-embed': YOUTUBE_VALUE }, isReadonly: true });
    expect(screen.getByTitle('YouTube embed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
  });

  it('never frames stored HTML: the frame comes from the provider and id alone', () => {
    renderEmbed(SERVICE_EMBED, { values: { 'service-embed': { ...YOUTUBE_VALUE, embedHtml: '<iframe src="https://evil.example/"></iframe>' } } });
    expect(screen.getByTitle('YouTube embed')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(document.querySelector('iframe[src^="https://evil.example"]')).toBeNull();
  });
});
