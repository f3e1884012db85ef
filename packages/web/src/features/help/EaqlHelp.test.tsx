import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EAQL_PROPERTIES } from '@editor/domain';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildConfig, buildUser } from '../../test/fixtures.ts';
import { AppConfigProvider } from '../../config/AppConfigProvider.tsx';
import { renderApp } from '../../test/renderApp.tsx';
import { renderUi } from '../../test/renderUi.tsx';
import { EaqlHelp } from './EaqlHelp.tsx';
import { MiscHelp } from './MiscHelp.tsx';

const NO_LINKS = buildConfig().links;
const renderMiscHelp = (links: Partial<typeof NO_LINKS> = {}) =>
  renderUi(
    <AppConfigProvider config={buildConfig({ links: { ...NO_LINKS, ...links } })}>
      <MiscHelp />
    </AppConfigProvider>,
  );

/** The cells of each body row of a table, as text. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent ?? ''))
    .filter((cells) => cells.length > 0);
}

describe('the EAQL help page (spec 002 §2)', () => {
  it('lists every property with its datatype', () => {
    renderUi(<EaqlHelp />);
    const listed = new Map(rowsOf(screen.getByRole('table', { name: 'Properties' })).map(([name, type]) => [name, type]));
    for (const [name, { type }] of Object.entries(EAQL_PROPERTIES)) expect(listed.get(name), name).toBe(type);
    expect(listed.get('content.<input-name>')).toBe('text');
  });

  it('documents the operators, says that in works on keyword fields and shows the in example by id', () => {
    renderUi(<EaqlHelp />);
    const operators = rowsOf(screen.getByRole('table', { name: 'Operators' })).map(([operator]) => operator);
    expect(operators).toEqual(expect.arrayContaining(['=', '!=', '~', 'in (…)', 'exists']));
    expect(screen.getByText('The in operator works on keyword fields only: it matches when the property equals any of the listed values.')).toBeVisible();
    const examples = rowsOf(screen.getByRole('table', { name: 'Examples' })).map(([query]) => query);
    expect(examples.some((query) => query?.startsWith('id in ("'))).toBe(true);
  });
});

describe('the Miscellaneous help page (spec 002 §2, §7)', () => {
  it('lists both import routes with their role rules', () => {
    renderMiscHelp();
    const byReference = screen.getByRole('region', { name: 'Import by external reference' });
    expect(within(byReference).getByText('GET /api/v1/import/crepo?url={url}&fieldsToImport={comma list}')).toBeVisible();
    expect(within(byReference).getByText('Admin only.')).toBeVisible();

    const byDomain = screen.getByRole('region', { name: 'Import by domain, model and id' });
    expect(within(byDomain).getByText('GET /api/v1/import/{domain}/{model}/{masterId}')).toBeVisible();
    expect(within(byDomain).getByText('Admin and technician only.')).toBeVisible();
    expect(within(byDomain).getByText('Imports the asset of a master data record. If that asset was deleted, it is created again.')).toBeVisible();
    expect(within(byDomain).getByText('For culture: artist, event or series. For sports: athlete, event or team.')).toBeVisible();

    expect(screen.getByText('/api/v1/assets/{assetId}')).toBeVisible();
  });

  it('links to the configured outside places in a new tab and leaves out the others (spec 000 §2)', () => {
    renderMiscHelp({ uriSlugRegistry: 'https://slugs.example.com', eventsFaq: 'https://events.example.com/faq' });
    const links = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['Events FAQ', 'https://events.example.com/faq', '_blank'],
      ['URI slug registry', 'https://slugs.example.com', '_blank'],
    ]);
  });

  it('shows no links section when none is configured', () => {
    renderMiscHelp();
    expect(screen.queryByRole('heading', { name: 'Links' })).not.toBeInTheDocument();
  });
});

describe('the help routes', () => {
  it.each([
    ['/help/eaql', 'EAQL: the advanced search'],
    ['/help/misc', 'Miscellaneous'],
  ])('%s shows its page under the Help tabs', async (path, heading) => {
    installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser() } });
    await renderApp({ path, signedInAs: 'editor' });
    expect(await screen.findByRole('heading', { name: heading, level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  });
});
