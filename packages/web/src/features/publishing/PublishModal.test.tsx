import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stencilDefinitionSchema, type AssetVersion, type PublishCheckItem, type PublishCheckResponse, type StencilDefinition } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../test/fakeApi.ts';
import { renderDetailsPanel } from '../../test/renderDetailsPanel.tsx';
import { PublishModal, type PublishModalProps } from './PublishModal.tsx';
import { PAST_END_DATE_OFFSET_MS } from './publishDates.ts';

const CHECK = 'GET /api/v1/assets/a1/localizations/en/publish-check';
const PUBLISH = 'POST /api/v1/assets/a1/localizations/en/publish';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/** An answer the test gives later, to see what shows while a call runs. */
function deferred<T>() {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve: (value: T) => resolve?.(value) };
}

function buildStencil(name = 'story', extraInputs: object[] = []): StencilDefinition {
  const inputs = [
    { name: 'title', type: 'text', view: { label: 'Title' } },
    { name: 'uri-title', type: 'text', constraints: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, view: { label: 'URI title' } },
    { name: 'standalone', type: 'checkbox', view: { label: 'Standalone', style: 'switch' }, default: true },
    ...extraInputs,
  ];
  return stencilDefinitionSchema.parse({
    name,
    label: 'Story',
    icon: 'article',
    group: 'Editorial',
    previewable: true,
    titleInput: 'title',
    contentAreas: [{ name: 'main', label: 'Main', inputs: inputs.map((input) => (input as { name: string }).name) }],
    inputs,
  });
}

const checkItem = (overrides: Partial<PublishCheckItem> = {}): PublishCheckItem => ({
  id: 'a1',
  localization: 'en',
  stencil: 'story',
  title: 'Cliff diving in Mostar',
  status: 'draft',
  errorMessages: [],
  ...overrides,
});

function buildCheck(overrides: Partial<PublishCheckResponse> = {}): PublishCheckResponse {
  return {
    readyToPublish: true,
    alreadyScheduledRelations: [],
    unpublishScheduledRelations: [],
    embargoRestrictedRelations: [],
    errorItems: [],
    items: [checkItem()],
    ...overrides,
  };
}

/** A version never published, in draft. */
const draftVersion = (overrides: Parameters<typeof buildAssetVersion>[0] = {}) =>
  buildAssetVersion({ ...overrides, meta: { status: 'draft', published: false, firstPublished: null, lastPublished: null, ...overrides.meta } });

async function renderPublish(options: { version?: AssetVersion; stencil?: StencilDefinition; values?: Record<string, unknown>; api?: Record<string, Handler>; props?: Partial<PublishModalProps> } = {}) {
  const version = options.version ?? draftVersion();
  const props: PublishModalProps = {
    opened: true,
    version,
    stencil: options.stencil ?? buildStencil(),
    values: options.values ?? { title: 'Cliff diving in Mostar' },
    onClose: vi.fn<PublishModalProps['onClose']>(),
    onSaveFirst: vi.fn<PublishModalProps['onSaveFirst']>(async () => true),
    onPublished: vi.fn<PublishModalProps['onPublished']>(),
    ...options.props,
  };
  const view = await renderDetailsPanel(<PublishModal {...props} />, {
    api: { [CHECK]: { status: 200, body: buildCheck() }, [PUBLISH]: { status: 200, body: buildAssetVersion({ id: version.id }) }, ...options.api },
  });
  return { ...view, props };
}

const dialog = () => screen.findByRole('dialog');
const publishButton = () => screen.getByRole('button', { name: /^Publish(ing\.\.\.)?$/ });
const formShown = () => screen.findByRole('button', { name: 'Unpublish date' });
const publishBodies = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST' && request.path.endsWith('/publish')).map((request) => request.body);

describe('the publish modal: check and header (spec 002 §4)', () => {
  it('runs the check on open with a spinner, then shows the form under the header Publish', async () => {
    const pending = deferred<FakeResponse>();
    const { api } = await renderPublish({ api: { [CHECK]: () => pending.promise } });
    expect(await screen.findByRole('status', { name: 'Checking the asset' })).toBeVisible();
    expect(publishButton()).toBeDisabled();
    pending.resolve({ status: 200, body: buildCheck() });
    await formShown();
    expect(screen.queryByRole('status', { name: 'Checking the asset' })).not.toBeInTheDocument();
    expect(within(await dialog()).getByRole('heading', { name: 'Publish' })).toBeVisible();
    expect(publishButton()).toBeEnabled();
    expect(api.requests.filter((request) => request.path.endsWith('/publish-check'))).toHaveLength(1);
  });

  it('counts every version the publish takes along, the asset included', async () => {
    const items = [checkItem(), checkItem({ id: 'r1', title: 'Mostar teaser' }), checkItem({ id: 'r2', localization: 'de', title: 'Mostar Bilder' })];
    await renderPublish({ api: { [CHECK]: { status: 200, body: buildCheck({ items }) } } });
    expect(await screen.findByRole('heading', { name: 'The publishing process will publish 3 asset(s)' })).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Assets to publish' })).getByText('Mostar teaser')).toBeVisible();
    expect(publishButton()).toBeEnabled();
  });

  it('shows the versions with errors or an embargo instead of the form, and keeps Publish off', async () => {
    const broken = checkItem({ id: 'r1', localization: 'de', title: 'Mostar Bilder', errorMessages: [{ path: 'title', message: 'This field is required.' }] });
    const check = buildCheck({
      readyToPublish: false,
      items: [checkItem(), broken, checkItem({ id: 'r2', title: 'Embargoed teaser' })],
      errorItems: [broken],
      embargoRestrictedRelations: [{ id: 'r2', localization: 'en' }, { id: 'r1', localization: 'de' }],
    });
    await renderPublish({ api: { [CHECK]: { status: 200, body: check } } });
    expect(await screen.findByRole('heading', { name: 'The asset cannot be published because of 2 relation(s) with warnings' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Assets with warnings' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Mostar Bilder');
    expect(entries[0]).toHaveTextContent('German');
    expect(entries[0]).toHaveTextContent('This field is required.');
    expect(entries[1]).toHaveTextContent('Embargoed teaser');
    expect(entries[1]).toHaveTextContent('Its embargo does not allow publishing now.');
    expect(screen.queryByRole('button', { name: 'Unpublish date' })).not.toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
  });

  it('says when the check failed and keeps Publish off', async () => {
    await renderPublish({ api: { [CHECK]: { status: 500, body: { status: 500, messages: ['Broken.'] } } } });
    expect(await screen.findByText('Sorry, an error occurred during the publish check.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unpublish date' })).not.toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
  });
});

describe('the publish form: dates (spec 002 §4, §5)', () => {
  const outside = 'The given dates are invalid, publish and unpublish date should be set between the embargo dates';

  it('refuses to publish now before the embargo starts', async () => {
    await renderPublish({ version: draftVersion({ embargo: { startDate: '2099-01-01T00:00:00.000Z', endDate: '2099-12-31T00:00:00.000Z' } }) });
    await formShown();
    expect(screen.getByText(outside)).toBeVisible();
    expect(publishButton()).toBeDisabled();
  });

  it('refuses an unpublish date after the embargo ends', async () => {
    const version = draftVersion({
      embargo: { startDate: null, endDate: '2099-12-31T00:00:00.000Z' },
      meta: { publishSchedule: { startDate: '2099-06-01T10:00:00.000Z', endDate: '2100-01-05T10:00:00.000Z' } },
    });
    await renderPublish({ version });
    await formShown();
    expect(screen.getByText(outside)).toBeVisible();
    expect(publishButton()).toBeDisabled();
  });

  it('refuses an unpublish date that is not after the publish date', async () => {
    await renderPublish({ version: draftVersion({ meta: { publishSchedule: { startDate: '2099-06-02T10:00:00.000Z', endDate: '2099-06-01T10:00:00.000Z' } } }) });
    await formShown();
    expect(screen.getByText(outside)).toBeVisible();
    expect(publishButton()).toBeDisabled();
  });

  it('sends dates inside the embargo as they are', async () => {
    const schedule = { startDate: '2099-06-01T10:00:00.000Z', endDate: '2099-07-01T10:00:00.000Z' };
    const version = draftVersion({ embargo: { startDate: '2099-01-01T00:00:00.000Z', endDate: '2099-12-31T00:00:00.000Z' }, meta: { publishSchedule: schedule } });
    const { api, user } = await renderPublish({ version });
    await formShown();
    expect(screen.queryByText(outside)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish date' })).toHaveTextContent(/2099/);
    await user.click(publishButton());
    await waitFor(() => expect(publishBodies(api.requests)).toEqual([{ publishSchedule: schedule }]));
  });

  it('drops a publish date in the past: the asset is published now', async () => {
    const { api, user } = await renderPublish({ version: draftVersion({ meta: { publishSchedule: { startDate: '2020-01-01T10:00:00.000Z', endDate: null } } }) });
    await formShown();
    await user.click(publishButton());
    await waitFor(() => expect(publishBodies(api.requests)).toEqual([{ publishSchedule: { startDate: null, endDate: null } }]));
  });

  it(`moves an unpublish date in the past to now plus ${PAST_END_DATE_OFFSET_MS / 1000} seconds`, async () => {
    const { api, user } = await renderPublish({ version: draftVersion({ meta: { publishSchedule: { startDate: null, endDate: '2020-01-01T10:00:00.000Z' } } }) });
    await formShown();
    const before = Date.now();
    await user.click(publishButton());
    await waitFor(() => expect(publishBodies(api.requests)).toHaveLength(1));
    const after = Date.now();
    const body = publishBodies(api.requests)[0] as { publishSchedule: { startDate: string | null; endDate: string } };
    expect(body.publishSchedule.startDate).toBeNull();
    const end = new Date(body.publishSchedule.endDate).getTime();
    expect(end).toBeGreaterThanOrEqual(before + PAST_END_DATE_OFFSET_MS);
    expect(end).toBeLessThanOrEqual(after + PAST_END_DATE_OFFSET_MS);
  });

  it('requires an unpublish date for on-site promotions, with a tooltip on Publish', async () => {
    const { user } = await renderPublish({ stencil: buildStencil('onsite-promotion') });
    await formShown();
    expect(publishButton()).toBeDisabled();
    await user.hover(publishButton().parentElement as HTMLElement);
    expect(await screen.findByText('This type of asset requires an unpublish date.')).toBeInTheDocument();
  });

  it('lets an on-site promotion with an unpublish date be published, and not once the date is cleared', async () => {
    const version = draftVersion({ stencil: 'onsite-promotion', meta: { publishSchedule: { startDate: null, endDate: '2099-07-01T10:00:00.000Z' } } });
    const { user } = await renderPublish({ version, stencil: buildStencil('onsite-promotion') });
    await formShown();
    expect(publishButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear Unpublish date' }));
    expect(publishButton()).toBeDisabled();
  });

  it('locks the publish date of an asset that was published before', async () => {
    await renderPublish({ version: buildAssetVersion() });
    await formShown();
    expect(screen.getByRole('button', { name: 'Publish date' })).toBeDisabled();
    expect(screen.getByText('You cannot change the published date for already published assets.')).toBeVisible();
  });

  it('leaves the publish date open on a never published asset', async () => {
    await renderPublish();
    await formShown();
    expect(screen.getByRole('button', { name: 'Publish date' })).toBeEnabled();
    expect(screen.queryByText('You cannot change the published date for already published assets.')).not.toBeInTheDocument();
  });
});

describe('the publish form: URI title and standalone (spec 002 §5)', () => {
  it('offers the URI title only while the asset was never published', async () => {
    await renderPublish({ values: { 'uri-title': 'cliff-diving' } });
    await formShown();
    expect(screen.getByRole('textbox', { name: 'URI title' })).toHaveValue('cliff-diving');
  });

  it('hides the URI title of an asset published before', async () => {
    await renderPublish({ version: buildAssetVersion() });
    await formShown();
    expect(screen.queryByRole('textbox', { name: 'URI title' })).not.toBeInTheDocument();
  });

  it('keeps Publish off while the URI title breaks its pattern', async () => {
    const { user } = await renderPublish();
    await formShown();
    await user.type(screen.getByRole('textbox', { name: 'URI title' }), 'Not A Slug');
    expect(screen.getByText('Does not match required pattern or contains invalid character.')).toBeVisible();
    expect(publishButton()).toBeDisabled();
  });

  it('offers standalone with the stored value', async () => {
    await renderPublish({ values: { standalone: false } });
    await formShown();
    expect(screen.getByRole('switch', { name: 'Standalone' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Standalone' })).toBeEnabled();
  });

  it('hides standalone for on-site promotions', async () => {
    const version = draftVersion({ stencil: 'onsite-promotion', meta: { publishSchedule: { startDate: null, endDate: '2099-07-01T10:00:00.000Z' } } });
    await renderPublish({ version, stencil: buildStencil('onsite-promotion') });
    await formShown();
    expect(screen.queryByRole('switch', { name: 'Standalone' })).not.toBeInTheDocument();
  });

  it('locks standalone while the quick-event switch is on', async () => {
    const stencil = buildStencil('event-profile', [{ name: 'quick-event', type: 'checkbox', view: { label: 'Create Quick Event version', style: 'switch' } }]);
    await renderPublish({ stencil, values: { 'quick-event': true, standalone: false } });
    await formShown();
    expect(screen.getByRole('switch', { name: 'Standalone' })).toBeDisabled();
  });
});

describe('publishing (spec 002 §4 steps 4 to 6, §8)', () => {
  it('publishes without saving when the form changed no content', async () => {
    const { api, user, props } = await renderPublish({ values: { 'uri-title': 'cliff-diving', standalone: true } });
    await formShown();
    await user.click(publishButton());
    await waitFor(() => expect(props.onPublished).toHaveBeenCalledTimes(1));
    expect(props.onSaveFirst).not.toHaveBeenCalled();
    expect(publishBodies(api.requests)).toHaveLength(1);
  });

  it('saves a changed URI title and standalone first, then publishes', async () => {
    const order: string[] = [];
    const onSaveFirst = vi.fn<PublishModalProps['onSaveFirst']>(async () => {
      order.push('save');
      return true;
    });
    const { user, props } = await renderPublish({
      values: { 'uri-title': 'cliff-diving' },
      props: { onSaveFirst },
      api: {
        [PUBLISH]: () => {
          order.push('publish');
          return { status: 200, body: buildAssetVersion() };
        },
      },
    });
    await formShown();
    const uriTitle = screen.getByRole('textbox', { name: 'URI title' });
    await user.clear(uriTitle);
    await user.type(uriTitle, 'mostar-2026');
    await user.click(screen.getByRole('switch', { name: 'Standalone' }));
    await user.click(publishButton());
    await waitFor(() => expect(props.onPublished).toHaveBeenCalledTimes(1));
    expect(onSaveFirst).toHaveBeenCalledWith({ 'uri-title': 'mostar-2026', standalone: false });
    expect(order).toEqual(['save', 'publish']);
  });

  it('does not publish when the save first did not work', async () => {
    const { api, user, props } = await renderPublish({ props: { onSaveFirst: vi.fn<PublishModalProps['onSaveFirst']>(async () => false) } });
    await formShown();
    await user.type(screen.getByRole('textbox', { name: 'URI title' }), 'mostar');
    await user.click(publishButton());
    await waitFor(() => expect(props.onSaveFirst).toHaveBeenCalledTimes(1));
    expect(publishBodies(api.requests)).toHaveLength(0);
    expect(props.onClose).not.toHaveBeenCalled();
    expect(publishButton()).toBeEnabled();
  });

  it("reads 'Publishing...' while the call runs, then hands over the version, toasts with the website link and closes", async () => {
    const pending = deferred<FakeResponse>();
    const published = buildAssetVersion({ meta: { version: 9 } });
    const { user, props } = await renderPublish({
      props: { websiteUrl: 'https://www.example.com/en/cliff-diving' },
      api: { [PUBLISH]: () => pending.promise },
    });
    await formShown();
    await user.click(publishButton());
    expect(await screen.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    pending.resolve({ status: 200, body: published });
    expect(await screen.findByText('Yay!! Your asset has been published')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', 'https://www.example.com/en/cliff-diving');
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
    expect(props.onPublished).toHaveBeenCalledWith(published);
    expect(props.onClose).toHaveBeenCalled();
  });

  it('toasts without a link when no website address is known', async () => {
    const { user } = await renderPublish();
    await formShown();
    await user.click(publishButton());
    expect(await screen.findByText('Yay!! Your asset has been published')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open in new tab' })).not.toBeInTheDocument();
  });

  it('says when publishing failed and stays open', async () => {
    const { user, props } = await renderPublish({ api: { [PUBLISH]: { status: 409, body: { status: 409, messages: ['The URI title is taken.'] } } } });
    await formShown();
    await user.click(publishButton());
    expect(await screen.findByText('Sorry, it was not possible to publish your asset.')).toBeVisible();
    expect(screen.getByText('The URI title is taken.')).toBeVisible();
    expect(props.onPublished).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
    expect(publishButton()).toBeEnabled();
  });
});
