import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InputDefinition, TableValue } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { renderField } from '../../test/renderField.tsx';
import { stubLayoutForEditor } from '../rich-text/layoutStubs.ts';
import { preloadLazyWidgets } from '../registry.tsx';

beforeAll(stubLayoutForEditor);

/** A started cell editor asks the API about internal links, as any rich text does. */
function withApi(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <ApiClientProvider getCredentials={async () => ({ idToken: 'token', roleOverride: null })}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

// Menus open in portals and cells start their editors; two shared cores need the time.
vi.setConfig({ testTimeout: 20_000 });

const tableInput: InputDefinition = { name: 'table', type: 'table', view: { label: 'Table', hint: 'Standings after the race' } };
const MISMATCH = "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.";

const filled: TableValue = {
  columns: [{ title: 'Name' }, { title: 'Points' }],
  rows: [{ cells: [{ value: 'Ann' }, { value: '12' }] }, { cells: [{ value: 'Bob' }, { value: '9' }] }],
};
const texts = (value: unknown) => (value as TableValue).rows.map((row) => row.cells.map((cell) => cell.value));
const csvFile = (text: string) => new File([text], 'standings.csv', { type: 'text/csv' });

async function chooseFromMenu(user: ReturnType<typeof renderField>['user'], menu: string, item: string) {
  await user.click(screen.getByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

// The app loads these widgets when a field first shows one; here they are there before the first render.
beforeAll(() => preloadLazyWidgets());

describe('TableWidget (spec 002 §4, §5)', () => {
  it('is empty until created with positive row and column counts', async () => {
    const { user, valueOf } = renderField(tableInput);
    expect(screen.getByText('Standings after the race')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Rows' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Columns' }), '3');
    expect(create).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Rows' }));
    await user.type(screen.getByRole('textbox', { name: 'Rows' }), '2');
    await user.click(create);
    expect(texts(valueOf())).toEqual([['', '', ''], ['', '', '']]);
    expect(screen.getByRole('table', { name: 'Table' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('imports a CSV file: the first record titles the columns', async () => {
    const { user, valueOf } = renderField(tableInput);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile('Name,Points\n\nAnn,12\n"Bob, Jr.",9\n'));
    await waitFor(() => expect(texts(valueOf())).toEqual([['Ann', '12'], ['Bob, Jr.', '9']]));
    expect((valueOf() as TableValue).columns).toEqual([{ title: 'Name' }, { title: 'Points' }]);
    expect(screen.getByRole('textbox', { name: 'Column 1 title' })).toHaveValue('Name');
    expect(screen.queryByLabelText('CSV import errors')).not.toBeInTheDocument();
  });

  it('lists the field mismatch of a ragged file and lets the grid fix it', async () => {
    const { user, valueOf } = renderField(tableInput);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile('Name,Points\nAnn,12,extra\nBob,9\n'));
    const errors = await screen.findByLabelText('CSV import errors');
    expect(within(errors).getByText(MISMATCH)).toBeInTheDocument();
    expect(texts(valueOf())).toEqual([['Ann', '12', 'extra'], ['Bob', '9', '']]);
    await chooseFromMenu(user, 'Column 3 actions', 'Remove column');
    expect(texts(valueOf())).toEqual([['Ann', '12'], ['Bob', '9']]);
  });

  it("lists parse errors as 'Row {n}: {message}'", async () => {
    const { user } = renderField(tableInput);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile('Name,Points\nAnn,"12\n'));
    expect(await screen.findByText('Row 2: Quoted field unterminated')).toBeInTheDocument();
  });

  it('adds, moves and removes rows from the row menu and the Add row button', async () => {
    const { user, valueOf } = renderField(tableInput, { table: filled });
    await chooseFromMenu(user, 'Row 1 actions', 'Move row down');
    expect(texts(valueOf())).toEqual([['Bob', '9'], ['Ann', '12']]);
    await chooseFromMenu(user, 'Row 2 actions', 'Add row above');
    expect(texts(valueOf())).toEqual([['Bob', '9'], ['', ''], ['Ann', '12']]);
    await chooseFromMenu(user, 'Row 1 actions', 'Remove row');
    expect(texts(valueOf())).toEqual([['', ''], ['Ann', '12']]);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(texts(valueOf())).toEqual([['', ''], ['Ann', '12'], ['', '']]);
  });

  it('adds, moves and renames columns, and never removes the last one', async () => {
    const { user, valueOf } = renderField(tableInput, { table: filled });
    await chooseFromMenu(user, 'Column 2 actions', 'Move column left');
    expect(texts(valueOf())).toEqual([['12', 'Ann'], ['9', 'Bob']]);
    await chooseFromMenu(user, 'Column 1 actions', 'Add column after');
    expect((valueOf() as TableValue).columns.map((column) => column.title)).toEqual(['Points', '', 'Name']);
    await user.type(screen.getByRole('textbox', { name: 'Column 2 title' }), 'Team');
    expect((valueOf() as TableValue).columns[1]).toEqual({ title: 'Team' });
    await chooseFromMenu(user, 'Column 3 actions', 'Remove column');
    await chooseFromMenu(user, 'Column 2 actions', 'Remove column');
    expect(texts(valueOf())).toEqual([['12'], ['9']]);
    await user.click(screen.getByRole('button', { name: 'Column 1 actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove column' })).toBeDisabled();
  });

  it('fills the missing cell of a ragged import in the grid', async () => {
    const { user, valueOf } = renderField(tableInput, {}, { wrapper: withApi });
    await user.upload(screen.getByLabelText('Import CSV'), csvFile('Name,Points\nAnn,12\nBob\n'));
    await screen.findByLabelText('CSV import errors');
    const name = 'Row 2, column 2';
    scrollIntoViewForTest(screen.getByRole('textbox', { name }).parentElement as HTMLElement);
    const editor = await waitFor(() => {
      const element = screen.getByRole('textbox', { name });
      expect(element).toHaveAttribute('contenteditable', 'true');
      return (element as HTMLElement & { editor: Editor }).editor;
    });
    act(() => {
      editor.commands.focus('end');
      editor.view.dom.focus();
    });
    await user.keyboard('9');
    act(() => editor.view.dom.blur());
    await waitFor(() => expect(texts(valueOf())).toEqual([['Ann', '12'], ['Bob', '<p>9</p>']]));
  });

  it('shows each cell as a rich-text box named by its row and column', () => {
    renderField(tableInput, { table: { ...filled, rows: [{ cells: [{ value: '<p><strong>Ann</strong></p>' }, { value: '12' }] }] } });
    const cell = screen.getByRole('textbox', { name: 'Row 1, column 1' });
    expect(within(cell).getByText('Ann').tagName).toBe('STRONG');
  });

  it('shows the link check of a cell under it', () => {
    renderField(tableInput, { table: { ...filled, rows: [{ cells: [{ value: '<p><a href="example.com">Ann</a></p>' }, { value: '12' }] }] } });
    const cell = screen.getByRole('textbox', { name: 'Row 1, column 1' });
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAccessibleDescription('Please begin external links with "http://" or "https://"!');
  });

  it('changes nothing when read-only', () => {
    renderField(tableInput, { table: filled }, { isReadonly: true });
    expect(screen.getByRole('button', { name: 'Row 1 actions' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Column 1 title' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add row' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Import CSV')).not.toBeInTheDocument();
  });
});
