import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LifecycleResponse, Transition } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import { LifecyclePanel } from './LifecyclePanel.tsx';
import { renderDetailsPanel } from '../../../test/renderDetailsPanel.tsx';

const LIFECYCLE = 'GET /api/crepo/lifecycles/a1';

const transition = (overrides: Partial<Transition>): Transition => ({
  transitionTo: 'PUBLISHED',
  transitionStatus: 'EXECUTED',
  executionTimestamp: '2026-03-02T08:00:00.000Z',
  transitionMessage: null,
  user: 'Emma Editor',
  ...overrides,
});

const lifecycle = (transitions: Transition[], status: LifecycleResponse['attributes']['status'] = 'published'): LifecycleResponse => ({
  id: 'a1',
  localization: 'en',
  attributes: { status, scheduledTransitions: transitions },
  _links: { self: { href: '/api/crepo/lifecycles/a1?localization=en', methods: ['GET'] } },
});

async function renderLifecycle(answer: { status: number; body?: unknown }, environment: 'design' | 'staging' | 'preview' | 'production' = 'production') {
  return renderDetailsPanel(<LifecyclePanel asset={buildAssetVersion()} />, { config: { environment }, api: { [LIFECYCLE]: answer } });
}

const NOT_FOUND = { status: 404, body: { status: 404, messages: ['No asset a1.'] } };

describe('the Lifecycle tab (spec 002 §2)', () => {
  it('asks for the lifecycle of the open version', async () => {
    const { api } = await renderLifecycle({ status: 200, body: lifecycle([]) });
    await screen.findByText('There is no publish schedule set for this asset.');
    const call = api.requests.find((request) => request.path === '/api/crepo/lifecycles/a1');
    expect(call?.query.get('localization')).toBe('en');
  });

  it('shows the status, the scheduled transitions soonest first and the history newest first', async () => {
    const body = lifecycle([
      transition({ executionTimestamp: '2026-03-02T08:00:00.000Z', user: 'Emma Editor' }),
      transition({ transitionTo: 'UNPUBLISHED', executionTimestamp: '2026-03-05T08:00:00.000Z', user: 'Max Manager' }),
      transition({ executionTimestamp: '2026-03-06T08:00:00.000Z', user: 'Max Manager' }),
      transition({ transitionStatus: 'SCHEDULED', transitionTo: 'UNPUBLISHED', executionTimestamp: '2026-12-31T12:00:00.000Z' }),
      transition({ transitionStatus: 'SCHEDULED', transitionTo: 'PUBLISHED', executionTimestamp: '2026-12-01T12:00:00.000Z' }),
    ]);
    await renderLifecycle({ status: 200, body });

    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByText('Scheduled')).toBeVisible();

    const upcoming = within(screen.getByRole('list', { name: 'Upcoming transitions' })).getAllByRole('listitem');
    expect(upcoming.map((item) => item.textContent)).toEqual([
      `Publish${formatDisplayDateTime('2026-12-01T12:00:00.000Z')} by Emma Editor`,
      `Unpublish${formatDisplayDateTime('2026-12-31T12:00:00.000Z')} by Emma Editor`,
    ]);
    const history = within(screen.getByRole('list', { name: 'Past transitions' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      `Published${formatDisplayDateTime('2026-03-06T08:00:00.000Z')} by Max Manager`,
      `Unpublished${formatDisplayDateTime('2026-03-05T08:00:00.000Z')} by Max Manager`,
      `Published${formatDisplayDateTime('2026-03-02T08:00:00.000Z')} by Emma Editor`,
    ]);
    expect(screen.getByText('This history might not be complete: publish and unpublish steps from before lifecycle tracking began are not listed.')).toBeVisible();
  });

  it('shows a failed transition in red with its message', async () => {
    const body = lifecycle([
      transition({ executionTimestamp: '2026-03-02T08:00:00.000Z' }),
      transition({ transitionStatus: 'ERROR', executionTimestamp: '2026-03-04T08:00:00.000Z', transitionMessage: 'The uri-title is taken.' }),
    ]);
    await renderLifecycle({ status: 200, body });
    const [failed] = within(await screen.findByRole('list', { name: 'Past transitions' })).getAllByRole('listitem');
    expect(failed).toHaveTextContent('Publishing failed');
    const message = within(failed!).getByText('The uri-title is taken.');
    expect(message).toBeVisible();
    expect(message.getAttribute('style')).toContain('--mantine-color-red-text');
    expect(within(failed!).getByText('Publishing failed').getAttribute('style')).toContain('--mantine-color-red-text');
  });

  it('says so when nothing is scheduled and nothing happened yet', async () => {
    await renderLifecycle({ status: 200, body: lifecycle([], 'draft') });
    expect(await screen.findByText('There is no publish schedule set for this asset.')).toBeVisible();
    expect(screen.getByText('There is no publish history available for this asset.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Overview' })).getByText('Draft')).toBeVisible();
  });

  it('warns outside production when the lifecycle is not found', async () => {
    await renderLifecycle(NOT_FOUND, 'preview');
    expect(await screen.findByText('Lifecycle was not found.')).toBeVisible();
    expect(screen.getByText('There is no publish history available for this asset.')).toBeVisible();
    expect(screen.queryByText('Lifecycle information is currently not reliably available on staging and design.')).not.toBeInTheDocument();
    // Without a lifecycle the status comes from the version.
    expect(within(screen.getByRole('region', { name: 'Overview' })).getByText('Published')).toBeVisible();
  });

  it('does not warn in production when the lifecycle is not found', async () => {
    await renderLifecycle(NOT_FOUND, 'production');
    expect(await screen.findByText('There is no publish history available for this asset.')).toBeVisible();
    expect(screen.queryByText('Lifecycle was not found.')).not.toBeInTheDocument();
  });

  it.each(['staging', 'design'] as const)('warns on %s that the lifecycle is not reliable', async (environment) => {
    await renderLifecycle(NOT_FOUND, environment);
    expect(await screen.findByText('Lifecycle was not found.')).toBeVisible();
    expect(screen.getByText('Lifecycle information is currently not reliably available on staging and design.')).toBeVisible();
  });

  it('shows the server message when the lifecycle call fails otherwise', async () => {
    await renderLifecycle({ status: 500, body: { status: 500, messages: ['The lifecycle store is down.'] } });
    expect(await screen.findByText('The lifecycle store is down.')).toBeVisible();
    await waitFor(() => expect(screen.getByText('There is no publish schedule set for this asset.')).toBeVisible());
  });
});
