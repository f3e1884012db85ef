import { summarizeImport, type ImportSummary, type UpsertResult } from '@editor/domain';

/** A row of a file as the page shows it: where it is, what it is called and what went wrong with it. */
export interface ImportProblem {
  row: number;
  externalId: string | null;
  messages: readonly string[];
}

/** A file read by the server: each row's item, or its errors. */
export interface PreviewedFile {
  rows: ReadonlyArray<{ row: number; externalId: string | null; item?: unknown; errors: readonly string[] }>;
  fileErrors: readonly string[];
}

/** The rows that can be imported, in the file's order, with the row each came from. */
export function importableRows(preview: PreviewedFile): Array<{ row: number; externalId: string | null; item: unknown }> {
  return preview.rows.flatMap((row) => (row.item !== undefined && row.errors.length === 0 ? [{ row: row.row, externalId: row.externalId, item: row.item }] : []));
}

/** Splits the rows into batches of at most `size`, in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** The rows that could not be read, then the rows the server refused, each once, by row number. */
export function problemsOf(preview: PreviewedFile, refused: readonly ImportProblem[]): ImportProblem[] {
  const unreadable = preview.rows.filter((row) => row.errors.length > 0).map((row) => ({ row: row.row, externalId: row.externalId, messages: row.errors }));
  return [...unreadable, ...refused].toSorted((a, b) => a.row - b.row);
}

/** What the import did: the server's outcomes, and the rows that were never sent because they could not be read. */
export function summaryOf(results: readonly UpsertResult[], unreadable: number): ImportSummary {
  const summary = summarizeImport(results.map((result) => result.outcome));
  return { ...summary, failed: summary.failed + unreadable };
}
