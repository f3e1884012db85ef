import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byteRange.ts';

describe('Range header', () => {
  it.each([
    { header: undefined, expected: undefined },
    { header: 'bytes=0-99', expected: { start: 0, end: 99 } },
    { header: 'bytes=100-199', expected: { start: 100, end: 199 } },
    { header: 'bytes=900-', expected: { start: 900, end: 999 } },
    { header: 'bytes=900-5000', expected: { start: 900, end: 999 } },
    { header: 'bytes=-500', expected: { start: 500, end: 999 } },
    { header: 'bytes=-5000', expected: { start: 0, end: 999 } },
    { header: 'bytes=1000-', expected: 'unsatisfiable' },
    { header: 'bytes=-0', expected: 'unsatisfiable' },
    { header: 'bytes=5-1', expected: undefined },
    { header: 'bytes=0-1,5-9', expected: undefined },
    { header: 'items=0-1', expected: undefined },
    { header: 'bytes=-', expected: undefined },
  ])('$header of 1000 bytes', ({ header, expected }) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
