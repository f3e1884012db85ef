import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { cellFromText, cellText, convertCellValue, RESULT_FORMAT_HINTS, type ResultCellValue, type ResultFormat } from './formatHints.ts';

const reference = { id: 'a1', stencil: 'person' };

describe('format hints (spec 002 §9)', () => {
  it('offers the hints of spec 002 §9', () => {
    expect(RESULT_FORMAT_HINTS).toEqual(['asset', 'float', 'integer', 'percent', 'points', 'text', 'timestamp']);
  });
});

describe('format-hint conversion (spec 002 §5)', () => {
  it.each<[string, ResultCellValue, ResultFormat, ResultCellValue | 'incompatible']>([
    ['text keeps text', 'Ann', 'text', 'Ann'],
    ['text turns a number into text', 9.5, 'text', '9.5'],
    ['asset takes text', 'Ann', 'asset', 'Ann'],
    ['text takes an asset reference', reference, 'text', reference],
    ['asset keeps an asset reference', reference, 'asset', reference],
    ['integer reads digits', ' 12 ', 'integer', 12],
    ['integer reads a signed number', '-3', 'integer', -3],
    ['int is an integer too', '7', 'int', 7],
    ['integer refuses a fraction', '1.5', 'integer', 'incompatible'],
    ['integer refuses a fractional number', 1.5, 'integer', 'incompatible'],
    ['integer refuses words', 'DNF', 'integer', 'incompatible'],
    ['integer refuses a reference', reference, 'integer', 'incompatible'],
    ['float reads a decimal', '9.75', 'float', 9.75],
    ['float keeps a number', 3, 'float', 3],
    ['float refuses a time', '1:02.3', 'float', 'incompatible'],
    ['points reads a decimal', '132.5', 'points', 132.5],
    ['points refuses words', 'ten', 'points', 'incompatible'],
    ['percent reads a percent sign', '45 %', 'percent', 45],
    ['percent reads a plain number', '12.5', 'percent', 12.5],
    ['percent refuses words', 'half', 'percent', 'incompatible'],
    ['timestamp keeps a race time', '1:02.345', 'timestamp', '1:02.345'],
    ['timestamp keeps a gap', '+0.512', 'timestamp', '+0.512'],
    ['timestamp keeps hours', '2:01:33', 'timestamp', '2:01:33'],
    ['timestamp reads a number as seconds', 59.1, 'timestamp', '59.1'],
    ['timestamp refuses words', 'DNF', 'timestamp', 'incompatible'],
    ['an empty cell stays empty', '', 'integer', ''],
    ['a cleared cell stays cleared', null, 'float', null],
  ])('%s', (_name, value, format, expected) => {
    expect(convertCellValue(value, format)).toEqual(expected === 'incompatible' ? { isCompatible: false } : { isCompatible: true, value: expected });
  });

  it('text and asset replace each other without losing a value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(reference)), fc.constantFrom<ResultFormat>('text', 'asset'), (value, format) => {
        expect(convertCellValue(value, format)).toEqual({ isCompatible: true, value });
      }),
    );
  });

  it('a converted value is compatible with its format and converts to itself again', () => {
    const values = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map(String), fc.float({ noNaN: true, noDefaultInfinity: true }).map(String), fc.constant(null));
    fc.assert(
      fc.property(values, fc.constantFrom(...RESULT_FORMAT_HINTS, 'int' as const), (value, format) => {
        const first = convertCellValue(value, format);
        fc.pre(first.isCompatible);
        expect(first.isCompatible && convertCellValue(first.value, format)).toEqual(first);
      }),
    );
  });

  it('every integer converts to an integer column and back to text unchanged', () => {
    fc.assert(
      fc.property(fc.integer(), (number) => {
        const conversion = convertCellValue(String(number), 'integer');
        expect(conversion).toEqual({ isCompatible: true, value: number });
        expect(convertCellValue(number, 'text')).toEqual({ isCompatible: true, value: String(number) });
      }),
    );
  });
});

describe('typing into a cell (spec 002 §5: cells can be flagged invalid)', () => {
  it.each<[string, string, ResultFormat | undefined, ReturnType<typeof cellFromText>]>([
    ['a number into an integer column', '4', 'integer', { value: 4 }],
    ['words into an integer column', 'four', 'integer', { value: 'four', invalid: true }],
    ['anything into a text column', 'four', 'text', { value: 'four' }],
    ['anything into a predefined column', 'Ann', undefined, { value: 'Ann' }],
    ['a time into a timestamp column', '1:02', 'timestamp', { value: '1:02' }],
  ])('%s', (_name, text, format, expected) => {
    expect(cellFromText(text, format)).toEqual(expected);
  });

  it.each<[ResultCellValue | undefined, string]>([
    [undefined, ''],
    [null, ''],
    ['Ann', 'Ann'],
    [9.5, '9.5'],
    [reference, 'a1'],
  ])('shows %j as %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
