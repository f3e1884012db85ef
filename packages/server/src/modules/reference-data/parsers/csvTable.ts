import Papa from 'papaparse';

/** A CSV file read: its columns (as written in the header) and its records, each with its row number (the header is row 1). */
export interface CsvTable {
  columns: string[];
  /** `extraCells`: how many cells a row has beyond the header's columns. */
  records: Array<{ row: number; cells: Record<string, string>; extraCells?: number }>;
}

/** A column's name as it is matched: lower case, without spaces, `-` or `_` ("Start date" → "startdate"). */
export const columnKey = (name: string) => name.toLowerCase().replaceAll(/[\s_-]+/g, '');

/**
 * Reads CSV text with a header row (papaparse: quoted cells, quotes doubled inside them, line breaks in cells, a
 * byte-order mark). The delimiter is the one of , ; and tab the header row has most of: spreadsheets in some
 * languages write `;`, and the header's plain names tell it safely where the cells' text could mislead a guess.
 * Blank lines are skipped; a header without a name, or with a name twice, makes the file unreadable.
 */
export function readCsv(text: string, options: { maxRows: number }): CsvTable | { fileErrors: string[] } {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy', delimiter: delimiterOf(body) });
  const [header, ...rows] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === '')) return { fileErrors: ['The file has no header row.'] };
  const columns = header.map((cell) => cell.trim());
  const problems: string[] = [];
  if (columns.some((column) => column === '')) problems.push('Every column of the header row needs a name.');
  const seen = new Set<string>();
  for (const column of columns) {
    if (column !== '' && seen.has(columnKey(column))) problems.push(`The column '${column}' is in the header twice.`);
    seen.add(columnKey(column));
  }
  if (rows.length > options.maxRows) problems.push(`The file has ${rows.length} rows; an import takes at most ${options.maxRows}.`);
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) problems.push(`A quoted cell is not closed (row ${(unclosed.row ?? 0) + 1}).`);
  if (problems.length > 0) return { fileErrors: problems };
  return {
    columns,
    records: rows.map((cells, index) => ({
      row: index + 2,
      cells: Object.fromEntries(columns.map((column, at) => [columnKey(column), (cells[at] ?? '').trim()])),
      ...(cells.length > columns.length ? { extraCells: cells.length - columns.length } : {}),
    })),
  };
}

/** The delimiter the header row (the first line) has most of: `,` unless `;` or tab is more frequent. */
export function delimiterOf(text: string): ',' | ';' | '\t' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (delimiter: string) => header.split(delimiter).length - 1;
  const best = ([';', '\t'] as const).find((delimiter) => count(delimiter) > count(','));
  return best ?? ',';
}

/** A list in one cell: values separated by `;`, `|` or `,`, each trimmed, empty ones left out. */
export function cellList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[;|,]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A yes/no cell: true, yes, 1, x; false, no, 0; empty is undefined; anything else is kept as text for the schema to refuse. */
export function cellFlag(value: string | undefined): boolean | string | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return undefined;
  if (['true', 'yes', '1', 'x', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n'].includes(text)) return false;
  return value;
}

/** A number cell (a decimal point or comma); empty is undefined; text that is no number is kept for the schema to refuse. */
export function cellNumber(value: string | undefined): number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : text;
}

/** The columns of a file that are not among the known ones, as a file error. */
export function unknownColumns(columns: readonly string[], known: readonly string[]): string[] {
  const keys = new Set(known.map(columnKey));
  const unknown = columns.filter((column) => !keys.has(columnKey(column)));
  return unknown.length === 0 ? [] : [`The column${unknown.length > 1 ? 's' : ''} ${unknown.map((column) => `'${column}'`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not known; the columns are ${known.join(', ')}.`];
}
