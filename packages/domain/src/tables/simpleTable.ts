import { tableValueSchema, type TableValue } from '../asset/values.ts';

export { tableValueSchema, type TableValue };
export type TableCell = TableValue['rows'][number]['cells'][number];
export type TableRow = TableValue['rows'][number];

/** Spec 002 §5 tables: a table is created with a positive whole number of rows and of columns. */
export function canCreateTable(size: { rows: number; columns: number }): boolean {
  return Number.isInteger(size.rows) && size.rows > 0 && Number.isInteger(size.columns) && size.columns > 0;
}

const emptyCells = (count: number): TableCell[] => Array.from({ length: count }, () => ({ value: '' }));

/** Spec 002 §4 table editor: a new table of empty cells and untitled columns; undefined unless the counts are positive integers. */
export function createTable(size: { rows: number; columns: number }): TableValue | undefined {
  if (!canCreateTable(size)) return undefined;
  return {
    columns: Array.from({ length: size.columns }, () => ({ title: '' })),
    rows: Array.from({ length: size.rows }, () => ({ cells: emptyCells(size.columns) })),
  };
}

/**
 * Spec 002 §4 CSV import: the first record titles the columns, the others are rows. The table is as wide as its
 * widest record and shorter records get empty cells, so a ragged file can be fixed in the grid; undefined for no records.
 */
export function tableFromRecords(records: readonly (readonly string[])[]): TableValue | undefined {
  const [header, ...body] = records;
  if (!header) return undefined;
  const width = Math.max(1, ...records.map((record) => record.length));
  const padded = (record: readonly string[]) => Array.from({ length: width }, (_, index) => record[index] ?? '');
  return {
    columns: padded(header).map((title) => ({ title })),
    rows: body.map((record) => ({ cells: padded(record).map((value) => ({ value })) })),
  };
}

function clampIndex(index: number, length: number): number {
  return Math.min(Math.max(0, Math.trunc(index)), length);
}

/** Moves one item of a list; an index outside the list leaves it as it is. */
export function moveItem<T>(items: readonly T[], move: { from: number; to: number }): T[] {
  const { from, to } = move;
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}

/** Spec 002 §4 table editor: an empty row inserted before `index` (at the end when `index` is the row count). */
export function addTableRow(table: TableValue, index: number = table.rows.length): TableValue {
  const rows = [...table.rows];
  rows.splice(clampIndex(index, rows.length), 0, { cells: emptyCells(table.columns.length) });
  return { ...table, rows };
}

/** Spec 002 §4 table editor: removes one row; a table may hold no rows (it then counts as empty). */
export function removeTableRow(table: TableValue, index: number): TableValue {
  return { ...table, rows: table.rows.filter((_, rowIndex) => rowIndex !== index) };
}

/** Spec 002 §4 table editor: moves a row. */
export function moveTableRow(table: TableValue, move: { from: number; to: number }): TableValue {
  return { ...table, rows: moveItem(table.rows, move) };
}

/** Spec 002 §4 table editor: an untitled column of empty cells inserted before `index`. */
export function addTableColumn(table: TableValue, index: number = table.columns.length): TableValue {
  const at = clampIndex(index, table.columns.length);
  const columns = [...table.columns];
  columns.splice(at, 0, { title: '' });
  const rows = table.rows.map((row) => {
    const cells = [...row.cells];
    cells.splice(Math.min(at, cells.length), 0, { value: '' });
    return { ...row, cells };
  });
  return { columns, rows };
}

/** Whether a column can be removed: spec 002 §5 "A table cannot drop below one column." */
export function canRemoveTableColumn(table: TableValue): boolean {
  return table.columns.length > 1;
}

/** Spec 002 §5: removes a column with its cells, unless it is the last one (the table is returned unchanged). */
export function removeTableColumn(table: TableValue, index: number): TableValue {
  if (!canRemoveTableColumn(table) || index < 0 || index >= table.columns.length) return table;
  return {
    columns: table.columns.filter((_, columnIndex) => columnIndex !== index),
    rows: table.rows.map((row) => ({ ...row, cells: row.cells.filter((_, columnIndex) => columnIndex !== index) })),
  };
}

/** Spec 002 §4 table editor: moves a column with its cells. */
export function moveTableColumn(table: TableValue, move: { from: number; to: number }): TableValue {
  return {
    columns: moveItem(table.columns, move),
    rows: table.rows.map((row) => ({ ...row, cells: moveItem(row.cells, move) })),
  };
}

/** Renames a column. */
export function setTableColumnTitle(table: TableValue, change: { column: number; title: string }): TableValue {
  return { ...table, columns: table.columns.map((column, index) => (index === change.column ? { title: change.title } : column)) };
}

/** Spec 002 §3: sets one cell's rich text; a short row grows to reach the cell. */
export function setTableCell(table: TableValue, change: { row: number; column: number; value: string }): TableValue {
  return {
    ...table,
    rows: table.rows.map((row, rowIndex) => {
      if (rowIndex !== change.row) return row;
      const cells = Array.from({ length: Math.max(row.cells.length, change.column + 1) }, (_, index) => row.cells[index] ?? { value: '' });
      cells[change.column] = { value: change.value };
      return { ...row, cells };
    }),
  };
}
