import { describe, expect, it } from 'vitest';
import { coverDays, recencyWindows } from './recencyWindows.ts';

/** Every day the words of a window stand for, as `yyyy-mm-dd`. */
function daysOf(words: readonly string[]): string[] {
  const days: string[] = [];
  for (const word of words) {
    const value = word.slice(2);
    if (word.startsWith('_d')) {
      days.push(value);
      continue;
    }
    const [year, month] = value.split('-').map(Number) as [number, number | undefined];
    const isMonth = word.startsWith('_m');
    const start = isMonth ? Date.UTC(year, (month ?? 1) - 1, 1) : Date.UTC(year, 0, 1);
    const end = isMonth ? Date.UTC(year, month ?? 1, 1) : Date.UTC(year + 1, 0, 1);
    for (let day = start; day < end; day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days.toSorted();
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

describe('recency words', () => {
  it('covers a range with whole years and months where they fit, and days at its edges', () => {
    expect(coverDays('2024-12-30', '2026-02-02')).toEqual(['_d2026-02-02', '_d2026-02-01', '_m2026-01', '_y2025', '_d2024-12-31', '_d2024-12-30']);
    expect(coverDays('2026-02-01', '2026-02-28')).toEqual(['_m2026-02']);
    expect(coverDays('2028-02-29', '2028-02-29')).toEqual(['_d2028-02-29']);
  });

  it.each([
    ['2024-02-27', '2024-03-02'],
    ['2019-07-15', '2026-11-24'],
    ['2026-12-31', '2027-01-01'],
  ])('covers every day from %s to %s exactly once', (from, to) => {
    expect(daysOf(coverDays(from, to))).toEqual(daysBetween(from, to));
  });
});

describe('recency windows', () => {
  it('start at the newest day (and two days after it), then double going back', () => {
    const windows = recencyWindows('2026-11-24T10:00:00.000Z', '2026-10-01T00:00:00.000Z');
    expect(windows.map(({ from, to }) => [from, to])).toEqual([
      ['2026-11-24', '2026-11-26'],
      ['2026-11-23', '2026-11-23'],
      ['2026-11-21', '2026-11-22'],
      ['2026-11-17', '2026-11-20'],
      ['2026-11-09', '2026-11-16'],
      ['2026-10-24', '2026-11-08'],
      ['2026-10-01', '2026-10-23'],
    ]);
    expect(windows[0]?.query).toBe(`'_d2026-11-26' | '_d2026-11-25' | '_d2026-11-24'`);
  });

  it('cover every day from the oldest edit to the newest once, newest first', () => {
    const windows = recencyWindows('2026-11-24T10:00:00.000Z', '1986-03-05T23:59:59.000Z');
    const covered = windows.flatMap((window) => daysOf(window.query.split(' | ').map((word) => word.slice(1, -1))));
    expect(covered.toSorted()).toEqual(daysBetween('1986-03-05', '2026-11-26'));
    const starts = windows.map((window) => window.from);
    expect(starts).toEqual(starts.toSorted().toReversed());
    expect(windows.length).toBeLessThanOrEqual(16);
  });

  it('is one window when every version was edited on one day', () => {
    expect(recencyWindows('2026-11-24T10:00:00.000Z', '2026-11-24T09:00:00.000Z')).toHaveLength(1);
  });
});
