import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssetVersion, Revision } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../../test/fakeApi.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { buildStoryStencil, TITLE_AND_TEASER } from '../../../test/stencilFixture.ts';
import { preloadLazyWidgets } from '../../../inputs/registry.tsx';

const stencil = buildStoryStencil({ contentAreas: [{ name: 'content', label: 'Content', inputs: ['title', 'teaser'] }], inputs: [...TITLE_AND_TEASER] });
const PATH = '/assets/a1/localizations/en/edit';
const VERSION_PATH = '/api/v1/assets/a1/localizations/en';
const REVISIONS = `${VERSION_PATH}/revisions`;

function versionWith(title: string, version: number, updatedBy = 'Emma Editor'): AssetVersion {
  return buildAssetVersion({
    content: { title: { name: 'title', type: 'text', value: title }, teaser: { name: 'teaser', type: 'text', value: 'High' } },
    meta: { version, updatedDate: `2026-03-1${version}T08:00:00.000Z`, updatedBy },
    linkMethods: { self: ['GET', 'PUT', 'DELETE'] },
  });
}

function revision(version: number, overrides: Partial<Revision> = {}): Revision {
  const self = `${REVISIONS}/${version}`;
  return {
    version,
    kind: 'save',
    user: { id: 'u1', name: 'Emma Editor' },
    date: `2026-03-1${version}T08:00:00.000Z`,
    changedPaths: ['title'],
    isPublished: false,
    basedOnVersion: version - 1,
    _links: { self: { href: self, methods: ['GET'] }, restore: { href: `${self}/restore`, methods: ['POST'] } },
    ...overrides,
  };
}

const page = (revisions: Revision[], next?: string) => ({
  revisions,
  _links: { self: { href: `${REVISIONS}?limit=50`, methods: ['GET'] }, ...(next ? { next: { href: next, methods: ['GET'] } } : {}) },
});

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

function serve(handlers: { revisions?: Handler; restore?: Handler; get?: Handler } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser() },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    [`GET ${VERSION_PATH}`]: handlers.get ?? { status: 200, body: versionWith('Third title', 4) },
    [`GET ${REVISIONS}`]: handlers.revisions ?? {
      status: 200,
      body: page([revision(4), revision(3, { isPublished: true, kind: 'publish', changedPaths: [] }), revision(2), revision(1, { kind: 'create', changedPaths: ['title', 'teaser'], basedOnVersion: null })]),
    },
    [`GET ${REVISIONS}/compare`]: (request) => ({
      status: 200,
      body: {
        from: Number(request.query.get('from')),
        to: Number(request.query.get('to')),
        fields: [{ input: 'title', label: 'Title', kind: 'words', changes: [{ op: 'removed', text: 'First' }, { op: 'added', text: 'Third' }, { op: 'same', text: 'title' }] }],
      },
    }),
    [`POST ${REVISIONS}/1/restore`]: handlers.restore ?? { status: 200, body: versionWith('First title', 5) },
    'GET /api/v1/assets': { status: 200, body: { _embedded: { item: [] }, facets: [], size: 0, total: 0, _links: { self: { href: '/api/v1/assets' }, search: { href: '/api/v1/assets' } } } },
  });
}

async function openHistory(api = serve()) {
  const view = await renderApp({ path: PATH, signedInAs: 'editor' });
  const title = await screen.findByRole('textbox', { name: /Title/ });
  await view.user.click(screen.getByRole('tab', { name: 'History' }));
  const list = await screen.findByRole('list', { name: 'Revisions' });
  return { ...view, api, title, list };
}

const restores = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/restore'));

beforeAll(async () => {
  await import('../../../pages/AssetEditorPage.tsx');
});
beforeAll(() => preloadLazyWidgets());
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the History tab (issue 41)', { timeout: 20_000 }, () => {
  it('lists the revisions newest first with who, what kind, which fields, and the publish marker', async () => {
    const { list } = await openHistory();
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label')?.split(':')[0])).toEqual(['Revision 4', 'Revision 3', 'Revision 2', 'Revision 1']);
    expect(within(rows[0] as HTMLElement).getByText('Current')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Published')).toBeVisible();
    expect(within(rows[3] as HTMLElement).getByText('Created')).toBeVisible();
    expect(within(rows[3] as HTMLElement).getByText('Title, Teaser')).toBeVisible();
  });

  it('compares a chosen revision with the current one, words added and removed', async () => {
    const { user, api } = await openHistory();
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    const fields = await screen.findByRole('list', { name: 'Changed fields' });
    expect(within(fields).getByLabelText('removed: First')).toBeVisible();
    expect(within(fields).getByLabelText('added: Third')).toBeVisible();
    const compare = api.requests.find((request) => request.path === `${REVISIONS}/compare`);
    expect([compare?.query.get('from'), compare?.query.get('to')]).toEqual(['1', '4']);
  });

  it('compares any two revisions', async () => {
    const { user, api } = await openHistory();
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    await screen.findByRole('list', { name: 'Changed fields' });
    await user.click(screen.getByRole('combobox', { name: 'Compare with' }));
    await user.click(await screen.findByRole('option', { name: /^Revision 2/ }));
    await waitFor(() => expect(api.requests.some((request) => request.path === `${REVISIONS}/compare` && request.query.get('to') === '2')).toBe(true));
  });

  it('restores a whole revision with If-Match, moves the editor to the new version and says so', async () => {
    const { user, api, title } = await openHistory();
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this revision' }));
    expect(await screen.findByText('Revision 1 restored as a new version.')).toBeVisible();
    const [sent] = restores(api);
    expect(sent?.headers.get('If-Match')).toBe('"4"');
    expect(sent?.body).toEqual({});
    await waitFor(() => expect(title).toHaveValue('First title'));
  });

  it('restores one field of a revision', async () => {
    const { user, api } = await openHistory();
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore Title' }));
    expect(await screen.findByText('Title restored from revision 1 as a new version.')).toBeVisible();
    expect(restores(api)[0]?.body).toEqual({ input: 'title' });
  });

  it('a newer save by someone else opens the conflict modal; Cancel restores nothing, Overwrite restores over the newer version', async () => {
    let calls = 0;
    const api = serve({
      restore: (request) => {
        calls += 1;
        if (request.headers.get('If-Match') === '"4"') return { status: 412, body: { status: 412, messages: ['A newer version exists.'] } };
        return { status: 200, body: versionWith('First title', 6) };
      },
    });
    const { user, title } = await openHistory(api);
    api.answer(`GET ${VERSION_PATH}`, { status: 200, body: versionWith('Someone else’s title', 5, 'Karl Kollege') });
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this revision' }));
    const modal = await screen.findByRole('dialog', { name: 'A newer version of »a1« is on the server.' });
    expect(within(modal).getByText(/Asset was updated in the mean time by Karl Kollege/)).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(title).toHaveValue('Third title');
    expect(calls).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Restore this revision' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Overwrite Newer Version' }));
    expect(await screen.findByText('Revision 1 restored as a new version.')).toBeVisible();
    expect(restores(api).map((request) => request.headers.get('If-Match'))).toEqual(['"4"', '"4"', '"5"']);
    await waitFor(() => expect(title).toHaveValue('First title'));
  });

  it('offers no restore while the editor has unsaved changes', async () => {
    const { user, title } = await openHistory();
    await user.type(title, ' edited');
    await user.click(screen.getByRole('button', { name: /^Revision 1:/ }));
    expect(await screen.findByRole('button', { name: 'Restore this revision' })).toBeDisabled();
    expect(screen.getByText('Save or discard your changes to restore a revision.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Restore Title' })).toBeNull();
  });

  it('loads older revisions page by page', async () => {
    const older = `${REVISIONS}?before=3&limit=50`;
    const api = serve({
      revisions: (request) => (request.query.get('before') === '3' ? { status: 200, body: page([revision(2), revision(1)]) } : { status: 200, body: page([revision(4), revision(3)], older) }),
    });
    const { user, list } = await openHistory(api);
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Load older revisions' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load older revisions' })).toBeNull();
  });
});
