import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventImportPreview, EventRecordInput, UpsertBatchResult } from '@editor/domain';
import { installFakeApi, type FakeResponse } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

const EVENTS = '/api/v1/reference-data/events';

const eventItem = (externalId: string, title: string): EventRecordInput => ({
  externalId,
  title,
  description: '',
  source: 'CREPO',
  meppRef: null,
  rbuRef: null,
  locale: 'en',
  translations: [],
  tags: [],
  spaces: ['rbcom'],
  start: '2026-08-01T16:00:00.000Z',
  end: '2026-08-01T20:00:00.000Z',
  timeZone: 'Europe/Vienna',
  location: { countryCode: 'AT', countryName: 'Austria', city: 'Salzburg', lat: 47.8, lng: 13.05 },
  series: null,
  hostedByProduct: true,
  status: 'Confirmed',
  featuredImageUrl: null,
});

const PREVIEW: EventImportPreview = {
  fileErrors: [],
  rows: [
    { row: 1, externalId: 'final@example.com', item: eventItem('final@example.com', 'Harbour Finals'), errors: [] },
    { row: 2, externalId: 'nowhere@example.com', errors: ["location: LOCATION 'Atlantis' names no known town"] },
    { row: 3, externalId: 'moon@example.com', item: { ...eventItem('moon@example.com', 'Moon Race'), spaces: ['moon'] }, errors: [] },
  ],
};

const calendarFile = () => new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'season.ics', { type: 'text/calendar' });

function deferred<T>() {
  const box: { resolve?: (value: T) => void } = {};
  const promise = new Promise<T>((done) => {
    box.resolve = done;
  });
  return { promise, resolve: (value: T) => box.resolve?.(value) };
}

async function openPage(handlers: Record<string, FakeResponse | ((request: never) => Promise<FakeResponse>)> = {}) {
  const api = installFakeApi({ 'GET /api/v1/user': { status: 200, body: technicalAdmin() }, ...handlers });
  const view = await renderApp({ path: '/admin/imports', signedInAs: 'admin' });
  await screen.findByRole('heading', { name: 'Data Imports' });
  return { ...view, api };
}

describe('the data imports page', { timeout: 20_000 }, () => {
  it('reads a calendar file, lists the rows it cannot import, imports the rest with progress and sums up', async () => {
    const batch = deferred<FakeResponse>();
    const answer: UpsertBatchResult = {
      results: [
        { externalId: 'final@example.com', outcome: 'created', href: `${EVENTS}/e-1` },
        { externalId: 'moon@example.com', outcome: 'failed', errors: ['spaces: moon is not one of rbcom, rbtv.'] },
      ],
    };
    const { api, user } = await openPage({ [`POST ${EVENTS}/import-preview`]: { status: 200, body: PREVIEW }, [`POST ${EVENTS}/upserts`]: () => batch.promise });

    await user.upload(screen.getByLabelText('File to import'), calendarFile());
    expect(await screen.findByText('“season.ics”: 3 rows read, 2 rows ready to import, 1 row with errors.')).toBeVisible();
    const previewRequest = api.requests.find((request) => request.path === `${EVENTS}/import-preview`);
    expect(previewRequest?.body).toEqual({ format: 'ics', text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', spaces: ['rbcom', 'rbtv', 'global', 'illume', 'wrc'] });
    const problems = screen.getByRole('table', { name: 'Rows not imported' });
    expect(within(problems).getByRole('cell', { name: 'nowhere@example.com' })).toBeVisible();
    expect(within(problems).getByText("location: LOCATION 'Atlantis' names no known town")).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Importing “season.ics”: 0 of 2 rows')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    expect(api.requests.filter((request) => request.path === `${EVENTS}/upserts`).map((request) => request.body)).toEqual([{ items: [PREVIEW.rows[0]?.item, PREVIEW.rows[2]?.item] }]);

    batch.resolve({ status: 200, body: answer });
    expect(await screen.findByText('1 created, 0 updated, 0 unchanged, 2 not imported.')).toBeVisible();
    expect(screen.getByText('Import finished')).toBeVisible();
    const rows = within(screen.getByRole('table', { name: 'Rows not imported' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2', 'nowhere@example.com', "location: LOCATION 'Atlantis' names no known town"],
      ['3', 'moon@example.com', 'spaces: moon is not one of rbcom, rbtv.'],
    ]);
  });

  it('shows why a file cannot be read at all, and imports nothing', async () => {
    const { api, user } = await openPage({ [`POST ${EVENTS}/import-preview`]: { status: 200, body: { rows: [], fileErrors: ['The calendar holds no events (VEVENT).'] } } });
    await user.upload(screen.getByLabelText('File to import'), calendarFile());
    expect(await screen.findByText('The calendar holds no events (VEVENT).')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(api.requests.some((request) => request.path === `${EVENTS}/upserts`)).toBe(false);
  });

  it('refuses a file of another type before sending it', async () => {
    const { api } = await openPage();
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('“notes.txt” is not a .ics or .csv file.')).toBeVisible();
    expect(api.requests.some((request) => request.path.startsWith(EVENTS))).toBe(false);
  });

  it('imports master data from JSON, sending no spaces', async () => {
    const { api, user } = await openPage({
      'POST /api/v1/reference-data/master-data/import-preview': { status: 200, body: { fileErrors: [], rows: [{ row: 1, externalId: 'sports/athlete/a-1', item: { domain: 'sports', model: 'athlete', masterId: 'a-1', program: 'meppconnect', locale: 'en', space: 'rbcom', title: 'Lena', content: {} }, errors: [] }] } },
      'POST /api/v1/reference-data/master-data/upserts': { status: 200, body: { results: [{ externalId: 'sports/athlete/a-1', outcome: 'unchanged', href: '/x' }] } },
    });
    await user.click(screen.getByText('Master data'));
    await user.upload(screen.getByLabelText('File to import'), new File(['[]'], 'athletes.json', { type: 'application/json' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText('0 created, 0 updated, 1 unchanged, 0 not imported.')).toBeVisible();
    expect(api.requests.find((request) => request.path.endsWith('/import-preview'))?.body).toEqual({ format: 'json', text: '[]' });
    expect(screen.queryByRole('table', { name: 'Rows not imported' })).toBeNull();
  });

  it('imports tags and playground projects from CSV, reporting a project without its broader tag', async () => {
    const TAGS = '/api/v1/reference-data/tags';
    const { api, user } = await openPage({
      [`POST ${TAGS}/import-preview`]: {
        status: 200,
        body: { fileErrors: [], rows: [{ row: 2, externalId: 'meppconnect/104233', item: { origin: 'meppconnect', foreignId: '104233', title: 'Running projects', uriSlug: null, broaderTag: null }, errors: [] }, { row: 3, externalId: 'mediaplanet/BP-WFLRUN2026AB1', item: { origin: 'mediaplanet', foreignId: 'BP-WFLRUN2026AB1', title: 'Run', uriSlug: null, broaderTag: { origin: 'meppconnect', foreignId: '999999' } }, errors: [] }] },
      },
      [`POST ${TAGS}/upserts`]: { status: 200, body: { results: [{ externalId: 'meppconnect/104233', outcome: 'created', href: `${TAGS}/meppconnect/104233` }, { externalId: 'mediaplanet/BP-WFLRUN2026AB1', outcome: 'failed', errors: ['broaderTag: there is no meppconnect tag 999999.'] }] } },
    });
    await user.click(screen.getByText('Tags and playground projects'));
    await user.upload(screen.getByLabelText('File to import'), new File(['origin,foreignId,title'], 'tags.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('1 created, 0 updated, 0 unchanged, 1 not imported.')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Rows not imported' })).getByText('broaderTag: there is no meppconnect tag 999999.')).toBeVisible();
    expect(api.requests.find((request) => request.path === `${TAGS}/import-preview`)?.body).toEqual({ format: 'csv', text: 'origin,foreignId,title' });
  });

  it('tells other users that importing is for technical admins', async () => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser({ id: 'editor', name: 'Emma Editor', roles: ['admin', 'content-editor'], spaces: ['rbcom'], localizations: ['en'] }) } });
    await renderApp({ path: '/admin/imports', signedInAs: 'editor' });
    expect(await screen.findByText('Only technical admins can import data.')).toBeVisible();
    expect(screen.queryByLabelText('File to import')).toBeNull();
  });
});
