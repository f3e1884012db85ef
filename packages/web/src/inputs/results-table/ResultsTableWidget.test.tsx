import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InputDefinition, ResultsTableValue } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { preloadLazyWidgets } from '../registry.tsx';

// Menus and dropdowns open in portals; two shared cores need the time.
vi.setConfig({ testTimeout: 20_000 });

const resultsInput: InputDefinition = { name: 'results', type: 'results-table', view: { label: 'Results table' } };
const REQUIRED = 'This field is required.';
const INVALID = 'Does not match required pattern or contains invalid character.';

const columns = [
  { name: 'rank', title: 'Rank' },
  { name: 'person', title: 'Person' },
  { name: 'mainResult', title: 'Result' },
];
const filled: ResultsTableValue = {
  title: 'Final',
  columns,
  rows: [
    { cells: [{ value: '1' }, { value: 'Ann' }, { value: '1:02.3' }] },
    { cells: [{ value: '2' }, { value: 'Bob' }, { value: '1:03.0' }] },
    { cells: [{ value: '3' }, { value: 'Cleo' }, { value: '1:04.9' }] },
  ],
};
const column = (value: unknown, index: number) => (value as ResultsTableValue).rows.map((row) => row.cells[index]?.value);

async function chooseFromMenu(user: ReturnType<typeof renderField>['user'], menu: string, item: string) {
  await user.click(screen.getByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('ResultsTableWidget (spec 002 §3, §4, §5)', () => {
  it('is empty until a row count above 0 is given and Create is pressed', async () => {
    const { user, valueOf } = renderField(resultsInput);
    const rows = screen.getByRole('textbox', { name: 'Rows' });
    expect(rows).toHaveValue('1');
    await user.clear(rows);
    await user.type(rows, '0');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.clear(rows);
    await user.type(rows, '3');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(column(valueOf(), 0)).toEqual(['1', '2', '3']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Rank', 'Person', 'Result']);
    expect(screen.getByRole('textbox', { name: 'Row 2, Rank' })).toHaveValue('2');
  });

  it('renumbers digit ranks when a row moves, and keeps other ranks', async () => {
    const { user, valueOf } = renderField(resultsInput, { results: { ...filled, rows: [...filled.rows, { cells: [{ value: 'DNF' }, { value: 'Dan' }, { value: '-' }] }] } });
    await chooseFromMenu(user, 'Row 3 actions', 'Move row up');
    expect(column(valueOf(), 0)).toEqual(['1', '2', '3', 'DNF']);
    expect(column(valueOf(), 1)).toEqual(['Ann', 'Cleo', 'Bob', 'Dan']);
    await chooseFromMenu(user, 'Row 1 actions', 'Remove row');
    expect(column(valueOf(), 0)).toEqual(['1', '2', 'DNF']);
    expect(screen.getByRole('textbox', { name: 'Row 1, Rank' })).toHaveValue('1');
  });

  it('prefills the rank of an added row with its row number', async () => {
    const { user, valueOf } = renderField(resultsInput, { results: filled });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(column(valueOf(), 0)).toEqual(['1', '2', '3', '4']);
  });

  it("adds a column titled 'Column' with its pin and format, and converts its cells when the format changes", async () => {
    const { user, valueOf } = renderField(resultsInput, { results: filled });
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    const dialogTitle = screen.getByRole('textbox', { name: 'Column title' });
    expect(dialogTitle).toHaveValue('Column');
    await user.clear(dialogTitle);
    await user.type(dialogTitle, 'Points');
    await user.click(screen.getByRole('checkbox', { name: 'Pinned' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((valueOf() as ResultsTableValue).columns[3]).toEqual({ name: 'column-1', title: 'Points', pinned: true, format: 'text' });

    await user.type(screen.getByRole('textbox', { name: 'Row 1, Points' }), '12{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Row 2, Points' }), 'ten{Enter}');
    expect(column(valueOf(), 3)).toEqual(['12', 'ten', '']);

    await user.click(screen.getByRole('button', { name: 'Column Points settings' }));
    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'integer' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((valueOf() as ResultsTableValue).columns[3]?.format).toBe('integer');
    expect(column(valueOf(), 3)).toEqual([12, null, '']);
  });

  it('flags a cell its column format cannot hold, with the message', async () => {
    const withPoints: ResultsTableValue = {
      ...filled,
      columns: [...columns, { name: 'column-1', title: 'Points', pinned: false, format: 'points' }],
      rows: filled.rows.map((row) => ({ cells: [...row.cells, { value: '' }] })),
    };
    const { user, valueOf } = renderField(resultsInput, { results: withPoints });
    const cell = screen.getByRole('textbox', { name: 'Row 1, Points' });
    await user.type(cell, 'lots{Enter}');
    expect((valueOf() as ResultsTableValue).rows[0]?.cells[3]).toEqual({ value: 'lots', invalid: true });
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    await user.clear(cell);
    await user.type(cell, '132.5{Enter}');
    expect((valueOf() as ResultsTableValue).rows[0]?.cells[3]).toEqual({ value: 132.5 });
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('shows the empty title and empty required cells once the table has been left', async () => {
    const { user } = renderField(resultsInput, { results: { ...filled, title: '', rows: [{ cells: [{ value: '1' }, { value: '' }, { value: '9' }] }] } });
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.tab();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    const personCell = screen.getByRole('textbox', { name: 'Row 1, Person' });
    expect(personCell).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes nothing when read-only', () => {
    renderField(resultsInput, { results: filled }, { isReadonly: true });
    expect(screen.getByRole('textbox', { name: 'Row 1, Rank' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Row 1 actions' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add row' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Results table' })).getAllByRole('row')).toHaveLength(4);
  });
});
