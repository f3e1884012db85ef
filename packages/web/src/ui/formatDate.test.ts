import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime, formatDisplayTimestamp } from './formatDate.ts';

/** A moment given in local time, so that the expected text holds in every time zone the tests run in. */
const local = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

describe('display dates (spec 001 §9, dd MMM yyyy)', () => {
  it.each([
    [local(2026, 0, 5, 9, 7), '05 Jan 2026', '05 Jan 2026, 09:07'],
    [local(2026, 8, 1, 0, 0), '01 Sep 2026', '01 Sep 2026, 00:00'],
    [local(2026, 11, 31, 23, 59), '31 Dec 2026', '31 Dec 2026, 23:59'],
    [local(2027, 0, 1, 12, 30), '01 Jan 2027', '01 Jan 2027, 12:30'],
  ])('shows %s as %s and %s', (iso, date, dateTime) => {
    expect(formatDisplayDate(iso)).toBe(date);
    expect(formatDisplayDateTime(iso)).toBe(dateTime);
  });

  it('gives the text date-fns gives for every month, single-digit days and hours, midnight and the last minute of a year', () => {
    const moments: Date[] = [];
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [[1, 0, 0], [9, 5, 3], [10, 10, 10], [28, 23, 59]] as const) moments.push(new Date(2026, month, day, hour, minute));
    }
    moments.push(new Date(2024, 1, 29, 12, 0), new Date(1999, 11, 31, 23, 59, 59), new Date(2000, 0, 1, 0, 0), new Date(2026, 2, 29, 2, 30));
    for (const moment of moments) {
      const iso = moment.toISOString();
      expect(formatDisplayDate(iso), iso).toBe(format(moment, 'dd MMM yyyy'));
      expect(formatDisplayDateTime(iso), iso).toBe(format(moment, 'dd MMM yyyy, HH:mm'));
      expect(formatDisplayTimestamp(iso), iso).toBe(format(moment, 'dd MMM yyyy, HH:mm:ss'));
    }
  });

  it('also reads a date without a time, like date-fns', () => {
    expect(formatDisplayDate('2026-03-15')).toBe(format(new Date('2026-03-15'), 'dd MMM yyyy'));
  });

  it('refuses a value that is no date, as date-fns does', () => {
    expect(() => formatDisplayDate('not a date')).toThrow(RangeError);
    expect(() => formatDisplayDateTime('')).toThrow(RangeError);
  });
});
