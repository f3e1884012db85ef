import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '@editor/domain';
import { installFakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const WEBHOOKS = '/api/v1/webhooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ENDPOINT_ID = '5b0e6c1a-3f2d-4e8b-9a7c-1d2e3f4a5b6c';

function buildEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  const id = overrides.id ?? ENDPOINT_ID;
  const self = `${WEBHOOKS}/${id}`;
  return {
    id,
    url: 'https://build.example.com/hooks/editor',
    description: 'Rebuilds the website',
    events: [...WEBHOOK_EVENT_TYPES],
    spaces: null,
    enabled: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    createdBy: 'Ada Admin',
    updatedAt: '2026-11-20T09:30:00.000Z',
    updatedBy: 'Ada Admin',
    ...overrides,
    _links: { self: { href: self, methods: ['GET', 'PATCH', 'DELETE'] }, deliveries: { href: `${self}/deliveries`, methods: ['GET'] }, test: { href: `${self}/test`, methods: ['POST'] } },
  };
}

const listOf = (endpoints: WebhookEndpoint[]) => ({ _embedded: { item: endpoints }, _links: { self: { href: WEBHOOKS, methods: ['GET', 'POST'] } }, size: endpoints.length });

const DELIVERY_ID = '9c8b7a65-4321-4fed-8cba-0987654321fe';
const PUBLISHED: WebhookDelivery = {
  id: DELIVERY_ID,
  eventType: 'asset.published',
  status: 'succeeded',
  createdAt: '2026-11-28T10:15:30.000Z',
  nextAttemptAt: null,
  payload: {
    type: 'asset.published',
    timestamp: '2026-11-28T10:15:30.000Z',
    data: { assetId: 'a1', locale: 'en', stencil: 'story', spaces: ['rbcom'], url: 'http://localhost/delivery/v1/assets/a1/localizations/en' },
  },
  attempts: [
    { at: '2026-11-28T10:15:41.000Z', statusCode: 200, durationMs: 35, response: '{"received":true}', error: null },
    { at: '2026-11-28T10:15:31.000Z', statusCode: 503, durationMs: 120, response: 'busy', error: 'The receiver answered 503.' },
  ],
  _links: { resend: { href: `${WEBHOOKS}/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend`, methods: ['POST'] } },
};
const pageOf = (deliveries: WebhookDelivery[]) => ({
  _embedded: { item: deliveries },
  _links: { self: { href: `${WEBHOOKS}/${ENDPOINT_ID}/deliveries?limit=50`, methods: ['GET'] } },
  size: deliveries.length,
});

async function openPage(input: { endpoints?: WebhookEndpoint[]; path?: string } = {}) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: technicalAdmin() },
    [`GET ${WEBHOOKS}`]: { status: 200, body: listOf(input.endpoints ?? [buildEndpoint()]) },
    [`GET ${WEBHOOKS}/${ENDPOINT_ID}/deliveries`]: { status: 200, body: pageOf([PUBLISHED]) },
  });
  const view = await renderApp({ path: input.path ?? '/admin/webhooks', signedInAs: 'admin' });
  await screen.findByRole('heading', { name: 'Webhooks' });
  return { ...view, api };
}

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST');

async function fillNewWebhook(user: Awaited<ReturnType<typeof openPage>>['user'], url: string) {
  await user.click(await screen.findByRole('button', { name: 'New webhook' }));
  const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
  await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), url);
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Local build');
  for (const event of ['Deleted', 'Shipped into', 'Spaces changed']) await user.click(within(dialog).getByRole('checkbox', { name: event }));
  return dialog;
}

describe('the webhooks page', { timeout: 20_000 }, () => {
  it('lists the endpoints with their events, spaces and status', async () => {
    await openPage({ endpoints: [buildEndpoint(), buildEndpoint({ id: 'e2', url: 'https://search.example.com/in', description: '', events: ['asset.published', 'asset.deleted'], spaces: ['rbcom'], enabled: false })] });
    const rows = within(await screen.findByRole('table', { name: 'Webhooks' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('https://build.example.com/hooks/editorRebuilds the websiteAll eventsEvery spaceEnabled'),
      expect.stringContaining('https://search.example.com/inPublished, DeletedrbcomPaused'),
    ]);
  });

  it('shows the server’s refusal of a private address under the URL, then the signing secret once', async () => {
    const { api, user } = await openPage({ endpoints: [] });
    const refusal = 'url: 127.0.0.1:9 is not a public address; a receiver on a private network must be on WEBHOOK_ALLOWED_HOSTS.';
    api.answer(`POST ${WEBHOOKS}`, { status: 400, body: { status: 400, messages: [refusal], code: 'bad-request' } });
    const dialog = await fillNewWebhook(user, 'http://127.0.0.1:9/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(/127\.0\.0\.1:9 is not a public address; a receiver on a private network must be on WEBHOOK_ALLOWED_HOSTS\./),
    );
    expect(posts(api.requests).map((request) => request.body)).toEqual([
      { url: 'http://127.0.0.1:9/hook', description: 'Local build', events: ['asset.published', 'asset.unpublished', 'asset.scheduled-publish.executed', 'asset.scheduled-unpublish.executed'], spaces: null, enabled: true },
    ]);

    const created = buildEndpoint({ url: 'https://build.example.com/hooks/editor', secret: SECRET });
    api.answer(`POST ${WEBHOOKS}`, { status: 201, body: created });
    api.answer(`GET ${WEBHOOKS}`, { status: 200, body: listOf([buildEndpoint()]) });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://build.example.com/hooks/editor');
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(within(shown).getByText('Copy it now: it will not be shown again')).toBeVisible();
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The new endpoint's log opens, ready for a test event; the secret is nowhere any more.
    expect(await screen.findByRole('region', { name: 'Delivery log' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('asks for at least one event before sending', async () => {
    const { api, user } = await openPage({ endpoints: [] });
    await user.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    for (const checkbox of within(within(dialog).getByRole('group', { name: 'Events' })).getAllByRole('checkbox', { checked: true })) await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(within(dialog).getByText('Enter the address of the receiver.')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one event.')).toBeVisible();
    expect(posts(api.requests)).toEqual([]);
  });

  it('shows an endpoint’s delivery log: time, event, status, HTTP status, response time and the answer’s first bytes, with every try', async () => {
    const { user, router } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    expect(router.state.location.search).toBe(`?endpoint=${ENDPOINT_ID}`);
    const [, row] = within(await within(log).findByRole('table', { name: 'Deliveries' })).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual(['Published', 'Delivered', '200', '35 ms', '{"received":true}']);

    await user.click(within(log).getByRole('button', { name: 'Details' }));
    const tries = within(log).getByRole('table', { name: 'Tries' });
    expect(within(tries).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['200', '35 ms', '{"received":true}'],
      ['503', '120 ms', 'The receiver answered 503.busy'],
    ]);
    expect(within(log).getByText(/"url": "http:\/\/localhost\/delivery\/v1\/assets\/a1\/localizations\/en"/)).toBeVisible();
  });

  it('shows older deliveries a page at a time, by the page’s next link', async () => {
    const { api, user } = await openPage({ path: `/admin/webhooks?endpoint=${ENDPOINT_ID}` });
    const older: WebhookDelivery = { ...PUBLISHED, id: 'd-older', eventType: 'webhook.test', status: 'failed', payload: { type: 'webhook.test', timestamp: '2026-11-27T08:00:00.000Z', data: { endpointId: ENDPOINT_ID } }, attempts: [{ at: '2026-11-27T08:00:01.000Z', statusCode: null, durationMs: 10_000, response: '', error: 'The receiver did not answer within 10 s.' }] };
    const nextHref = `${WEBHOOKS}/${ENDPOINT_ID}/deliveries?limit=50&before=2026-11-28T10%3A15%3A30.000Z~${DELIVERY_ID}`;
    api.answer(`GET ${WEBHOOKS}/${ENDPOINT_ID}/deliveries`, (request) =>
      request.query.has('before') ? { status: 200, body: pageOf([older]) } : { status: 200, body: { ...pageOf([PUBLISHED]), _links: { ...pageOf([])._links, next: { href: nextHref, methods: ['GET'] } } } },
    );
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    await user.click(await within(log).findByRole('button', { name: 'Show older deliveries' }));
    const row = (await within(log).findByText('Test event')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 6)).toEqual(['Test event', 'Failed', '–', '10000 ms', 'The receiver did not answer within 10 s.']);
    expect(api.requests.filter((request) => request.query.get('before')).map((request) => request.query.get('before'))).toEqual([`2026-11-28T10:15:30.000Z~${DELIVERY_ID}`]);
    expect(within(log).queryByRole('button', { name: 'Show older deliveries' })).not.toBeInTheDocument();
  });

  it('resends a delivery and sends a test event, saying when the server refuses', async () => {
    const { api, user } = await openPage({ path: `/admin/webhooks?endpoint=${ENDPOINT_ID}` });
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    api.answer(`POST ${PUBLISHED._links.resend.href}`, { status: 202, body: { ...PUBLISHED, status: 'pending', nextAttemptAt: '2026-11-28T11:00:00.000Z' } });
    await user.click(await within(log).findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Published queued again')).toBeVisible();

    api.answer(`POST ${WEBHOOKS}/${ENDPOINT_ID}/test`, { status: 409, body: { status: 409, messages: ['This endpoint is paused; enable it to send a test event.'], code: 'webhook-endpoint-paused' } });
    await user.click(within(log).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('This endpoint is paused; enable it to send a test event.')).toBeVisible();
    expect(posts(api.requests).map((request) => request.path)).toEqual([PUBLISHED._links.resend.href, `${WEBHOOKS}/${ENDPOINT_ID}/test`]);
  });

  it('deletes an endpoint only once the confirmation says so', async () => {
    const { api, user } = await openPage({ path: `/admin/webhooks?endpoint=${ENDPOINT_ID}` });
    api.answer(`DELETE ${WEBHOOKS}/${ENDPOINT_ID}`, { status: 204 });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(confirm).toHaveTextContent('its delivery log is deleted');
    api.answer(`GET ${WEBHOOKS}`, { status: 200, body: listOf([]) });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('Webhook deleted')).toBeVisible();
    expect(await screen.findByText('There are no webhooks yet.')).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${WEBHOOKS}/${ENDPOINT_ID}`]);
  });

  it('edits an endpoint: pausing it sends only that', async () => {
    const { api, user } = await openPage();
    api.answer(`PATCH ${WEBHOOKS}/${ENDPOINT_ID}`, { status: 200, body: buildEndpoint({ enabled: false }) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveValue('https://build.example.com/hooks/editor');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook saved')).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ enabled: false }]);
  });

  it('is for technical admins only', async () => {
    const api = installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path: '/admin/webhooks', signedInAs: 'editor' });
    expect(await screen.findByText('Only technical admins can manage webhooks.')).toBeVisible();
    expect(api.requests.filter((request) => request.path.startsWith(WEBHOOKS))).toEqual([]);
  });
});
