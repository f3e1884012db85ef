import { describe, expect, it } from 'vitest';
import { parseTableCsv } from './parseTableCsv.ts';

const MISMATCH = "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.";
const titles = (csv: string) => parseTableCsv(csv).table?.columns.map((column) => column.title);
const cells = (csv: string) => parseTableCsv(csv).table?.rows.map((row) => row.cells.map((cell) => cell.value));

describe('parseTableCsv (spec 002 §5)', () => {
  it('reads a good file: the first record titles the columns', () => {
    const csv = 'Name,Points\nAnn,12\nBob,9\n';
    expect(parseTableCsv(csv).errors).toEqual([]);
    expect(titles(csv)).toEqual(['Name', 'Points']);
    expect(cells(csv)).toEqual([['Ann', '12'], ['Bob', '9']]);
  });

  it('skips empty lines, blank ones and a Windows line end included', () => {
    const csv = '\r\nName,Points\r\n\r\nAnn,12\r\n   \r\n\r\nBob,9\r\n\r\n';
    expect(parseTableCsv(csv).errors).toEqual([]);
    expect(cells(csv)).toEqual([['Ann', '12'], ['Bob', '9']]);
  });

  it('keeps quoted commas, quotes and line breaks inside a cell', () => {
    const csv = 'Place,Note\n"Kitzbühel, AUT","a ""wet"" day"\n"Wengen","two\nlines"\n';
    expect(parseTableCsv(csv).errors).toEqual([]);
    expect(cells(csv)).toEqual([['Kitzbühel, AUT', 'a "wet" day'], ['Wengen', 'two\nlines']]);
  });

  it('reports ragged rows with the field-mismatch message and keeps them to be fixed in the grid', () => {
    const csv = 'A,B,C\n1,2,3\n4,5\n6,7,8,9\n';
    expect(parseTableCsv(csv).errors).toEqual([MISMATCH]);
    expect(titles(csv)).toEqual(['A', 'B', 'C', '']);
    expect(cells(csv)).toEqual([['1', '2', '3', ''], ['4', '5', '', ''], ['6', '7', '8', '9']]);
  });

  it("reports a parse error as 'Row {n}: {message}'", () => {
    expect(parseTableCsv('A,B\n1,"unterminated\n').errors).toEqual(['Row 2: Quoted field unterminated']);
  });

  it('reads a file of one column, and one separated by semicolons', () => {
    expect(parseTableCsv('Name\nAnn\n')).toEqual({ table: { columns: [{ title: 'Name' }], rows: [{ cells: [{ value: 'Ann' }] }] }, errors: [] });
    expect(cells('A;B\n1;2\n')).toEqual([['1', '2']]);
  });

  it('keeps markup in a cell as text', () => {
    expect(cells('Note\n<b>Tom & Jerry</b>\n')).toEqual([['&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;']]);
    expect(titles('<i>Note</i>\nx\n')).toEqual(['<i>Note</i>']);
  });

  it('makes no table of an empty file', () => {
    expect(parseTableCsv('\n\n')).toEqual({ table: undefined, errors: [] });
  });

  it('reads a 10,000-row file', () => {
    const lines = ['Rank,Name,Time', ...Array.from({ length: 10_000 }, (_, index) => `${index + 1},"Rider ${index + 1}, Team",${index}.5`)];
    const started = performance.now();
    const { table, errors } = parseTableCsv(lines.join('\n'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(errors).toEqual([]);
    expect(table?.rows).toHaveLength(10_000);
    expect(table?.rows[9_999]?.cells.map((cell) => cell.value)).toEqual(['10000', 'Rider 10000, Team', '9999.5']);
  });
});
