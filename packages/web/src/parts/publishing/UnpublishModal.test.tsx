import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetListItem } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { renderDetailsPanel } from '../../test/renderDetailsPanel.tsx';
import { UnpublishModal, type UnpublishModalProps } from './UnpublishModal.tsx';

const USAGE = 'GET /api/v1/assets/a1/localizations/en/usage';
const DEPUBLISH = 'POST /api/v1/assets/a1/localizations/en/depublish';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/** An answer the test gives later, to see what shows while a call runs. */
function deferred<T>() {
  let resolve: ((value: T) => void) | undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve: (value: T) => resolve?.(value) };
}

const usedBy = (total: number): FakeResponse => ({ status: 200, body: { total, items: Array.from({ length: Math.min(total, 8) }, (_, index) => ({ id: `r${index}`, localization: 'en' })) } });

async function renderUnpublish(api: Record<string, Handler> = {}) {
  const props: UnpublishModalProps = { opened: true, target: buildAssetVersion(), onClose: vi.fn<UnpublishModalProps['onClose']>(), onUnpublished: vi.fn<NonNullable<UnpublishModalProps['onUnpublished']>>() };
  const view = await renderDetailsPanel(<UnpublishModal {...props} />, {
    api: { [USAGE]: usedBy(3), [DEPUBLISH]: { status: 200, body: buildAssetVersion({ meta: { status: 'unpublished' } }) }, ...api },
  });
  return { ...view, props };
}

const unpublishButton = () => screen.getByRole('button', { name: /^Unpublish(ing\.\.\.)?$/ });

describe('the unpublish modal (spec 001 §4, §8; 002 §4)', () => {
  it('checks the usage with a spinner, then asks with the usage count', async () => {
    const pending = deferred<FakeResponse>();
    const { api } = await renderUnpublish({ [USAGE]: () => pending.promise });
    expect(await screen.findByRole('status', { name: 'Checking usage' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    pending.resolve(usedBy(3));
    expect(await screen.findByText(/used by 3 other asset\(s\)/)).toHaveTextContent('This asset is used by 3 other asset(s).');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(unpublishButton()).toBeEnabled();
    expect(api.requests.find((request) => request.path.endsWith('/usage'))?.query.get('offset')).toBe('0');
  });

  it('says so when no other asset uses it', async () => {
    await renderUnpublish({ [USAGE]: usedBy(0) });
    expect(await screen.findByText('This asset is not used in other assets so far.')).toBeVisible();
  });

  it('reports a failed usage check with its status and offers no Unpublish', async () => {
    await renderUnpublish({ [USAGE]: { status: 503, body: { status: 503, messages: ['Later.'] } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Sorry, could not get usage data.')).toBeVisible();
    expect(within(alert).getByText('ERROR: 503')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
  });

  it("reads 'Unpublishing...' while busy, then toasts, hands over the version and closes", async () => {
    const pending = deferred<FakeResponse>();
    const unpublished = buildAssetVersion({ meta: { status: 'unpublished' } });
    const { api, user, props } = await renderUnpublish({ [DEPUBLISH]: () => pending.promise });
    await screen.findByText(/used by 3 other asset\(s\)/);
    await user.click(unpublishButton());
    expect(await screen.findByRole('button', { name: 'Unpublishing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve({ status: 200, body: unpublished });
    expect(await screen.findByText('Your asset has been unpublished')).toBeVisible();
    expect(props.onUnpublished).toHaveBeenCalledWith(unpublished);
    expect(props.onClose).toHaveBeenCalled();
    const call = api.requests.find((request) => request.method === 'POST');
    expect(call?.path).toBe('/api/v1/assets/a1/localizations/en/depublish');
    expect(call?.body).toBeUndefined();
  });

  it('toasts a failure and opens the error modal with the reason', async () => {
    const { user, props } = await renderUnpublish({ [DEPUBLISH]: { status: 409, body: { status: 409, messages: ['A scheduled publish is pending.'] } } });
    await screen.findByText(/used by 3 other asset\(s\)/);
    await user.click(unpublishButton());
    expect(await screen.findByText('Your asset could not be unpublished')).toBeVisible();
    expect(await screen.findByRole('dialog', { name: 'Sorry, it was not possible to unpublish your asset.' })).toBeVisible();
    expect(screen.getByText(/A scheduled publish is pending\./)).toBeVisible();
    expect(props.onUnpublished).not.toHaveBeenCalled();
    expect(props.onClose).toHaveBeenCalled();
  });
});

describe('Unpublish in the card menu (spec 001 §4)', () => {
  const CARD_USAGE = 'GET /api/v1/assets/a1/usage';

  async function showCard(item: AssetListItem, extra: Record<string, Handler> = {}) {
    const api = installFakeApi({
      'GET /api/v1/user': { status: 200, body: buildUser({ settings: { useAutoFilter: false } }) },
      'GET /api/v1/assets': { status: 200, body: buildListResponse({ items: [item] }) },
      [CARD_USAGE]: usedBy(2),
      [DEPUBLISH]: { status: 200, body: buildAssetVersion({ meta: { status: 'unpublished' } }) },
      ...extra,
    });
    const view = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    const card = await screen.findByRole('article', { name: item.title });
    await view.user.click(within(card).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    return { ...view, api, menu };
  }

  it('is offered for a published asset the user may unpublish', async () => {
    const { menu } = await showCard(buildListItem());
    expect(within(menu).getByRole('menuitem', { name: 'Unpublish' })).toBeVisible();
  });

  it.each([
    { name: 'a draft', item: buildListItem({ meta: { status: 'draft' } }) },
    { name: 'an unpublished asset', item: buildListItem({ meta: { status: 'unpublished' } }) },
    { name: 'an asset without the right', item: { ...buildListItem(), _links: { ...buildListItem()._links, 'p:depublish': { href: '/api/v1/assets/a1/localizations/en/depublish', methods: [] } } } },
  ])('is not offered for $name', async ({ item }) => {
    const { menu } = await showCard(item);
    expect(within(menu).queryByRole('menuitem', { name: 'Unpublish' })).not.toBeInTheDocument();
  });

  it('unpublishes after the usage check and reloads the lists', async () => {
    const { api, user, menu } = await showCard(buildListItem());
    const listCalls = () => api.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/assets').length;
    const before = listCalls();
    await user.click(within(menu).getByRole('menuitem', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish' });
    expect(await within(dialog).findByText('This asset is used by 2 other asset(s).')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Your asset has been unpublished')).toBeVisible();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/v1/assets/a1/localizations/en/depublish')).toBe(true);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unpublish' })).not.toBeInTheDocument());
  });
});
