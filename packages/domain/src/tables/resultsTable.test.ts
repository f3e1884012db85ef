import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { resultsTableValueSchema } from '../asset/values.ts';
import {
  addResultsColumn,
  addResultsRow,
  createResultsTable,
  displayedResultColumns,
  isDigitsOnlyRank,
  moveResultsRow,
  removeResultsColumn,
  removeResultsRow,
  renumberRanks,
  RESULTS_TABLE,
  setResultsCell,
  updateResultsColumn,
  type ResultsTableValue,
} from './resultsTable.ts';
import type { ResultCellValue } from './formatHints.ts';

const ranks = (table: ResultsTableValue) => table.rows.map((row) => row.cells[0]?.value);
const withRanks = (values: readonly ResultCellValue[]): ResultsTableValue => {
  const table = createResultsTable(values.length) as ResultsTableValue;
  return { ...table, rows: values.map((value, index) => ({ cells: [{ value }, { value: `P${index}` }, { value: '' }] })) };
};

describe('creating a results table (spec 002 §3, §4)', () => {
  it.each([
    [0, false],
    [-2, false],
    [1.5, false],
    [3, true],
  ])('with %s rows: created %s', (rows, isCreated) => {
    expect(createResultsTable(rows) !== undefined).toBe(isCreated);
  });

  it('has the predefined columns and each rank prefilled with its row number', () => {
    const table = createResultsTable(3);
    expect(table?.columns).toEqual([
      { name: 'rank', title: 'Rank' },
      { name: 'person', title: 'Person' },
      { name: 'mainResult', title: 'Result' },
    ]);
    expect(table && ranks(table)).toEqual(['1', '2', '3']);
    expect(resultsTableValueSchema.safeParse(table).success).toBe(true);
  });

  it('prefills the rank of an added row with its row number', () => {
    expect(ranks(addResultsRow(withRanks(['1', 'DNF'])))).toEqual(['1', 'DNF', '3']);
  });
});

describe('renumbering ranks (spec 002 §5)', () => {
  it.each<[string, ResultCellValue[], ResultCellValue[]]>([
    ['digit ranks follow the rows', ['3', '1', '2'], ['1', '2', '3']],
    ['other ranks are kept', ['1', '=2', '5', 'DNF', ''], ['1', '=2', '3', 'DNF', '']],
    ['number ranks stay numbers', [2, 1], [1, 2]],
    ['negative or fractional ranks are kept', ['-1', 1.5], ['-1', 1.5]],
  ])('%s', (_name, before, after) => {
    expect(ranks(renumberRanks(withRanks(before)))).toEqual(after);
  });

  it('renumbers after a row moves', () => {
    const moved = moveResultsRow(withRanks(['1', '2', '3']), { from: 2, to: 0 });
    expect(ranks(moved)).toEqual(['1', '2', '3']);
    expect(moved.rows.map((row) => row.cells[1]?.value)).toEqual(['P2', 'P0', 'P1']);
  });

  it('renumbers after a row is removed', () => {
    expect(ranks(removeResultsRow(withRanks(['1', '2', '3']), 0))).toEqual(['1', '2']);
  });

  const rank = fc.oneof(fc.nat(99).map(String), fc.nat(99), fc.constantFrom('DNF', 'DSQ', '=2', '', 'T3'), fc.string({ maxLength: 4 }));

  it('gives every digit rank its row number and keeps every other rank (property)', () => {
    fc.assert(
      fc.property(fc.array(rank, { minLength: 1, maxLength: 30 }), (values) => {
        const after = ranks(renumberRanks(withRanks(values))).map((value) => (typeof value === 'number' ? String(value) : value));
        const expected = values.map((value, index) => (isDigitsOnlyRank(value) ? String(index + 1) : value));
        expect(after).toEqual(expected);
      }),
    );
  });

  it('renumbers once and for all, and keeps the rows after any move (property)', () => {
    fc.assert(
      fc.property(fc.array(rank, { minLength: 1, maxLength: 30 }), fc.nat(40), fc.nat(40), (values, from, to) => {
        const moved = moveResultsRow(withRanks(values), { from, to });
        expect(renumberRanks(moved)).toEqual(moved);
        expect(moved.rows.map((row) => row.cells[1]?.value).toSorted()).toEqual(values.map((_, index) => `P${index}`).toSorted());
      }),
    );
  });
});

describe('additional columns (spec 002 §3, §5, §9)', () => {
  it('adds a column titled Column, not pinned, as text, empty in every row', () => {
    const table = addResultsColumn(withRanks(['1', '2']));
    expect(RESULTS_TABLE.defaultColumnTitle).toBe('Column');
    expect(table.columns[3]).toEqual({ name: 'column-1', title: 'Column', pinned: false, format: 'text' });
    expect(table.rows.every((row) => row.cells.length === 4 && row.cells[3]?.value === '')).toBe(true);
    expect(addResultsColumn(table, { title: 'Team', pinned: true, format: 'points' }).columns[4]).toEqual({ name: 'column-2', title: 'Team', pinned: true, format: 'points' });
  });

  it('removes an additional column but never a predefined one', () => {
    const table = addResultsColumn(withRanks(['1']));
    expect(removeResultsColumn(table, 3).columns.map((column) => column.name)).toEqual(['rank', 'person', 'mainResult']);
    expect(removeResultsColumn(table, 0)).toBe(table);
  });

  it('leaves predefined columns unchanged', () => {
    const table = withRanks(['1']);
    expect(updateResultsColumn(table, { index: 1, title: 'Rider' })).toBe(table);
  });

  it.each<[string, ResultCellValue[], 'integer' | 'asset' | 'timestamp', ResultCellValue[]]>([
    ['text to integer keeps digits only', ['12', 'DNF', '', '3.5'], 'integer', [12, null, '', null]],
    ['text to asset keeps everything', ['Ann', 'DNF'], 'asset', ['Ann', 'DNF']],
    ['text to timestamp keeps times', ['1:02.3', 'slow'], 'timestamp', ['1:02.3', null]],
  ])('changing the format: %s', (_name, values, format, expected) => {
    let table = addResultsColumn(withRanks(values.map((_, index) => String(index + 1))));
    values.forEach((value, row) => {
      table = setResultsCell(table, { row, column: 3, cell: { value, invalid: true } });
    });
    const converted = updateResultsColumn(table, { index: 3, format });
    expect(converted.columns[3]?.format).toBe(format);
    expect(converted.rows.map((row) => row.cells[3])).toEqual(expected.map((value) => ({ value })));
  });

  it('shows predefined columns, then pinned ones, then the others', () => {
    let table = addResultsColumn(withRanks(['1']), { title: 'A' });
    table = addResultsColumn(table, { title: 'B', pinned: true });
    expect(displayedResultColumns(table).map(({ column }) => column.title)).toEqual(['Rank', 'Person', 'Result', 'B', 'A']);
  });
});
