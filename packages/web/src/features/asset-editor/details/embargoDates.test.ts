import { describe, expect, it } from 'vitest';
import { areEmbargoDatesValid, embargoDatesDiffer, formatEmbargoValue, fromPickerValue, toPickerValue } from './embargoDates.ts';

describe('embargo dates (spec 002 §5, spec 000 §9)', () => {
  it('shows a stored moment as its UTC wall-clock time and reads it back as UTC, without milliseconds', () => {
    expect(toPickerValue('2026-05-01T12:30:15.250+02:00')).toBe('2026-05-01 10:30:15');
    expect(fromPickerValue('2026-05-01 10:30:15')).toBe('2026-05-01T10:30:15.000Z');
    expect(toPickerValue(null)).toBeNull();
    expect(fromPickerValue(null)).toBeNull();
  });

  it('formats a value in the embargo format', () => {
    expect(formatEmbargoValue('2026-05-01 09:05:07')).toBe('Friday, May 1st 2026, 9:05:07');
  });

  it.each([
    [{ startDate: '2026-05-01T10:00:00Z', endDate: '2026-05-01T10:00:01Z' }, true],
    [{ startDate: '2026-05-01T10:00:00Z', endDate: '2026-05-01T10:00:00Z' }, false],
    [{ startDate: '2026-05-02T10:00:00Z', endDate: '2026-05-01T10:00:00Z' }, false],
    [{ startDate: null, endDate: '2026-05-01T10:00:00Z' }, true],
    [{ startDate: '2026-05-01T10:00:00Z', endDate: null }, true],
    [{ startDate: null, endDate: null }, true],
  ])('%j valid: %s', (dates, expected) => expect(areEmbargoDatesValid(dates)).toBe(expected));

  it('differs only when a date changes to the second', () => {
    const current = { startDate: '2026-05-01T10:00:00.000Z', endDate: null };
    expect(embargoDatesDiffer({ startDate: '2026-05-01T10:00:00Z', endDate: null }, current)).toBe(false);
    expect(embargoDatesDiffer({ startDate: '2026-05-01T10:00:01Z', endDate: null }, current)).toBe(true);
    expect(embargoDatesDiffer({ startDate: '2026-05-01T10:00:00Z', endDate: '2026-06-01T10:00:00Z' }, current)).toBe(true);
  });
});
