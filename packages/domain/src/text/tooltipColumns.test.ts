import { describe, expect, it } from 'vitest';
import { tooltipColumns } from './tooltipColumns.ts';

const items = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const lengths = (count: number) => tooltipColumns(items(count)).map((column) => column.length);

describe('tooltip list columns (spec 001 §9)', () => {
  it.each([
    [0, []],
    [3, [3]],
    [9, [9]],
    [10, [5, 5]],
    [14, [5, 5, 4]],
    [20, [5, 5, 5, 5]],
    [21, [10, 10, 1]],
    [35, [10, 10, 10, 5]],
  ])('splits %i items into columns of %j', (count, expected) => {
    expect(lengths(count)).toEqual(expected);
  });

  it('keeps every item once, in order', () => {
    expect(tooltipColumns(items(37)).flat()).toEqual(items(37));
  });
});
