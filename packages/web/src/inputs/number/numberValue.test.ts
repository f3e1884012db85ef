import { describe, expect, it } from 'vitest';
import { isIntegersOnly, toNumberValue } from './numberValue.ts';

describe('toNumberValue', () => {
  it.each([
    ['42', false, 42],
    [' -3.5 ', false, -3.5],
    ['.5', false, 0.5],
    ['1.', false, 1],
    ['1e3', false, 1000],
    [7, false, 7],
    ['', false, undefined],
    ['   ', false, undefined],
    ['-', false, undefined],
    ['1e', false, undefined],
    ['abc', false, undefined],
    ['0x10', false, undefined],
    ['Infinity', false, undefined],
    [Number.NaN, false, undefined],
    ['42', true, 42],
    ['-7', true, -7],
    ['2.5', true, undefined],
    [2.5, true, undefined],
    ['3.0', true, 3],
  ])('%j (integers only: %s) becomes %s', (raw, integersOnly, expected) => {
    expect(toNumberValue(raw, { integersOnly })).toBe(expected);
  });
});

describe('isIntegersOnly', () => {
  it.each([
    [{ view: { label: 'Count' } }, false],
    [{ view: { label: 'Count', style: 'multiline' } }, true],
    [{ multiple: true, view: { label: 'Count' } }, true],
  ])('%j → %s', (input, expected) => {
    expect(isIntegersOnly(input)).toBe(expected);
  });
});
