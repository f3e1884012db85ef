import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stencilDefinitionSchema, type PublishCheckResponse, type UriSlugClaim } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../test/fakeApi.ts';
import { renderDetailsPanel } from '../../test/renderDetailsPanel.tsx';
import { PublishModal, type PublishModalProps } from './PublishModal.tsx';
import { URI_SLUG_TEXTS } from './useUriSlugLookup.ts';

const stencil = stencilDefinitionSchema.parse({
  name: 'story',
  label: 'Story',
  icon: 'article',
  group: 'Editorial',
  previewable: true,
  titleInput: 'title',
  contentAreas: [{ name: 'main', label: 'Main', inputs: ['title', 'uri-title'] }],
  inputs: [
    { name: 'title', type: 'text', view: { label: 'Title' } },
    { name: 'uri-title', type: 'text', constraints: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, view: { label: 'URI title' } },
  ],
});

const CHECK: PublishCheckResponse = {
  readyToPublish: true,
  alreadyScheduledRelations: [],
  unpublishScheduledRelations: [],
  embargoRestrictedRelations: [],
  errorItems: [],
  items: [{ id: 'a1', localization: 'en', stencil: 'story', title: 'Cliff diving in Mostar', status: 'draft', errorMessages: [] }],
};

const LOOKUP_PREFIX = '/api/crepo/urislug-registry/v2/uriSlugs/';
const lookupPath = (uriTitle: string) => `${LOOKUP_PREFIX}${encodeURIComponent(`rbcom:en-INT:${uriTitle}`)}`;
const FREE: UriSlugClaim = { conflictAssetId: null, localization: null, message: null, isClaimPending: false };
const TAKEN: UriSlugClaim = {
  conflictAssetId: 'b2',
  localization: 'en',
  message: 'This URI title is used by asset b2 (en). Free alternatives: cliff-diving-tmp-1 or cliff-diving-2026-03-14.',
  isClaimPending: false,
};

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

async function openPublish(lookups: Record<string, Handler>) {
  const version = buildAssetVersion({ meta: { status: 'draft', published: false, firstPublished: null, lastPublished: null } });
  const props: PublishModalProps = {
    opened: true,
    version,
    stencil,
    values: { title: 'Cliff diving in Mostar' },
    onClose: vi.fn<PublishModalProps['onClose']>(),
    onSaveFirst: vi.fn<PublishModalProps['onSaveFirst']>(async () => true),
    onPublished: vi.fn<PublishModalProps['onPublished']>(),
  };
  const view = await renderDetailsPanel(<PublishModal {...props} />, {
    api: {
      'GET /api/v1/assets/a1/localizations/en/publish-check': { status: 200, body: CHECK },
      ...Object.fromEntries(Object.entries(lookups).map(([uriTitle, handler]) => [`GET ${lookupPath(uriTitle)}`, handler])),
    },
  });
  const uriTitle = await screen.findByRole('textbox', { name: 'URI title' });
  return { ...view, uriTitle };
}

const lookupsOf = (requests: RecordedRequest[]) => requests.filter((request) => request.path.startsWith(LOOKUP_PREFIX));

describe('the URI slug lookup of the publish modal (spec 000 §7, §8)', { timeout: 20_000 }, () => {
  it('looks the typed title up once typing pauses and warns that it is taken, with the free alternatives', async () => {
    const { user, uriTitle, api } = await openPublish({ 'cliff-diving': { status: 200, body: TAKEN } });
    await user.type(uriTitle, 'cliff-diving');
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText(URI_SLUG_TEXTS.taken)).toBeVisible();
    expect(within(warning).getByText(TAKEN.message ?? '')).toBeVisible();
    // One call for the whole title (debounced), in the asset's space and locale, from this asset.
    const calls = lookupsOf(api.requests);
    expect(calls.map((call) => call.path)).toEqual([lookupPath('cliff-diving')]);
    expect(calls[0]?.query.get('assetId')).toBe('a1');
    // Publishing stays possible: the claim moves the title on publish.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('warns that a claim is pending', async () => {
    const pending: UriSlugClaim = { ...TAKEN, message: 'This URI title is used by asset b2 (en); it will be moved to this asset on publish.', isClaimPending: true };
    const { user, uriTitle } = await openPublish({ 'cliff-diving': { status: 200, body: pending } });
    await user.type(uriTitle, 'cliff-diving');
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText(URI_SLUG_TEXTS.pending)).toBeVisible();
    expect(within(warning).getByText(pending.message ?? '')).toBeVisible();
  });

  it('says nothing for a free title, a failed lookup, or a title that is not one', async () => {
    const { user, uriTitle, api } = await openPublish({ 'free-title': { status: 200, body: FREE }, 'broken-registry': { status: 500, body: { status: 500, messages: ['boom'] } } });
    await user.type(uriTitle, 'free-title');
    await waitFor(() => expect(lookupsOf(api.requests)).toHaveLength(1));
    await user.clear(uriTitle);
    await user.type(uriTitle, 'broken-registry');
    await waitFor(() => expect(lookupsOf(api.requests).map((call) => call.path)).toContain(lookupPath('broken-registry')));
    await user.clear(uriTitle);
    await user.type(uriTitle, 'Not A Slug');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lookupsOf(api.requests).map((call) => call.path)).toEqual([lookupPath('free-title'), lookupPath('broken-registry')]);
    expect(screen.queryByText(URI_SLUG_TEXTS.taken)).toBeNull();
    expect(screen.queryByText(URI_SLUG_TEXTS.pending)).toBeNull();
  });

  it('drops the warning as soon as the title changes again', async () => {
    const { user, uriTitle } = await openPublish({ 'cliff-diving': { status: 200, body: TAKEN }, 'cliff-diving-tmp-1': { status: 200, body: FREE } });
    await user.type(uriTitle, 'cliff-diving');
    await screen.findByText(URI_SLUG_TEXTS.taken);
    await user.type(uriTitle, '-tmp-1');
    expect(screen.queryByText(URI_SLUG_TEXTS.taken)).toBeNull();
  });
});
