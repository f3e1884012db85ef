import { resultsTableValueSchema, type ResultsTableValue } from '../asset/values.ts';
import { convertCellValue, type ResultCellValue, type ResultFormat } from './formatHints.ts';
import { moveItem } from './simpleTable.ts';

export { resultsTableValueSchema, type ResultsTableValue };
export type ResultColumn = ResultsTableValue['columns'][number];
export type ResultRow = ResultsTableValue['rows'][number];
export type ResultCell = ResultRow['cells'][number];

/** Spec 002 §3: the predefined columns of a results table, first and in this order. */
export const PREDEFINED_RESULT_COLUMNS: readonly ResultColumn[] = [
  { name: 'rank', title: 'Rank' },
  { name: 'person', title: 'Person' },
  { name: 'mainResult', title: 'Result' },
];
export const RANK_COLUMN = 'rank';

/** Spec 002 §9 results-table constants. */
export const RESULTS_TABLE = {
  defaultColumnTitle: 'Column',
  defaultRows: 1,
  rowHeight: 44,
  columnDropdownWidth: 238,
  columnDropdownOffset: 7,
} as const;

/** Whether a column is one of the predefined ones, which cannot be removed or renamed. */
export function isPredefinedResultColumn(column: Pick<ResultColumn, 'name'>): boolean {
  return PREDEFINED_RESULT_COLUMNS.some((predefined) => predefined.name === column.name);
}

/** Spec 002 §5: a rank that is digits only ('7', or the number 7) is renumbered; 'DNF', '=3' or '' are kept. */
export function isDigitsOnlyRank(value: ResultCellValue | undefined): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0;
  return typeof value === 'string' && /^\d+$/.test(value);
}

/**
 * Spec 002 §5 "Rank values that are digits only are renumbered continuously": each such rank becomes its row's
 * number (1 for the first row), so ranks run on without gaps however rows move; other ranks stay as typed.
 */
export function renumberRanks(table: ResultsTableValue): ResultsTableValue {
  const rankIndex = table.columns.findIndex((column) => column.name === RANK_COLUMN);
  if (rankIndex < 0) return table;
  return {
    ...table,
    rows: table.rows.map((row, rowIndex) => {
      const cell = row.cells[rankIndex];
      if (!cell || !isDigitsOnlyRank(cell.value)) return row;
      const rank = typeof cell.value === 'number' ? rowIndex + 1 : String(rowIndex + 1);
      if (cell.value === rank) return row;
      const cells = [...row.cells];
      cells[rankIndex] = { value: rank };
      return { ...row, cells };
    }),
  };
}

function emptyRow(columns: readonly ResultColumn[], rowNumber: number): ResultRow {
  return { cells: columns.map((column) => ({ value: column.name === RANK_COLUMN ? String(rowNumber) : '' })) };
}

/** Whether a results table can be created: spec 002 §4 "a row count above 0". */
export function canCreateResultsTable(rows: number): boolean {
  return Number.isInteger(rows) && rows > 0;
}

/** Spec 002 §3, §4: a new results table with the predefined columns and `rows` rows, each rank prefilled with its row number. */
export function createResultsTable(rows: number): ResultsTableValue | undefined {
  if (!canCreateResultsTable(rows)) return undefined;
  const columns = PREDEFINED_RESULT_COLUMNS.map((column) => ({ ...column }));
  return { title: '', columns, rows: Array.from({ length: rows }, (_, index) => emptyRow(columns, index + 1)) };
}

/** Spec 002 §3: a row added at the end, its rank prefilled with the row number. */
export function addResultsRow(table: ResultsTableValue): ResultsTableValue {
  return { ...table, rows: [...table.rows, emptyRow(table.columns, table.rows.length + 1)] };
}

/** Removes a row; the digit ranks below it move up (spec 002 §5 renumbering). */
export function removeResultsRow(table: ResultsTableValue, index: number): ResultsTableValue {
  return renumberRanks({ ...table, rows: table.rows.filter((_, rowIndex) => rowIndex !== index) });
}

/** Moves a row; digit ranks are renumbered so they still run 1, 2, 3... (spec 002 §5). */
export function moveResultsRow(table: ResultsTableValue, move: { from: number; to: number }): ResultsTableValue {
  return renumberRanks({ ...table, rows: moveItem(table.rows, move) });
}

/** A column name not yet used by the table: `column-1`, `column-2`... */
function newColumnName(columns: readonly ResultColumn[]): string {
  let number = 1;
  while (columns.some((column) => column.name === `column-${number}`)) number += 1;
  return `column-${number}`;
}

/** Spec 002 §3, §9: an additional column (title 'Column' unless given, not pinned, text) after the others, empty in every row. */
export function addResultsColumn(
  table: ResultsTableValue,
  column: { title?: string; pinned?: boolean; format?: ResultFormat } = {},
): ResultsTableValue {
  const added: ResultColumn = {
    name: newColumnName(table.columns),
    title: column.title ?? RESULTS_TABLE.defaultColumnTitle,
    pinned: column.pinned ?? false,
    format: column.format ?? 'text',
  };
  return {
    ...table,
    columns: [...table.columns, added],
    rows: table.rows.map((row) => ({ ...row, cells: [...row.cells, { value: '' }] })),
  };
}

/** Removes an additional column with its cells; predefined columns stay. */
export function removeResultsColumn(table: ResultsTableValue, index: number): ResultsTableValue {
  const column = table.columns[index];
  if (!column || isPredefinedResultColumn(column)) return table;
  return {
    ...table,
    columns: table.columns.filter((_, columnIndex) => columnIndex !== index),
    rows: table.rows.map((row) => ({ ...row, cells: row.cells.filter((_, columnIndex) => columnIndex !== index) })),
  };
}

/**
 * Spec 002 §5 format hints: changes an additional column's title, pin or format. A new format converts the
 * column's cells: compatible values are kept (as the new format holds them), the others are cleared, and no cell
 * stays flagged invalid.
 */
export function updateResultsColumn(
  table: ResultsTableValue,
  change: { index: number; title?: string; pinned?: boolean; format?: ResultFormat },
): ResultsTableValue {
  const column = table.columns[change.index];
  if (!column || isPredefinedResultColumn(column)) return table;
  const updated: ResultColumn = {
    ...column,
    ...(change.title !== undefined && { title: change.title }),
    ...(change.pinned !== undefined && { pinned: change.pinned }),
    ...(change.format !== undefined && { format: change.format }),
  };
  const columns = table.columns.map((existing, index) => (index === change.index ? updated : existing));
  if (change.format === undefined || change.format === column.format) return { ...table, columns };
  const format = change.format;
  const rows = table.rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell, index) => {
      if (index !== change.index) return cell;
      const conversion = convertCellValue(cell.value, format);
      return { value: conversion.isCompatible ? conversion.value : null };
    }),
  }));
  return { ...table, columns, rows };
}

/** Sets the title of the results table. */
export function setResultsTitle(table: ResultsTableValue, title: string): ResultsTableValue {
  return { ...table, title };
}

/** Sets one cell (its value and whether it is flagged invalid). */
export function setResultsCell(table: ResultsTableValue, change: { row: number; column: number; cell: ResultCell }): ResultsTableValue {
  return {
    ...table,
    rows: table.rows.map((row, rowIndex) => {
      if (rowIndex !== change.row) return row;
      const cells = Array.from({ length: Math.max(row.cells.length, change.column + 1) }, (_, index): ResultCell => row.cells[index] ?? { value: '' });
      cells[change.column] = change.cell.invalid ? { value: change.cell.value, invalid: true } : { value: change.cell.value };
      return { ...row, cells };
    }),
  };
}

/**
 * Columns in the order the grid and the preview show them: the predefined ones, then pinned additional columns,
 * then the others, each group in stored order (spec 002 §3 pinned; see docs/decisions.md).
 */
export function displayedResultColumns(table: ResultsTableValue): Array<{ column: ResultColumn; index: number }> {
  const all = table.columns.map((column, index) => ({ column, index }));
  const rankOf = ({ column }: { column: ResultColumn }) => (isPredefinedResultColumn(column) ? 0 : column.pinned === true ? 1 : 2);
  return [0, 1, 2].flatMap((rank) => all.filter((entry) => rankOf(entry) === rank));
}
