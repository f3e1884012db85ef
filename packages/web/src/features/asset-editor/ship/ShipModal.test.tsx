import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_EDIT_TEXTS, SHIP_TEXTS, type AssetVersion } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../../test/fakeApi.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { buildStoryStencil } from '../../../test/stencilFixture.ts';

const stencil = buildStoryStencil({
  inputs: [
    { name: 'title', type: 'text', view: { label: 'Title' } },
    { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
    { name: 'code', type: 'text', view: { label: 'Code', readonly: true } },
  ],
});

const VERSION_PATH = '/api/v1/assets/a1/localizations/en';
const SHIP_PATH = '/api/v1/assets/a1/actions/bulk-ship';
const entry = (name: string, value: unknown) => ({ name, type: 'text', value });

function version(options: { shipMethods?: AssetVersion['_links']['p:ship']['methods']; lastShipped?: string | null } = {}): AssetVersion {
  return buildAssetVersion({
    content: { title: entry('title', 'Cliff diving'), teaser: entry('teaser', 'High'), code: entry('code', 'X1') },
    localizations: [
      { localization: 'en', status: 'published' },
      { localization: 'de', status: 'draft' },
      { localization: 'fr', status: 'unpublished' },
      // The user does not hold Spanish: it is shown, but cannot be chosen.
      { localization: 'es', status: 'draft' },
    ],
    meta: { lastShipped: options.lastShipped ?? null },
    linkMethods: { self: ['GET', 'PUT'], 'p:ship': options.shipMethods ?? ['PATCH'] },
  });
}

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

function serve(handlers: { ship?: Handler; shipMethods?: AssetVersion['_links']['p:ship']['methods'] } = {}) {
  let shipped = false;
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ localizations: ['en', 'de', 'fr'] }) },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    [`GET ${VERSION_PATH}`]: () => ({ status: 200, body: version({ shipMethods: handlers.shipMethods, lastShipped: shipped ? '2026-03-14T09:00:00.000Z' : null }) }),
    [`PATCH ${SHIP_PATH}`]: async (request) => {
      const answer = typeof handlers.ship === 'function' ? await handlers.ship(request) : (handlers.ship ?? shipEach(request));
      shipped = answer.status === 200;
      return answer;
    },
  });
}

interface ShipBody {
  sourceLocale: string;
  localesToShip: string[];
  propertiesToShip: string[];
}

/** The server's answer: every requested locale shipped, or the status `statusOf` gives it. */
function shipEach(request: RecordedRequest, statusOf: (locale: string) => number = () => 200, messagesOf: (locale: string) => string[] = () => []): FakeResponse {
  const { localesToShip } = request.body as ShipBody;
  return { status: 200, body: { data: localesToShip.map((locale) => ({ localization: locale, status: statusOf(locale), messages: statusOf(locale) === 200 ? [] : messagesOf(locale) })) } };
}

async function openShipModal(api = serve()) {
  const view = await renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
  await screen.findByRole('textbox', { name: /Title/ });
  const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
  await view.user.click(within(bar).getByRole('button', { name: 'Ship' }));
  const dialog = await screen.findByRole('dialog', { name: SHIP_TEXTS.title });
  return { ...view, api, bar, dialog };
}

const shipRequests = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'PATCH' && request.path === SHIP_PATH);

beforeAll(async () => {
  await import('../../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('shipping from the editor (spec 000 §7)', { timeout: 30_000 }, () => {
  it('offers the changeable properties and the other locales with the rights per locale, and ships only once both are chosen', async () => {
    const { user, dialog } = await openShipModal();
    expect(within(dialog).getByRole('checkbox', { name: 'Title' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Teaser' })).toBeEnabled();
    // A readonly input is not offered; nor is the open locale.
    expect(within(dialog).queryByRole('checkbox', { name: 'Code' })).toBeNull();
    const locales = within(dialog).getByRole('group', { name: SHIP_TEXTS.locales });
    expect(within(locales).queryByRole('checkbox', { name: /English/ })).toBeNull();
    expect(within(locales).getByRole('checkbox', { name: /German/ })).toBeEnabled();
    expect(within(locales).getByRole('checkbox', { name: /French/ })).toBeEnabled();
    const spanish = within(locales).getByRole('checkbox', { name: /Spanish/ });
    expect(spanish).toBeDisabled();
    expect(spanish.closest('.mantine-Checkbox-root')).toHaveTextContent(SHIP_TEXTS.noRight);

    const ship = within(dialog).getByRole('button', { name: 'Ship' });
    expect(ship).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Title' }));
    expect(ship).toBeDisabled();
    await user.click(within(locales).getByRole('checkbox', { name: /German/ }));
    expect(ship).toBeEnabled();
  });

  it('ships a title to two locales in one bulk-ship call and lists both as shipped; the open version is read again', async () => {
    const { user, dialog, api } = await openShipModal();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /German/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /French/ }));
    const loadsBefore = api.requests.filter((request) => request.method === 'GET' && request.path === VERSION_PATH).length;
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));

    const shipped = await within(dialog).findByRole('region', { name: SHIP_TEXTS.shipped });
    expect(within(shipped).getByText('German')).toBeVisible();
    expect(within(shipped).getByText('French')).toBeVisible();
    expect(within(dialog).queryByRole('region', { name: SHIP_TEXTS.shippingFailed })).toBeNull();
    expect(shipRequests(api).map((request) => request.body)).toEqual([{ sourceLocale: 'en', localesToShip: ['de', 'fr'], propertiesToShip: ['title'] }]);
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'GET' && request.path === VERSION_PATH).length).toBe(loadsBefore + 1));

    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SHIP_TEXTS.title })).toBeNull());
  });

  it('lists a refused and a failed locale under Shipping failed with our texts, the reasons and a link to the locale', async () => {
    const api = serve({
      ship: (request) =>
        shipEach(
          request,
          (locale) => (locale === 'de' ? 403 : 412),
          (locale) => (locale === 'de' ? ['You may not change "title".'] : ['The version changed while shipping.']),
        ),
    });
    const { user, dialog } = await openShipModal(api);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Teaser' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /German/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /French/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));

    const failed = await within(dialog).findByRole('region', { name: SHIP_TEXTS.shippingFailed });
    expect(within(failed).getByText(SHIP_TEXTS.refused, { exact: false })).toBeVisible();
    expect(within(failed).getByText('You may not change "title".')).toBeVisible();
    expect(within(failed).getByText(SHIP_TEXTS.failed, { exact: false })).toBeVisible();
    expect(within(failed).getByText('The version changed while shipping.')).toBeVisible();
    const links = within(failed).getAllByRole('link', { name: BULK_EDIT_TEXTS.viewLocalePage });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/a1/localizations/de/edit', '/assets/a1/localizations/fr/edit']);
    expect(within(dialog).queryByRole('region', { name: SHIP_TEXTS.shipped })).toBeNull();
  });

  it('names every chosen locale as failed when the call fails as a whole', async () => {
    const api = serve({ ship: { status: 503, body: { status: 503, messages: ['The server is busy.'] } } });
    const { user, dialog } = await openShipModal(api);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /German/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /French/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));

    const failed = await within(dialog).findByRole('region', { name: SHIP_TEXTS.shippingFailed });
    expect(within(failed).getAllByText(SHIP_TEXTS.failed, { exact: false })).toHaveLength(2);
    expect(within(failed).getAllByText('The server is busy.')).toHaveLength(2);
  });

  it('offers Ship only when the ship link allows PATCH', async () => {
    const api = serve({ shipMethods: [] });
    await renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
    await screen.findByRole('textbox', { name: /Title/ });
    expect(within(screen.getByRole('toolbar', { name: 'Asset actions' })).queryByRole('button', { name: 'Ship' })).toBeNull();
    expect(shipRequests(api)).toEqual([]);
  });

  it('hides Ship while there are unsaved changes', async () => {
    serve();
    const view = await renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    const bar = screen.getByRole('toolbar', { name: 'Asset actions' });
    expect(within(bar).getByRole('button', { name: 'Ship' })).toBeVisible();
    await view.user.type(title, ' recap');
    await waitFor(() => expect(within(bar).queryByRole('button', { name: 'Ship' })).toBeNull());
  });
});
