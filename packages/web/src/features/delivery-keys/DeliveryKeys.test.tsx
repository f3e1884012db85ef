import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryKey, DeliveryKeyList } from '@editor/domain';
import { installFakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const KEYS_PATH = '/api/v1/delivery-keys';
const SECRET = 'dk_0f3c8a10b2c94e0d8e5a7b6c5d4e3f21_Q2xpZmYgRGl2aW5nIGluIE1vc3Rhci4gV2hhdCBhIGp1bXAh';

function buildKey(overrides: Partial<DeliveryKey> = {}): DeliveryKey {
  const id = overrides.id ?? '0f3c8a10-b2c9-4e0d-8e5a-7b6c5d4e3f21';
  const isRevoked = Boolean(overrides.revokedAt);
  return {
    id,
    name: 'Website redbull.com',
    spaces: ['rbcom', 'global'],
    locales: ['en', 'de'],
    requestsPerSecond: null,
    secretPrefix: `dk_${id.replaceAll('-', '')}_`,
    createdAt: '2026-11-20T09:30:00.000Z',
    createdBy: 'Ada Admin',
    updatedAt: '2026-11-20T09:30:00.000Z',
    updatedBy: 'Ada Admin',
    revokedAt: null,
    revokedBy: null,
    ...overrides,
    _links: { self: { href: `${KEYS_PATH}/${id}`, methods: isRevoked ? ['GET'] : ['GET', 'PATCH', 'DELETE'] } },
  };
}

const listOf = (keys: DeliveryKey[]): DeliveryKeyList => ({ _embedded: { item: keys }, _links: { self: { href: KEYS_PATH, methods: ['GET', 'POST'] } }, size: keys.length });

const LIVE = buildKey();
const REVOKED = buildKey({ id: '7d1e2f30-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Old app', revokedAt: '2026-11-25T16:00:00.000Z', revokedBy: 'Ada Admin' });

async function openPage(keys: DeliveryKey[] = [LIVE, REVOKED]) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: technicalAdmin() },
    [`GET ${KEYS_PATH}`]: { status: 200, body: listOf(keys) },
  });
  const view = await renderApp({ path: '/admin/delivery-keys', signedInAs: 'admin' });
  await screen.findByRole('heading', { name: 'Delivery Keys' });
  return { ...view, api };
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(name) })).closest('tr') as HTMLElement;
const sent = (requests: RecordedRequest[], method: string) => requests.filter((request) => request.method === method && request.path.startsWith(KEYS_PATH));

describe('the delivery keys page', { timeout: 20_000 }, () => {
  it('lists the keys with their scope, creation and status; a revoked key offers no change', async () => {
    await openPage();
    const live = await rowOf('Website redbull.com');
    expect(within(live).getByText('rbcom, global')).toBeVisible();
    expect(within(live).getByText('en, de')).toBeVisible();
    expect(within(live).getByText('20 Nov 2026')).toBeVisible();
    expect(within(live).getByText('Active')).toBeVisible();
    expect(within(live).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(live).getByRole('button', { name: 'Revoke' })).toBeVisible();

    const revoked = await rowOf('Old app');
    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/^curl -H "Authorization: Bearer <key>"/)).toHaveTextContent('/delivery/v1/slugs/rbcom:en-INT:cliff-diving-recap');
  });

  it('shows a new key’s secret once, with the warning, and never again after Done', async () => {
    const { api, user } = await openPage([]);
    expect(await screen.findByText('There are no delivery keys yet.')).toBeVisible();
    api.answer(`POST ${KEYS_PATH}`, (request) => ({ status: 201, body: { ...buildKey({ name: 'Mobile app', spaces: ['rbcom'], locales: ['en'] }), secret: SECRET, ...(request.body as object) } }));

    await user.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mobile app');
    await user.click(within(dialog).getByRole('combobox', { name: 'Spaces' }));
    await user.click(await screen.findByRole('option', { name: 'rbcom' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Locales' }));
    await user.click(await screen.findByRole('option', { name: 'en' }));
    api.answer(`GET ${KEYS_PATH}`, { status: 200, body: listOf([buildKey({ name: 'Mobile app', spaces: ['rbcom'], locales: ['en'] })]) });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new key' });
    expect(sent(api.requests, 'POST').map((request) => request.body)).toEqual([{ name: 'Mobile app', spaces: ['rbcom'], locales: ['en'] }]);
    expect(within(shown).getByText('Copy it now: it will not be shown again')).toBeVisible();
    expect(within(shown).getByRole('textbox', { name: 'Key' })).toHaveValue(SECRET);
    expect(within(shown).getByText(/^curl -H/)).toHaveTextContent(`Bearer ${SECRET}`);
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Mobile app')).toBeVisible();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('tells what is missing before sending, and shows the server’s refusal under its field', async () => {
    const { api, user } = await openPage([]);
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Enter a name\./);
    expect(within(dialog).getByText('Choose at least one space.')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one locale.')).toBeVisible();
    expect(sent(api.requests, 'POST')).toEqual([]);

    const refusal = ['spaces: mars is not one of rbcom, rbtv, global, illume, wrc.'];
    api.answer(`POST ${KEYS_PATH}`, { status: 400, body: { status: 400, messages: refusal, code: 'bad-request' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mobile app');
    await user.click(within(dialog).getByRole('combobox', { name: 'Spaces' }));
    await user.click(await screen.findByRole('option', { name: 'wrc' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Locales' }));
    await user.click(await screen.findByRole('option', { name: 'ja' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('mars is not one of rbcom, rbtv, global, illume, wrc.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'New key' })).toBeVisible();
  });

  it('revokes a key only once the confirmation says so', async () => {
    const { api, user } = await openPage();
    api.answer(`DELETE ${KEYS_PATH}/${LIVE.id}`, { status: 200, body: buildKey({ revokedAt: '2026-11-28T10:00:00.000Z', revokedBy: 'Ada Admin' }) });

    await user.click(within(await rowOf('Website redbull.com')).getByRole('button', { name: 'Revoke' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke key' });
    expect(confirm).toHaveTextContent('Websites and apps that use “Website redbull.com” can no longer read content with it');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke key' })).not.toBeInTheDocument());
    expect(sent(api.requests, 'DELETE')).toEqual([]);

    api.answer(`GET ${KEYS_PATH}`, { status: 200, body: listOf([buildKey({ revokedAt: '2026-11-28T10:00:00.000Z', revokedBy: 'Ada Admin' }), REVOKED]) });
    await user.click(within(await rowOf('Website redbull.com')).getByRole('button', { name: 'Revoke' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke key' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key “Website redbull.com” revoked')).toBeVisible();
    expect(sent(api.requests, 'DELETE').map((request) => request.path)).toEqual([`${KEYS_PATH}/${LIVE.id}`]);
    await waitFor(async () => expect(within(await rowOf('Website redbull.com')).getByText('Revoked')).toBeVisible());
  });

  it('saves only what changed when a key is edited', async () => {
    const { api, user } = await openPage();
    api.answer(`PATCH ${KEYS_PATH}/${LIVE.id}`, { status: 200, body: buildKey({ name: 'Website redbull.com (new)' }) });
    await user.click(within(await rowOf('Website redbull.com')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit key' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Website redbull.com');
    await user.type(name, ' (new)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Key “Website redbull.com (new)” saved')).toBeVisible();
    expect(sent(api.requests, 'PATCH').map((request) => request.body)).toEqual([{ name: 'Website redbull.com (new)' }]);
  });

  it('is for technical admins only, and asks the server nothing for anybody else', async () => {
    const api = installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/admin/delivery-keys', signedInAs: 'editor' });
    expect(await screen.findByText('Only technical admins can manage delivery keys.')).toBeVisible();
    expect(sent(api.requests, 'GET')).toEqual([]);
  });
});
