import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetVersion, LifecycleResponse } from '@editor/domain';
import { buildAssetVersion, buildHistoryEntry } from '../../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../../test/fakeApi.ts';
import { formatDisplayDateTime } from '../../../ui/formatDate.ts';
import { MetaPanel } from './MetaPanel.tsx';
import { renderDetailsPanel } from '../../../test/renderDetailsPanel.tsx';

const ROWS = [
  'ID',
  'Crepo ID',
  'MEPP ID',
  'MEPP Program',
  'RBU ID',
  'Asset type',
  'Content spaces',
  'Localisation',
  'Translations',
  'RB2 Asset ID',
  'Created',
  'Updated',
  'Editors',
  'First imported',
  'Last imported',
  'ContentHub ID',
];

/** The lifecycles of the asset's locales: de has a publish scheduled, fr was unpublished, the rest answer 404. */
function lifecycles(request: RecordedRequest): FakeResponse {
  const localization = request.query.get('localization') ?? '';
  const base = { id: 'a1', localization, _links: { self: { href: request.path, methods: ['GET'] } } };
  const at = '2026-03-02T08:00:00.000Z';
  const bodies: Record<string, LifecycleResponse['attributes']> = {
    de: { status: 'draft', scheduledTransitions: [{ transitionTo: 'PUBLISHED', transitionStatus: 'SCHEDULED', executionTimestamp: '2026-12-01T08:00:00.000Z', transitionMessage: null, user: 'Emma Editor' }] },
    fr: {
      status: 'unpublished',
      scheduledTransitions: [
        { transitionTo: 'PUBLISHED', transitionStatus: 'EXECUTED', executionTimestamp: at, transitionMessage: null, user: 'Emma Editor' },
        { transitionTo: 'UNPUBLISHED', transitionStatus: 'EXECUTED', executionTimestamp: '2026-03-03T08:00:00.000Z', transitionMessage: null, user: 'Emma Editor' },
      ],
    },
  };
  const attributes = bodies[localization];
  return attributes ? { status: 200, body: { ...base, attributes } } : { status: 404, body: { status: 404, messages: ['Not found.'] } };
}

const LINKS = 'GET /api/crepo/url-composer/v1/resources/a1/links';
const noLinks: FakeResponse = { status: 200, body: { data: { links: [] } } };

async function renderMeta(asset: AssetVersion, options: { links?: FakeResponse | ((request: RecordedRequest) => FakeResponse) } = {}) {
  const view = await renderDetailsPanel(<MetaPanel asset={asset} stencilLabel="Story" />, {
    api: { 'GET /api/crepo/lifecycles/a1': lifecycles, [LINKS]: options.links ?? noLinks },
  });
  await screen.findByRole('table', { name: 'Meta' });
  return view;
}

const rowLabels = () => screen.getAllByRole('rowheader').map((header) => header.textContent);
const cellOf = (label: string) => {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  if (!row) throw new Error(`No row ${label}.`);
  return within(row).getByRole('cell');
};

describe('the Meta tab (spec 002 §2)', () => {
  it('lists every row, with — where the asset has no value', async () => {
    await renderMeta(buildAssetVersion({ localizations: [{ localization: 'en', status: 'published' }] }));
    expect(rowLabels()).toEqual(ROWS);
    expect(cellOf('ID')).toHaveTextContent('a1');
    expect(cellOf('Crepo ID')).toHaveTextContent('a1');
    expect(cellOf('Asset type')).toHaveTextContent('Story');
    expect(cellOf('Content spaces')).toHaveTextContent('rbcom');
    expect(cellOf('Localisation')).toHaveTextContent('en');
    for (const label of ['MEPP ID', 'MEPP Program', 'RBU ID', 'Translations', 'RB2 Asset ID', 'Editors', 'First imported', 'Last imported', 'ContentHub ID']) {
      expect(cellOf(label), label).toHaveTextContent(/^—$/);
    }
    expect(screen.queryByRole('rowheader', { name: 'Links' })).not.toBeInTheDocument();
  });

  it('shows created and updated with date and user', async () => {
    await renderMeta(buildAssetVersion());
    expect(cellOf('Created')).toHaveTextContent(`${formatDisplayDateTime('2026-03-01T09:00:00.000Z')} by Emma Editor`);
    expect(cellOf('Updated')).toHaveTextContent(`${formatDisplayDateTime('2026-03-12T10:30:00.000Z')} by Max Manager`);
  });

  it('shows every space, and the ids of a MEPP import, an rbu import and a content hub reference', async () => {
    await renderMeta(
      buildAssetVersion({
        spaces: ['rbcom', 'global'],
        musicImport: { program: 'meppconnect', masterDataId: 'mepp-77' },
        externalReference: { origin: 'content-hub', foreignId: 'ch-9' },
      }),
    );
    expect(cellOf('Content spaces')).toHaveTextContent('rbcom, global');
    expect(cellOf('MEPP ID')).toHaveTextContent('mepp-77');
    expect(cellOf('MEPP Program')).toHaveTextContent('meppconnect');
    expect(cellOf('RBU ID')).toHaveTextContent(/^—$/);
    expect(cellOf('ContentHub ID')).toHaveTextContent('ch-9');
  });

  it('shows the master data id of an rbu import as the RBU ID too', async () => {
    await renderMeta(buildAssetVersion({ musicImport: { program: 'rbu', masterDataId: 'rbu-5' }, externalReference: { origin: 'crepo', foreignId: 'x' } }));
    expect(cellOf('RBU ID')).toHaveTextContent('rbu-5');
    expect(cellOf('MEPP Program')).toHaveTextContent('rbu');
    expect(cellOf('ContentHub ID')).toHaveTextContent(/^—$/);
  });

  it('shows the RB2 asset id and the first and last import an import recorded', async () => {
    const crepoImport = { createdDate: '2026-02-01T07:15:00.000Z', updatedDate: '2026-03-20T16:45:00.000Z' };
    await renderMeta(buildAssetVersion({ meta: { migration: { rb2assetId: 'rb2-4711' }, crepoImport } }));
    expect(cellOf('RB2 Asset ID')).toHaveTextContent(/^rb2-4711$/);
    expect(cellOf('First imported')).toHaveTextContent(formatDisplayDateTime(crepoImport.createdDate));
    expect(cellOf('Last imported')).toHaveTextContent(formatDisplayDateTime(crepoImport.updatedDate));
    expect(formatDisplayDateTime(crepoImport.createdDate)).not.toBe(formatDisplayDateTime(crepoImport.updatedDate));
  });

  it('names each editor of the loaded history once', async () => {
    const history = [
      buildHistoryEntry({ version: 3, user: 'Emma Editor' }),
      buildHistoryEntry({ version: 1, user: 'Emma Editor' }),
      buildHistoryEntry({ version: 2, user: 'Max Manager' }),
    ];
    await renderMeta(buildAssetVersion({ history }));
    expect(cellOf('Editors')).toHaveTextContent('Emma Editor, Max Manager');
  });

  it('links each other locale to its editor, with its translation badge', async () => {
    const { user, router } = await renderMeta(
      buildAssetVersion({
        localizations: [
          { localization: 'en', status: 'published' },
          { localization: 'de', status: 'draft' },
          { localization: 'fr', status: 'unpublished' },
          { localization: 'es', status: 'published' },
        ],
      }),
    );
    const cell = cellOf('Translations');
    expect(within(cell).queryByRole('link', { name: 'en' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(cell).getByText('Scheduled')).toBeVisible());
    const badgeOf = (locale: string) => within(cell).getByRole('link', { name: locale }).parentElement;
    expect(badgeOf('de')).toHaveTextContent('deScheduled');
    expect(badgeOf('fr')).toHaveTextContent('frUnpublished');
    // es has no lifecycle: its stored status speaks.
    expect(badgeOf('es')).toHaveTextContent('esPublished');

    await user.click(within(cell).getByRole('link', { name: 'de' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/a1/localizations/de/edit'));
  });

  it('shows the url-composer links the version has, each in a new tab', async () => {
    const links = [
      { rel: 'web', href: 'https://www.example.com/en/assets/a1' },
      { rel: 'explorer', href: 'https://explorer.example.com/?asset=a1' },
    ];
    const { api } = await renderMeta(buildAssetVersion(), { links: { status: 200, body: { data: { links } } } });
    const shown = await within(await screen.findByRole('cell', { name: /View on website/ })).findAllByRole('link');
    expect(shown.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['View on website', 'https://www.example.com/en/assets/a1', '_blank'],
      ['Content explorer', 'https://explorer.example.com/?asset=a1', '_blank'],
    ]);
    expect(api.requests.find((request) => request.path.endsWith('/links'))?.query.get('localization')).toBe('en');
  });

  it('asks once more after a delay when the links answer 404, then shows them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const links = [{ rel: 'webPreview', href: 'https://preview.example.com/a1' }];
    const { api } = await renderMeta(buildAssetVersion(), {
      links: () => (++calls === 1 ? { status: 404, body: { status: 404, messages: ['Not known yet.'] } } : { status: 200, body: { data: { links } } }),
    });
    expect(await screen.findByRole('link', { name: 'Preview' }, { timeout: 5000 })).toHaveAttribute('href', 'https://preview.example.com/a1');
    expect(api.requests.filter((request) => request.path.endsWith('/links'))).toHaveLength(2);
    logged.mockRestore();
  });

  it('logs a failure and shows no Links row', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderMeta(buildAssetVersion(), { links: { status: 500, body: { status: 500, messages: ['Down.'] } } });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('rowheader', { name: 'Links' })).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
