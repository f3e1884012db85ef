import { describe, expect, it } from 'vitest';
import { canCreateTable } from '../tables/simpleTable.ts';
import { checkCsvFieldCount, validateResultsTable, validateSimpleTable } from './validateTables.ts';

const MISMATCH =
  "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.";
const REQUIRED = 'This field is required.';

describe('table creation (spec 002 §5)', () => {
  it.each([
    [1, 1, true],
    [3, 4, true],
    [0, 2, false],
    [2, 0, false],
    [-1, 2, false],
    [1.5, 2, false],
    [2, Number.NaN, false],
  ])('rows %s and columns %s can be created: %s', (rows, columns, expected) => {
    expect(canCreateTable({ rows, columns })).toBe(expected);
  });
});

describe('CSV import field count (spec 002 §5)', () => {
  it.each([
    ['no rows', [], undefined],
    ['a header only', [['a', 'b']], undefined],
    ['rows as wide as the header', [['a', 'b'], ['1', '2'], ['3', '4']], undefined],
    ['a row with a cell missing', [['a', 'b'], ['1', '2'], ['3']], MISMATCH],
    ['a row with a cell too much', [['a', 'b'], ['1', '2', '3']], MISMATCH],
  ])('%s', (_name, rows, expected) => {
    expect(checkCsvFieldCount(rows)).toBe(expected);
  });
});

const columns = [
  { name: 'rank', title: 'Rank' },
  { name: 'person', title: 'Person' },
  { name: 'mainResult', title: 'Result' },
  { name: 'team', title: 'Team' },
];
const row = (rank: unknown, person: unknown, result: unknown, team: unknown = '') => ({
  cells: [{ value: rank }, { value: person }, { value: result }, { value: team }],
});

describe('results table (spec 002 §5: errors when the title or a required row cell is empty)', () => {
  it.each([
    ['a complete table', { title: 'Final', columns, rows: [row('1', { id: 'a1', stencil: 'person' }, '1:02.3')] }, []],
    ['an empty additional cell', { title: 'Final', columns, rows: [row(1, 'Ann', 9.5, '')] }, []],
    ['an empty title', { title: '', columns, rows: [row('1', 'Ann', '9')] }, ['results.title']],
    ['a blank title', { title: '  ', columns, rows: [] }, ['results.title']],
    ['an empty rank', { title: 'T', columns, rows: [row('', 'Ann', '9')] }, ['results.rows.0.rank']],
    ['an empty person', { title: 'T', columns, rows: [row('1', 'Ann', '9'), row('2', null, '8')] }, ['results.rows.1.person']],
    ['a missing result cell', { title: 'T', columns, rows: [{ cells: [{ value: '1' }, { value: 'Ann' }] }] }, ['results.rows.0.mainResult']],
    [
      'several problems',
      { title: '', columns, rows: [row('', '', '')] },
      ['results.title', 'results.rows.0.rank', 'results.rows.0.person', 'results.rows.0.mainResult'],
    ],
    ['reordered columns', { title: 'T', columns: [columns[2], columns[0], columns[1]], rows: [{ cells: [{ value: '' }, { value: '1' }, { value: 'A' }] }] }, ['results.rows.0.mainResult']],
    ['a value of another shape', 'not a table', []],
  ])('%s', (_name, value, paths) => {
    expect(validateResultsTable(value, 'results')).toEqual(paths.map((path) => ({ path, message: REQUIRED })));
  });
});

const INVALID = 'Does not match required pattern or contains invalid character.';

describe('results table cells flagged invalid (spec 002 §5)', () => {
  it('reports each flagged cell at its column name', () => {
    const value = { title: 'T', columns, rows: [{ cells: [{ value: '1' }, { value: 'Ann' }, { value: '9' }, { value: 'many', invalid: true }] }] };
    expect(validateResultsTable(value, 'results')).toEqual([{ path: 'results.rows.0.team', message: INVALID }]);
  });
});

describe('simple table cells (spec 002 §3: rich text)', () => {
  it.each([
    ['plain cells', [{ cells: [{ value: '<strong>1</strong>' }] }], []],
    ['a cell with a good link', [{ cells: [{ value: '<a href="https://example.com">x</a>' }] }], []],
    ['a cell with a link without scheme', [{ cells: [{ value: 'a' }, { value: '<a href="example.com">x</a>' }] }], ['table.rows.0.cells.1']],
  ])('%s', (_name, rows, paths) => {
    expect(validateSimpleTable({ columns: [{ title: 'A' }], rows }, 'table').map((error) => error.path)).toEqual(paths);
  });
});
