import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_EDIT_TEXTS, type AssetVersion, type BulkPatchLocaleResult } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { buildStoryStencil } from '../../test/stencilFixture.ts';
import { renderApp } from '../../test/renderApp.tsx';

const stencil = buildStoryStencil({
  inputs: [
    { name: 'title', type: 'text', view: { label: 'Title' } },
    { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
    { name: 'code', type: 'text', view: { label: 'Code', readonly: true } },
  ],
});

const VERSION_PATH = '/api/v1/assets/a1/localizations/en';
const BULK_PATH = '/api/v1/assets/a1/actions/bulk-patch';
const entry = (name: string, value: unknown) => ({ name, type: 'text', value });

function version(title: string, options: { publishable?: boolean; version?: number } = {}): AssetVersion {
  return buildAssetVersion({
    content: { title: entry('title', title), teaser: entry('teaser', 'High'), code: entry('code', 'X1') },
    localizations: [
      { localization: 'en', status: 'published' },
      { localization: 'de', status: 'draft' },
      { localization: 'de-AT', status: 'unpublished' },
      { localization: 'fr', status: 'draft' },
      // The user may not edit Spanish: it is not offered.
      { localization: 'es', status: 'draft' },
    ],
    meta: { version: options.version ?? 4 },
    linkMethods: { self: ['GET', 'PUT', 'DELETE'], 'p:publish': options.publishable === false ? [] : ['POST'] },
  });
}

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

function serve(handlers: { get?: Handler; bulk?: Handler; publishable?: boolean } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ localizations: ['en', 'de', 'de-AT', 'fr'] }) },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    [`GET ${VERSION_PATH}`]: handlers.get ?? { status: 200, body: version('Cliff diving', { publishable: handlers.publishable ?? true }) },
    [`POST ${BULK_PATH}`]: handlers.bulk ?? ((request) => answerEach(request, () => ({ updateStatus: 'save-success', messages: [] }))),
    'GET /api/v1/assets': { status: 200, body: { _embedded: { item: [] }, facets: [], size: 0, total: 0, _links: { self: { href: '/api/v1/assets' }, search: { href: '/api/v1/assets' } } } },
  });
}

interface BulkRequestBody {
  locales: string[];
  content: Record<string, { value?: unknown }>;
  publish: boolean;
}

const bodyOf = (request: RecordedRequest) => request.body as BulkRequestBody;

/** The server's answer: one result per requested locale. */
function answerEach(request: RecordedRequest, resultFor: (locale: string, publish: boolean) => BulkPatchLocaleResult): FakeResponse {
  const { locales, publish } = bodyOf(request);
  return { status: 200, body: { data: Object.fromEntries(locales.map((locale) => [locale, resultFor(locale, publish)])) } };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function openEditor(api = serve()) {
  const view = await renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
  await screen.findByRole('textbox', { name: /Title/ });
  const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
  return { ...view, api, bar };
}

type Opened = Awaited<ReturnType<typeof openEditor>>;

async function enterMode({ user, bar }: Opened) {
  await user.click(within(bar).getByRole('button', { name: 'Bulk Edit' }));
}

/** Selects Title (unless editing it already did) and goes on to the wizard. */
async function openWizardWithTitle({ user }: Opened) {
  const include = screen.getByRole('checkbox', { name: 'Include Title in bulk edit' });
  if (!(include as HTMLInputElement).checked) await user.click(include);
  await user.click(within(screen.getByRole('region', { name: 'Bulk Edit mode' })).getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Bulk Edit' });
}

async function chooseLocalesAndGoOn(user: Opened['user'], dialog: HTMLElement, labels: RegExp[]) {
  for (const label of labels) await user.click(within(dialog).getByRole('checkbox', { name: label }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
}

const stepButton = (dialog: HTMLElement, label: string) => within(dialog).getByRole('button', { name: new RegExp(label) });
const bulkRequests = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'POST' && request.path === BULK_PATH);
const versionLoads = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'GET' && request.path === VERSION_PATH).length;

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('bulk edit (spec 002 §4)', { timeout: 30_000 }, () => {
  it('toggles the mode, selects properties by toggle or by editing, and allows Next only with a property', async () => {
    const { user, bar } = await openEditor();
    const button = within(bar).getByRole('button', { name: 'Bulk Edit' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Include Title in bulk edit' })).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const banner = screen.getByRole('region', { name: 'Bulk Edit mode' });
    expect(within(banner).getByText(/Select the properties to apply to other locales\./)).toBeVisible();
    expect(within(banner).getByText(/0 properties selected/)).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Next' })).toBeDisabled();
    // A readonly input cannot be sent to other locales.
    expect(screen.getByRole('checkbox', { name: 'Include Code in bulk edit' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Include Title in bulk edit' }));
    expect(within(banner).getByText(/1 property selected/)).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Include Title in bulk edit' }));
    expect(within(banner).getByRole('button', { name: 'Next' })).toBeDisabled();

    // Editing a value in the mode selects it.
    await user.type(screen.getByRole('textbox', { name: /Teaser/ }), 'er');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Include Teaser in bulk edit' })).toBeChecked());
    expect(within(banner).getByText(/1 property selected/)).toBeVisible();

    await user.click(within(banner).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Bulk Edit mode' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Include Title in bulk edit' })).toBeNull();
  });

  it('offers the locales the user may edit, searches by prefix and selects all of the rows shown', async () => {
    const opened = await openEditor();
    const { user } = opened;
    await enterMode(opened);
    const dialog = await openWizardWithTitle(opened);
    const rows = within(within(dialog).getByRole('group', { name: 'Locales' })).getAllByRole('checkbox');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([expect.stringMatching(/\(en\)$/), expect.stringMatching(/\(de\)$/), expect.stringMatching(/\(de-AT\)$/), expect.stringMatching(/\(fr\)$/)]);
    expect(within(dialog).getByText('Unpublished')).toBeVisible();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    const search = within(dialog).getByRole('textbox', { name: 'Search locales' });
    await user.type(search, 'DE');
    const shown = () => within(within(dialog).getByRole('group', { name: 'Locales' })).queryAllByRole('checkbox').map((row) => row.getAttribute('aria-label'));
    expect(shown()).toEqual([expect.stringMatching(/\(de\)$/), expect.stringMatching(/\(de-AT\)$/)]);
    await user.clear(search);
    // Prefix, not substring: 'e' finds English but not 'de'.
    await user.type(search, 'e');
    expect(shown()).toEqual([expect.stringMatching(/\(en\)$/)]);
    await user.clear(search);
    await user.type(search, 'germ');
    expect(shown()).toEqual([expect.stringMatching(/^German \(de\)$/)]);

    await user.clear(search);
    const selectAll = within(dialog).getByRole('checkbox', { name: 'Select all' });
    expect(selectAll).not.toBeChecked();
    expect(selectAll).not.toBePartiallyChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /\(fr\)$/ }));
    expect(selectAll).toBePartiallyChecked();
    expect(next).toBeEnabled();
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /\(en\)$/ })).toBeChecked();
    await user.click(selectAll);
    expect(selectAll).not.toBeChecked();
    expect(next).toBeDisabled();

    // Select all acts on the rows the search shows.
    await user.type(search, 'de');
    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    await user.clear(search);
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toBePartiallyChecked();
    expect(within(dialog).getByRole('checkbox', { name: /\(de-AT\)$/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /\(fr\)$/ })).not.toBeChecked();
  });

  it('shows the summary, goes back to Locales by its step, and offers Save and Publish only with the right to publish', async () => {
    const opened = await openEditor(serve({ publishable: false }));
    const { user } = opened;
    await enterMode(opened);
    const dialog = await openWizardWithTitle(opened);
    await chooseLocalesAndGoOn(user, dialog, [/\(de\)$/]);
    const properties = within(dialog).getByRole('table', { name: 'Properties to apply' });
    expect(within(properties).getByRole('row', { name: 'Title Cliff diving' })).toBeVisible();
    expect(within(within(dialog).getByRole('list', { name: 'Locales to update' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Save and Publish' })).toBeNull();

    await user.click(stepButton(dialog, 'Locales'));
    expect(within(dialog).getByRole('checkbox', { name: /\(de\)$/ })).toBeChecked();
    expect(stepButton(dialog, 'Finish')).toBeDisabled();
  });

  it('saves one locale per call with real progress, locks the steps, and groups the outcomes on Finish', async () => {
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    let call = 0;
    const outcomes: Record<string, BulkPatchLocaleResult> = {
      de: { updateStatus: 'save-and-publish-success', messages: [] },
      fr: { updateStatus: 'error', error: 'publish', messages: ['The slug is taken.'] },
    };
    const api = serve({
      bulk: async (request) => {
        await gates[call++]?.promise;
        // A locale whose call fails as a whole is a failed save; the others go on.
        if (bodyOf(request).locales[0] === 'de-AT') return { status: 500, body: { status: 500, messages: ['Database unavailable'] } };
        return answerEach(request, (locale) => outcomes[locale] ?? { updateStatus: 'error', error: 'save', messages: [] });
      },
    });
    const opened = await openEditor(api);
    const { user } = opened;
    await enterMode(opened);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), ' in Mostar');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Include Title in bulk edit' })).toBeChecked());
    const dialog = await openWizardWithTitle(opened);
    await chooseLocalesAndGoOn(user, dialog, [/\(de\)$/, /\(de-AT\)$/, /\(fr\)$/]);
    expect(stepButton(dialog, 'Locales')).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save and Publish' }));

    expect(await within(dialog).findByText(BULK_EDIT_TEXTS.progress(0, 3))).toBeVisible();
    expect(stepButton(dialog, 'Locales')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await waitFor(() => expect(bulkRequests(api)).toHaveLength(1));
    gates[0]?.resolve();
    expect(await within(dialog).findByText(BULK_EDIT_TEXTS.progress(1, 3))).toBeVisible();
    expect(within(dialog).getByRole('img', { name: 'Saved and Published' })).toBeVisible();
    await waitFor(() => expect(bulkRequests(api)).toHaveLength(2));
    gates[1]?.resolve();
    expect(await within(dialog).findByText(BULK_EDIT_TEXTS.progress(2, 3))).toBeVisible();
    gates[2]?.resolve();

    const failed = await within(dialog).findByRole('region', { name: 'Saving failed' });
    expect(bulkRequests(api).map((request) => bodyOf(request))).toEqual(
      ['de', 'de-AT', 'fr'].map((locale) => ({ locales: [locale], content: { title: { value: 'Cliff diving in Mostar' } }, publish: true })),
    );
    expect(stepButton(dialog, 'Summary')).toBeDisabled();
    expect(within(failed).getByText(BULK_EDIT_TEXTS.notSaved)).toBeVisible();
    expect(within(failed).getByText('Database unavailable')).toBeVisible();
    expect(within(failed).getByText(BULK_EDIT_TEXTS.savedNotPublished)).toBeVisible();
    expect(within(failed).getByText('The slug is taken.')).toBeVisible();
    const links = within(failed).getAllByRole('link', { name: BULK_EDIT_TEXTS.viewLocalePage });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/a1/localizations/de-AT/edit', '/assets/a1/localizations/fr/edit']);
    expect(links[0]).toHaveAttribute('target', '_blank');
    const published = within(dialog).getByRole('region', { name: 'Saved and Published' });
    expect(within(published).getByText('de')).toBeVisible();
    expect(within(dialog).queryByRole('region', { name: 'Saved' })).toBeNull();
    expect(screen.queryByText(BULK_EDIT_TEXTS.allSaved)).toBeNull();

    // The open locale was not among them: Finish leaves the mode without reloading it.
    const loads = versionLoads(api);
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Edit' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Bulk Edit mode' })).toBeNull();
    expect(versionLoads(api)).toBe(loads);
  });

  it('toasts when every locale was saved, and reloads the open locale on Finish when it was updated', async () => {
    let saved = false;
    const api = serve({
      get: () => ({ status: 200, body: saved ? version('Cliff diving in Mostar', { version: 5 }) : version('Cliff diving') }),
      bulk: (request) => {
        saved = true;
        return answerEach(request, () => ({ updateStatus: 'save-success', messages: [] }));
      },
    });
    const opened = await openEditor(api);
    const { user, bar } = opened;
    await enterMode(opened);
    const title = screen.getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Cliff diving in Mostar');
    expect(await within(bar).findByText('1 unsaved change')).toBeVisible();
    // Once edits make the asset dirty the button stays, pressed, to leave the mode.
    expect(within(bar).getByRole('button', { name: 'Bulk Edit' })).toHaveAttribute('aria-pressed', 'true');
    const dialog = await openWizardWithTitle(opened);
    await chooseLocalesAndGoOn(user, dialog, [/\(en\)$/, /\(de\)$/]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const group = await within(dialog).findByRole('region', { name: 'Saved' });
    expect(within(group).getByText('en')).toBeVisible();
    expect(within(group).getByText('de')).toBeVisible();
    expect(within(dialog).queryByRole('region', { name: 'Saving failed' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Saved and Published' })).toBeNull();
    expect(await screen.findByText(BULK_EDIT_TEXTS.allSaved)).toBeVisible();

    const loads = versionLoads(api);
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(versionLoads(api)).toBe(loads + 1));
    // The server's version is the new clean base.
    await waitFor(() => expect(within(bar).queryByText('1 unsaved change')).toBeNull());
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Cliff diving in Mostar');
    expect(within(bar).getByRole('button', { name: 'Bulk Edit' })).toHaveAttribute('aria-pressed', 'false');
  });
});
