import Papa from 'papaparse';
import { VALIDATION_MESSAGES, checkCsvFieldCount, tableFromRecords, type TableValue } from '@editor/domain';

export interface TableCsvResult {
  /** The table the file makes (first record as column titles); undefined when the file holds no records. */
  table: TableValue | undefined;
  /** What is wrong with the file, as spec 002 §5 words it: 'Row {n}: {message}', then the field mismatch. */
  errors: string[];
}

/**
 * Spec 002 §5 CSV import: parses a CSV file's text, skipping empty lines. Parse errors read 'Row {n}: {message}'
 * (n counts records from 1, the header included); a record whose cell count differs from the header's adds the
 * field-mismatch message. The table is still returned, as wide as its widest record, so a ragged row can be fixed
 * in the grid.
 */
export function parseTableCsv(text: string): TableCsvResult {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', header: false });
  // The delimiter is guessed (comma, semicolon, tab...); a file of one column has none to find, which is no error.
  const errors = parsed.errors
    .filter((error) => error.code !== 'UndetectableDelimiter')
    .map((error) => VALIDATION_MESSAGES.csvRow((error.row ?? 0) + 1, error.message));
  const mismatch = checkCsvFieldCount(parsed.data);
  if (mismatch) errors.push(mismatch);
  const table = tableFromRecords(parsed.data);
  // A cell holds rich text (spec 002 §3): the file's text is text, so '<' and '&' in it are escaped, not markup.
  const escaped = table && { ...table, rows: table.rows.map((row) => ({ cells: row.cells.map((cell) => ({ value: escapeHtml(cell.value) })) })) };
  return { table: escaped, errors };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
