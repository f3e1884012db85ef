import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssetVersion } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { draftKey, readDraft, writeDraft } from '../../editor-state/localDrafts.ts';
import { buildStoryStencil, TITLE_AND_TEASER } from '../../test/stencilFixture.ts';
import { preloadLazyWidgets } from '../../inputs/registry.tsx';

const stencil = buildStoryStencil({
  contentAreas: [
    { name: 'content', label: 'Content', inputs: ['title', 'teaser'] },
    { name: 'seo', label: 'SEO', inputs: ['seo-title'] },
  ],
  inputs: [...TITLE_AND_TEASER, { name: 'seo-title', type: 'text', view: { label: 'SEO title' } }],
});

const PATH = '/assets/a1/localizations/en/edit';
const entry = (name: string, value: unknown) => ({ name, type: 'text', value });
const VERSION_PATH = '/api/v1/assets/a1/localizations/en';

function versionWith(values: { title?: string; teaser?: string }, meta: Partial<AssetVersion['_meta']> = {}, linkMethods?: NonNullable<Parameters<typeof buildAssetVersion>[0]>['linkMethods']) {
  return buildAssetVersion({
    content: { title: entry('title', values.title), teaser: entry('teaser', values.teaser), 'seo-title': entry('seo-title', undefined) },
    meta,
    linkMethods: linkMethods ?? { self: ['GET', 'PUT', 'DELETE'] },
  });
}

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

function serve(handlers: { get?: Handler; put?: Handler; delete?: Handler } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser() },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    [`GET ${VERSION_PATH}`]: handlers.get ?? { status: 200, body: versionWith({ title: 'Cliff diving', teaser: 'High' }) },
    [`PUT ${VERSION_PATH}`]: handlers.put ?? ((request) => ({ status: 200, body: savedFrom(request) })),
    [`DELETE ${VERSION_PATH}`]: handlers.delete ?? { status: 200, body: { deleted: true } },
    'GET /api/v1/assets': { status: 200, body: { _embedded: { item: [] }, facets: [], size: 0, total: 0, _links: { self: { href: '/api/v1/assets' }, search: { href: '/api/v1/assets' } } } },
  });
}

/** What the server answers to a save: the sent values as the next version. */
function savedFrom(request: RecordedRequest): AssetVersion {
  const content = (request.body as { content: Record<string, { value?: string }> }).content;
  return versionWith({ title: content.title?.value, teaser: content.teaser?.value }, { version: 5, updatedDate: '2026-03-13T08:00:00.000Z', updatedBy: 'Emma Editor' });
}

async function openEditor(api = serve()) {
  const view = await renderApp({ path: PATH, signedInAs: 'editor' });
  const title = await screen.findByRole('textbox', { name: /Title/ });
  return { ...view, api, title };
}

async function changeTitle(user: Awaited<ReturnType<typeof openEditor>>['user'], title: HTMLElement, text: string) {
  await user.clear(title);
  await user.type(title, text);
  await user.tab();
}

const puts = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'PUT');

// The editor's route is code-split; loading it once up front keeps the first test within the default wait.
beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

// Each test opens the whole app and types through debounced inputs: more than the default 5 s on two shared cores.
// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('the asset editor (spec 002 §2, §4)', { timeout: 20_000 }, () => {
  it('shows the error card when the version cannot be loaded', async () => {
    serve({ get: { status: 500, body: { status: 500, messages: ['Database unavailable'] } } });
    await renderApp({ path: PATH, signedInAs: 'editor' });
    expect(await screen.findByText('Oh no! An error occurred.')).toBeVisible();
  });

  it('shows stencil, locale, status and one tab per content area', async () => {
    await openEditor();
    const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
    expect(within(bar).getByText('Story')).toBeVisible();
    expect(within(bar).getByText('Published')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'SEO' })).toBeVisible();
    expect(within(bar).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('links the status tag of a published version to its page on the website (spec 002 §2)', async () => {
    const api = serve();
    api.answer('GET /api/crepo/url-composer/v1/resources/a1/links', { status: 200, body: { data: { links: [{ rel: 'web', href: 'https://www.example.com/en/cliff-diving' }] } } });
    await openEditor(api);
    const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
    const tag = await within(bar).findByRole('link', { name: /Published/ });
    expect(tag).toHaveAttribute('href', 'https://www.example.com/en/cliff-diving');
    expect(tag).toHaveAttribute('target', '_blank');
  });

  it('counts the issues that prevent publishing as the spec writes it', async () => {
    await openEditor(serve({ get: { status: 200, body: versionWith({ title: '', teaser: 'High' }, { updatedDate: '2026-03-12T08:00:00.000Z' }) } }));
    const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
    expect(await within(bar).findByText(/^\d+ issue\(s\) prevent publishing$/)).toBeVisible();
  });

  it('saves after checking the server version, with If-Match, and toasts', async () => {
    const { user, title, api } = await openEditor();
    await changeTitle(user, title, 'Cliff diving in Mostar');
    const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
    expect(await within(bar).findByText('1 unsaved change')).toBeVisible();
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    const [put] = puts(api);
    expect(put?.headers.get('If-Match')).toBe('"4"');
    expect(put?.body).toMatchObject({ content: { title: { value: 'Cliff diving in Mostar' }, teaser: { value: 'High' } } });
    await waitFor(() => expect(within(bar).queryByText('1 unsaved change')).toBeNull());
    // The clean editor removes its draft when typing pauses (`DRAFT_WRITE_DELAY_MS`), not in the save's own frame.
    await waitFor(() => expect(localStorage.getItem(draftKey('a1', 'en'))).toBeNull());
  });

  it('opens the conflict modal with the differing fields, and Overwrite Newer Version saves over the newer version', async () => {
    let loads = 0;
    const api = serve({
      get: () => {
        loads += 1;
        return loads === 1
          ? { status: 200, body: versionWith({ title: 'Cliff diving', teaser: 'High' }) }
          : { status: 200, body: versionWith({ title: 'Cliff diving', teaser: 'Higher' }, { version: 7, updatedBy: 'Max Manager', updatedDate: '2026-03-12T11:00:00.000Z' }) };
      },
    });
    const { user, title } = await openEditor(api);
    await changeTitle(user, title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'A newer version of »a1« is on the server.' });
    expect(within(modal).getByText(/^Asset was updated in the mean time by Max Manager on /)).toBeVisible();
    const table = within(modal).getByRole('table', { name: "Differences between your version and the server's" });
    expect(within(table).getByRole('row', { name: 'Title Mine Cliff diving' })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Teaser High Higher' })).toBeVisible();
    expect(puts(api)).toHaveLength(0);
    await user.click(within(modal).getByRole('button', { name: 'Overwrite Newer Version' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    expect(puts(api)[0]?.headers.get('If-Match')).toBe('"7"');
  });

  it("Don't Save takes the server's version and drops the edits", async () => {
    let loads = 0;
    const api = serve({
      get: () => {
        loads += 1;
        return { status: 200, body: versionWith({ title: loads === 1 ? 'Old' : 'Theirs' }, loads === 1 ? {} : { version: 8, updatedDate: '2026-03-12T12:00:00.000Z' }) };
      },
    });
    const { user, title } = await openEditor(api);
    await changeTitle(user, title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: "Don't Save" }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Theirs'));
    expect(puts(api)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('a save that loses the race after the check (412) is a conflict, never an overwrite', async () => {
    let loads = 0;
    const api = serve({
      get: () => {
        loads += 1;
        return { status: 200, body: loads < 3 ? versionWith({ title: 'Old' }) : versionWith({ title: 'Fast' }, { version: 9, updatedDate: '2026-03-12T13:00:00.000Z' }) };
      },
      put: { status: 412, body: { status: 412, code: 'version-conflict', messages: ['A newer version of this asset is on the server.'], current: { version: 9, updatedBy: 'Max Manager', updatedDate: '2026-03-12T13:00:00.000Z' } } },
    });
    const { user, title } = await openEditor(api);
    await changeTitle(user, title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'A newer version of »a1« is on the server.' });
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Mine');
  });

  it('keeps the work as a local draft when the check fails', async () => {
    let loads = 0;
    const api = serve({ get: () => (++loads === 1 ? { status: 200, body: versionWith({ title: 'Old' }) } : { status: 503, body: { status: 503, messages: ['down'] } }) });
    const { user, title } = await openEditor(api);
    await changeTitle(user, title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Sorry, it was not possible to check if the asset was already updated. The asset is saved locally in your browser and you can still work on it.'),
    ).toBeVisible();
    expect(readDraft('a1', 'en')?.values).toMatchObject({ title: 'Mine' });
    expect(puts(api)).toHaveLength(0);
  });

  it('keeps the work as a local draft when the save fails', async () => {
    const { user, title } = await openEditor(serve({ put: { status: 500, body: { status: 500, messages: ['boom'] } } }));
    await changeTitle(user, title, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Sorry, it was not possible to save the asset to the database. The asset is saved locally in your browser and you can still work on it.'),
    ).toBeVisible();
    expect(readDraft('a1', 'en')).toMatchObject({ values: { title: 'Mine' }, basedOnVersion: 4 });
  });

  it('writes the draft continuously while dirty', async () => {
    const { user, title } = await openEditor();
    await changeTitle(user, title, 'Typed');
    await waitFor(() => expect(readDraft('a1', 'en')?.values).toMatchObject({ title: 'Typed' }));
  });

  it('offers a stored draft on load; Load draft restores it and counts its changes', async () => {
    writeDraft({ id: 'a1', locale: 'en', values: { title: 'From the draft', teaser: 'High' }, metas: {}, basedOnVersion: 4, basedOnUpdatedDate: '2026-03-12T10:30:00.000Z', savedAt: '2026-03-12T11:00:00.000Z' });
    serve();
    const { user } = await renderApp({ path: PATH, signedInAs: 'editor' });
    const modal = await screen.findByRole('dialog', { name: 'Draft' });
    await user.click(within(modal).getByRole('button', { name: 'Load draft' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('From the draft'));
    expect(screen.getByText('1 unsaved change')).toBeVisible();
  });

  it('Discard draft removes it', async () => {
    writeDraft({ id: 'a1', locale: 'en', values: { title: 'From the draft' }, metas: {}, basedOnVersion: 4, basedOnUpdatedDate: '2026-03-12T10:30:00.000Z', savedAt: '2026-03-12T11:00:00.000Z' });
    serve();
    const { user } = await renderApp({ path: PATH, signedInAs: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Cliff diving');
    await waitFor(() => expect(readDraft('a1', 'en')).toBeUndefined());
  });

  it('stops a navigation away from unsaved changes; Discard leaves with the warning toast', async () => {
    const { user, title, router } = await openEditor();
    await changeTitle(user, title, 'Mine');
    await waitFor(() => expect(screen.getByText('1 unsaved change')).toBeVisible());
    void router.navigate('/all-content');
    const modal = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(modal).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(PATH);
    void router.navigate('/all-content');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Your asset adjustments have been discarded.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/all-content'));
  });

  it('a failed save while leaving says so persistently and keeps the user here', async () => {
    const { user, title, router } = await openEditor(serve({ put: { status: 500, body: { status: 500, messages: ['boom'] } } }));
    await changeTitle(user, title, 'Mine');
    await waitFor(() => expect(screen.getByText('1 unsaved change')).toBeVisible());
    void router.navigate('/all-content');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The asset could not be saved.')).toBeVisible();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('deletes after confirmation, removes the draft and leaves the editor', async () => {
    const { user, api, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText("This action can't be revoked")).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your asset has been deleted')).toBeVisible();
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === VERSION_PATH)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(PATH));
  });

  it('reports a failed delete with a toast and the error modal', async () => {
    const { user } = await openEditor(serve({ delete: { status: 500, body: { status: 500, messages: ['Locked'] } } }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your asset could not be deleted')).toBeVisible();
    expect(await screen.findByRole('dialog', { name: 'Sorry, it was not possible to delete your asset' })).toBeVisible();
  });

  it('shows a read-only asset as Readonly with its inputs disabled', async () => {
    serve({ get: { status: 200, body: versionWith({ title: 'Locked' }, {}, { self: ['GET'] }) } });
    await renderApp({ path: PATH, signedInAs: 'editor' });
    expect(await screen.findByText('Readonly')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Title/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('image uploads in the editor (spec 000 §6, 002 §6)', { timeout: 20_000 }, () => {
  const withImage = buildStoryStencil({
    contentAreas: [{ name: 'content', label: 'Content', inputs: ['title', 'teaser', 'image'] }],
    inputs: [...TITLE_AND_TEASER, { name: 'image', type: 'image', view: { label: 'Image' } }],
  });

  async function openImageField(user: ReturnType<typeof buildUser>) {
    installFakeApi({
      'GET /api/v1/user': { status: 200, body: user },
      'GET /api/v1/stencils/story': { status: 200, body: withImage },
      [`GET ${VERSION_PATH}`]: { status: 200, body: buildAssetVersion({ content: { title: entry('title', 'Cliff diving') } }) },
    });
    await renderApp({ path: PATH, signedInAs: 'editor' });
    return within(await screen.findByRole('group', { name: 'Image' }, { timeout: 5000 }));
  }

  // The asset is in rbcom, as the demo story is; the translator holds rbcom too, but creates nothing.
  it('a translator sees no upload in the image input, only Add media', async () => {
    const image = await openImageField(buildUser({ roles: ['translator'], spaces: ['rbcom'], localizations: ['en', 'de'] }));
    expect(image.getByRole('button', { name: 'Add media' })).toBeVisible();
    expect(image.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(image.queryByLabelText('Drop an image for Image')).not.toBeInTheDocument();
  });

  it('an editor sees the upload into the asset’s space beside Add media', async () => {
    const image = await openImageField(buildUser());
    expect(image.getByRole('button', { name: 'Add media' })).toBeVisible();
    expect(image.getByRole('button', { name: 'Add' })).toBeVisible();
    expect(image.getByLabelText('Drop an image for Image')).toBeVisible();
  });
});
