import { cellText, displayedResultColumns, resultsTableValueSchema, tableValueSchema } from '@editor/domain';

/** A story's tables as the preview draws them: header titles, then rows of cells (spec 002 §3). */
export type TablePreviewElement =
  /** A simple table; its cells are rich text, kept raw and sanitised when rendered. */
  | { kind: 'table'; columns: string[]; rows: string[][] }
  /** A results table; its cells are plain text, columns in the grid's order (predefined, pinned, others). */
  | { kind: 'results-table'; title: string; columns: string[]; rows: string[][] };

/** The preview element of a `table` or `results-table` story element; undefined for other elements, or a table with no rows yet. */
export function tableElementOf(choiceName: string, value: unknown): TablePreviewElement | undefined {
  if (choiceName === 'table') {
    const table = tableValueSchema.safeParse(value);
    if (!table.success || table.data.rows.length === 0) return undefined;
    const { columns, rows } = table.data;
    return { kind: 'table', columns: columns.map((column) => column.title), rows: rows.map((row) => columns.map((_column, index) => row.cells[index]?.value ?? '')) };
  }
  if (choiceName === 'results-table') {
    const table = resultsTableValueSchema.safeParse(value);
    if (!table.success || table.data.rows.length === 0) return undefined;
    const columns = displayedResultColumns(table.data);
    return {
      kind: 'results-table',
      title: table.data.title,
      columns: columns.map(({ column }) => column.title),
      rows: table.data.rows.map((row) => columns.map(({ index }) => cellText(row.cells[index]?.value))),
    };
  }
  return undefined;
}
