import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEaql, type AssetListItem } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../../test/fakeApi.ts';
import { renderDetailsPanel } from '../../../test/renderDetailsPanel.tsx';
import { UsagePanel } from './UsagePanel.tsx';
import { versionsQuery } from '../../../parts/publishing/useUsage.ts';

const USAGE = 'GET /api/v1/assets/a1/localizations/en/usage';

const referencing = Array.from({ length: 10 }, (_, index) =>
  buildListItem({ id: `r${index + 1}`, localization: index % 2 === 0 ? 'en' : 'de', title: `Referencing story ${index + 1}` }),
);

/** The usage call over `referencing`, paged by its limit and offset. */
function usageAnswer(request: RecordedRequest): FakeResponse {
  const limit = Number(request.query.get('limit'));
  const offset = Number(request.query.get('offset'));
  const items = referencing.slice(offset, offset + limit).map((item) => ({ id: item.id, localization: item.localization }));
  return { status: 200, body: { total: referencing.length, items } };
}

/** The list call for an EAQL query of versions, answered in reverse order (the panel keeps the usage order). */
function listAnswer(request: RecordedRequest): FakeResponse {
  const q = request.query.get('q') ?? '';
  const wanted = [...q.matchAll(/id = (\S+) AND localization = (\S+)/g)].map(([, id, localization]) => `${id}-${localization}`);
  const items = referencing.filter((item) => wanted.includes(`${item.id}-${item.localization}`)).toReversed();
  return { status: 200, body: buildListResponse({ items }) };
}

const cardTitles = () => within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('article').map((card) => card.getAttribute('aria-label'));

async function renderUsage(api: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)> = {}) {
  return renderDetailsPanel(<UsagePanel asset={buildAssetVersion()} />, {
    api: { [USAGE]: usageAnswer, 'GET /api/v1/assets': listAnswer, ...api },
  });
}

describe('the Usage tab (spec 002 §2, §9)', () => {
  it('says when no other asset uses this one, without asking for cards', async () => {
    const { api } = await renderUsage({ [USAGE]: { status: 200, body: { total: 0, items: [] } } });
    expect(await screen.findByText('This asset is not used in other assets so far.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/v1/assets')).toBe(false);
  });

  it('counts the using assets and shows the first 8 as cards, in the order of the usage call', async () => {
    const { api } = await renderUsage();
    expect(await screen.findByText('This asset is used by 10 other asset(s).')).toBeVisible();
    await waitFor(() => expect(cardTitles()).toEqual(referencing.slice(0, 8).map((item) => item.title)));

    const usageCall = api.requests.find((request) => request.path === '/api/v1/assets/a1/localizations/en/usage');
    expect(Object.fromEntries(usageCall?.query ?? [])).toEqual({ limit: '8', offset: '0' });
    const listCalls = api.requests.filter((request) => request.path === '/api/v1/assets');
    expect(listCalls).toHaveLength(1);
    expect(Object.fromEntries(listCalls[0]?.query ?? [])).toEqual({ q: versionsQuery(referencing.slice(0, 8)), limit: '8' });
  });

  it('loads 8 more with Load more, until all are shown', async () => {
    const { api, user } = await renderUsage();
    await waitFor(() => expect(cardTitles()).toHaveLength(8));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toEqual(referencing.map((item) => item.title)));
    const offsets = api.requests.filter((request) => request.path.endsWith('/usage')).map((request) => request.query.get('offset'));
    expect(offsets).toEqual(['0', '8']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reports a failed usage call with its status', async () => {
    await renderUsage({ [USAGE]: { status: 503, body: { status: 503, messages: ['Try again later.'] } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Sorry, could not get usage data.')).toBeVisible();
    expect(within(alert).getByText('ERROR: 503')).toBeVisible();
  });

  it('reports a failed card call the same way', async () => {
    await renderUsage({ 'GET /api/v1/assets': { status: 500, body: { status: 500, messages: ['Broken.'] } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Sorry, could not get usage data.')).toBeVisible();
    expect(within(alert).getByText('ERROR: 500')).toBeVisible();
    expect(screen.getByText('This asset is used by 10 other asset(s).')).toBeVisible();
  });

  it('flips the star of a using asset like any card', async () => {
    const { user, api } = await renderUsage({ 'PUT /api/v1/assets/r1/localizations/en/bookmark': { status: 204 } });
    const card = await screen.findByRole('article', { name: 'Referencing story 1' });
    await user.click(within(card).getByRole('button', { name: 'Favorite' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true'));
    expect(api.requests.some((request) => request.method === 'PUT' && request.path.endsWith('/r1/localizations/en/bookmark'))).toBe(true);
  });
});

describe('the list query for a usage page', () => {
  it('matches exactly the given versions and parses as EAQL', () => {
    const keys: Array<Pick<AssetListItem, 'id' | 'localization'>> = [
      { id: 'a1', localization: 'en' },
      { id: 'b 2', localization: 'pt-BR' },
    ];
    const query = versionsQuery(keys);
    expect(query).toBe('id = a1 AND localization = en OR id = "b 2" AND localization = pt-BR');
    expect(parseEaql(query).ok).toBe(true);
  });
});
