import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { tableValueSchema } from '../asset/values.ts';
import {
  addTableColumn,
  addTableRow,
  canRemoveTableColumn,
  createTable,
  moveItem,
  moveTableColumn,
  moveTableRow,
  removeTableColumn,
  removeTableRow,
  setTableCell,
  setTableColumnTitle,
  tableFromRecords,
  type TableValue,
} from './simpleTable.ts';

/** A table whose cell texts say where they started: 'r0c1'. */
function grid(rows: number, columns: number): TableValue {
  return {
    columns: Array.from({ length: columns }, (_, column) => ({ title: `C${column}` })),
    rows: Array.from({ length: rows }, (_row, row) => ({ cells: Array.from({ length: columns }, (_, column) => ({ value: `r${row}c${column}` })) })),
  };
}
const texts = (table: TableValue) => table.rows.map((row) => row.cells.map((cell) => cell.value));

describe('creating a table (spec 002 §4, §5)', () => {
  it.each([
    ['1 by 1', 1, 1, true],
    ['3 rows by 4 columns', 3, 4, true],
    ['no rows', 0, 2, false],
    ['no columns', 2, 0, false],
    ['a negative count', -1, 2, false],
    ['a fraction', 1.5, 2, false],
    ['not a number', Number.NaN, 2, false],
  ])('%s', (_name, rows, columns, isCreated) => {
    const table = createTable({ rows, columns });
    const cells = () => Array.from({ length: columns }, () => ({ value: '' }));
    const expected = isCreated ? { columns: Array.from({ length: columns }, () => ({ title: '' })), rows: Array.from({ length: rows }, () => ({ cells: cells() })) } : undefined;
    expect(table).toEqual(expected);
    expect(tableValueSchema.safeParse(table).success).toBe(isCreated);
  });
});

describe('a table from CSV records (spec 002 §4)', () => {
  it.each([
    ['no records', [], undefined],
    ['a header only', [['A', 'B']], { columns: [{ title: 'A' }, { title: 'B' }], rows: [] }],
    ['even records', [['A', 'B'], ['1', '2']], { columns: [{ title: 'A' }, { title: 'B' }], rows: [{ cells: [{ value: '1' }, { value: '2' }] }] }],
    ['a short row gets an empty cell', [['A', 'B'], ['1']], { columns: [{ title: 'A' }, { title: 'B' }], rows: [{ cells: [{ value: '1' }, { value: '' }] }] }],
    [
      'a long row widens the table',
      [['A'], ['1', '2']],
      { columns: [{ title: 'A' }, { title: '' }], rows: [{ cells: [{ value: '1' }, { value: '2' }] }] },
    ],
  ])('%s', (_name, records, expected) => {
    expect(tableFromRecords(records)).toEqual(expected);
  });
});

describe('rows and columns (spec 002 §4, §5)', () => {
  it.each([
    ['adds a row at the end', addTableRow(grid(1, 2)), [['r0c0', 'r0c1'], ['', '']]],
    ['adds a row before the first', addTableRow(grid(1, 2), 0), [['', ''], ['r0c0', 'r0c1']]],
    ['removes a row', removeTableRow(grid(2, 1), 0), [['r1c0']]],
    ['moves a row down', moveTableRow(grid(3, 1), { from: 0, to: 2 }), [['r1c0'], ['r2c0'], ['r0c0']]],
    ['ignores a move outside the rows', moveTableRow(grid(2, 1), { from: 0, to: 5 }), [['r0c0'], ['r1c0']]],
    ['adds a column at the end', addTableColumn(grid(1, 1)), [['r0c0', '']]],
    ['adds a column first', addTableColumn(grid(1, 2), 0), [['', 'r0c0', 'r0c1']]],
    ['removes a column', removeTableColumn(grid(1, 3), 1), [['r0c0', 'r0c2']]],
    ['keeps the last column', removeTableColumn(grid(2, 1), 0), [['r0c0'], ['r1c0']]],
    ['moves a column', moveTableColumn(grid(1, 3), { from: 2, to: 0 }), [['r0c2', 'r0c0', 'r0c1']]],
    ['sets a cell', setTableCell(grid(1, 2), { row: 0, column: 1, value: '<strong>x</strong>' }), [['r0c0', '<strong>x</strong>']]],
  ])('%s', (_name, table, expected) => {
    expect(texts(table)).toEqual(expected);
  });

  it('moves column titles with their cells and renames a column', () => {
    expect(moveTableColumn(grid(1, 2), { from: 0, to: 1 }).columns).toEqual([{ title: 'C1' }, { title: 'C0' }]);
    expect(setTableColumnTitle(grid(1, 2), { column: 1, title: 'Points' }).columns).toEqual([{ title: 'C0' }, { title: 'Points' }]);
  });

  it('never drops below one column (spec 002 §5)', () => {
    expect(canRemoveTableColumn(grid(1, 2))).toBe(true);
    expect(canRemoveTableColumn(grid(1, 1))).toBe(false);
  });

  it('keeps every row as wide as the columns whatever the edits', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('addRow' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('removeRow' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('addColumn' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('removeColumn' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('moveColumn' as const), at: fc.nat(6), to: fc.nat(6) }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let table = grid(2, 2);
        for (const step of edits) {
          if (step.kind === 'addRow') table = addTableRow(table, step.at);
          if (step.kind === 'removeRow') table = removeTableRow(table, step.at);
          if (step.kind === 'addColumn') table = addTableColumn(table, step.at);
          if (step.kind === 'removeColumn') table = removeTableColumn(table, step.at);
          if (step.kind === 'moveColumn') table = moveTableColumn(table, { from: step.at, to: step.to });
        }
        expect(table.columns.length).toBeGreaterThanOrEqual(1);
        expect(table.rows.every((row) => row.cells.length === table.columns.length)).toBe(true);
      }),
    );
  });

  it('a move keeps every item once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.nat(25), fc.nat(25), (items, from, to) => {
        expect(moveItem(items, { from, to }).toSorted()).toEqual(items.toSorted());
      }),
    );
  });
});
