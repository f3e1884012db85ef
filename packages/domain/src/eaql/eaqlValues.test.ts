import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eaqlDateRange, normaliseEaqlDate } from './eaqlValues.ts';

describe('EAQL dates (spec 002 §2: datatype date)', () => {
  it.each<[string, string | undefined]>([
    ['2026-01-31', '2026-01-31'],
    ['2024-02-29', '2024-02-29'],
    ['2026-01-31T10:00:00Z', '2026-01-31T10:00:00.000Z'],
    ['2026-01-31T10:00Z', '2026-01-31T10:00:00.000Z'],
    ['2026-01-31T10:00', '2026-01-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00.5Z', '2026-01-31T10:00:00.500Z'],
    ['2026-01-31T10:00:00.123456789Z', '2026-01-31T10:00:00.123Z'],
    ['2026-01-31T01:00:00+02:00', '2026-01-30T23:00:00.000Z'],
    ['2026-12-31T23:00:00-05:30', '2027-01-01T04:30:00.000Z'],
    ['0050-06-01', '0050-06-01'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
    ['2025-02-29', undefined],
    ['2026-13-01', undefined],
    ['2026-00-10', undefined],
    ['2026-01-31T24:00:00Z', undefined],
    ['2026-01-31T10:60:00Z', undefined],
    ['2026-01-31T10:00:60Z', undefined],
    ['2026-01-31T10:00:00+24:00', undefined],
    ['0000-01-01', undefined],
    ['0001-01-01T00:30:00+01:00', undefined],
    ['9999-12-31T23:00:00-05:00', undefined],
    ['26-01-31', undefined],
    ['2026-1-31', undefined],
    ['2026-01-31 10:00', undefined],
    ['today', undefined],
  ])('%s reads as %s', (text, expected) => {
    expect(normaliseEaqlDate(text)).toBe(expected);
  });

  it('gives a whole day the UTC day as its range', () => {
    expect(eaqlDateRange('2026-01-31')).toEqual({ from: '2026-01-31T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' });
    expect(eaqlDateRange('2026-12-31')).toEqual({ from: '2026-12-31T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
  });

  it('gives a point in time a range of one millisecond', () => {
    expect(eaqlDateRange('2026-01-31T10:00:00.000Z')).toEqual({ from: '2026-01-31T10:00:00.000Z', to: '2026-01-31T10:00:00.001Z' });
  });

  it('reads back every instant it writes', () => {
    const instants = fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (date) => {
        const iso = date.toISOString();
        expect(normaliseEaqlDate(iso)).toBe(iso);
        expect(normaliseEaqlDate(iso.slice(0, 10))).toBe(iso.slice(0, 10));
      }),
    );
  });
});
