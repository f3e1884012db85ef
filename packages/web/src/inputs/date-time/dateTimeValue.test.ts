import { describe, expect, it } from 'vitest';
import type { DateKind } from '@editor/domain';
import { normalizeTime, timeModeOf, timeZoneOptions, toDateTimeValue, toUtcIso, wallClockOf } from './dateTimeValue.ts';

describe('toDateTimeValue', () => {
  it.each([
    ['2026-03-01', '10:30:00', 'Europe/Vienna', '2026-03-01T09:30:00Z'],
    ['2026-07-01', '10:30:00', 'Europe/Vienna', '2026-07-01T08:30:00Z'],
    ['2026-07-01', '22:00:00', 'America/New_York', '2026-07-02T02:00:00Z'],
    ['2026-01-15', '08:15:30', 'Asia/Kathmandu', '2026-01-15T02:30:30Z'],
    ['2026-06-01', '12:00:00', 'UTC', '2026-06-01T12:00:00Z'],
  ])('%s %s in %s is stored as %s', (date, time, timezone, expected) => {
    expect(toDateTimeValue({ wallClock: { date, time }, isDateOnly: false, timezone })).toEqual({ date: expected, isDateOnly: false, timezone });
  });

  it('stores a date without time as that calendar day, whatever the zone', () => {
    expect(toDateTimeValue({ wallClock: { date: '2026-03-01', time: '17:00:00' }, isDateOnly: true, timezone: 'Europe/Vienna' })).toEqual({
      date: '2026-03-01',
      isDateOnly: true,
      timezone: 'Europe/Vienna',
    });
  });

  it('stores nothing for an unknown zone or a broken date', () => {
    expect(toDateTimeValue({ wallClock: { date: '2026-03-01', time: '10:00:00' }, isDateOnly: false, timezone: 'Mars/Olympus' })).toBeUndefined();
    expect(toDateTimeValue({ wallClock: { date: '1 March', time: '10:00:00' }, isDateOnly: false, timezone: 'UTC' })).toBeUndefined();
  });
});

describe('wallClockOf and toDateTimeValue round trip', () => {
  it.each([
    ['Europe/Vienna', '2026-03-29', '01:30:00'],
    ['Europe/Vienna', '2026-10-25', '23:59:59'],
    ['America/New_York', '2026-11-01', '00:00:00'],
    ['America/Los_Angeles', '2026-07-04', '21:15:00'],
    ['Asia/Kathmandu', '2026-02-28', '05:45:00'],
    ['Australia/Lord_Howe', '2026-04-05', '12:00:00'],
    ['Pacific/Kiritimati', '2026-12-31', '23:00:00'],
  ])('%s keeps %s %s', (timezone, date, time) => {
    const stored = toDateTimeValue({ wallClock: { date, time }, isDateOnly: false, timezone });
    expect(stored).toBeDefined();
    expect(wallClockOf(stored!)).toEqual({ date, time });
  });

  it('reads a date-only value back as its day in a zone west of UTC', () => {
    const stored = toDateTimeValue({ wallClock: { date: '2026-03-01', time: '00:00:00' }, isDateOnly: true, timezone: 'America/Los_Angeles' });
    expect(stored?.date).toBe('2026-03-01');
    expect(wallClockOf(stored!)).toEqual({ date: '2026-03-01', time: '00:00:00' });
  });
});

describe('wallClockOf', () => {
  it('reads a calendar date as that day', () => {
    expect(wallClockOf({ date: '1990-05-17', isDateOnly: true, timezone: 'Europe/Vienna' })).toEqual({ date: '1990-05-17', time: '00:00:00' });
  });

  it('reads an instant in the value’s zone, dropping milliseconds', () => {
    expect(wallClockOf({ date: '2026-03-01T09:30:00.789Z', isDateOnly: false, timezone: 'Europe/Vienna' })).toEqual({ date: '2026-03-01', time: '10:30:00' });
    expect(wallClockOf({ date: '2026-03-01T10:30:00+01:00', isDateOnly: false, timezone: 'Europe/Vienna' })).toEqual({ date: '2026-03-01', time: '10:30:00' });
  });

  it('reads an instant in UTC when its zone is unknown, and nothing for a broken date', () => {
    expect(wallClockOf({ date: '2026-03-01T09:30:00Z', isDateOnly: false, timezone: 'Mars/Olympus' })).toEqual({ date: '2026-03-01', time: '09:30:00' });
    expect(wallClockOf({ date: 'soon', isDateOnly: false, timezone: 'UTC' })).toBeUndefined();
  });
});

describe('toUtcIso (spec 002 §5: date-time strips milliseconds)', () => {
  it.each([
    ['2026-03-01T09:30:15.789Z', '2026-03-01T09:30:15Z'],
    ['2026-03-01T09:30:15.000Z', '2026-03-01T09:30:15Z'],
    ['1969-12-31T23:59:59.500Z', '1969-12-31T23:59:59Z'],
  ])('%s → %s', (iso, expected) => {
    expect(toUtcIso(Date.parse(iso))).toBe(expected);
  });
});

describe('normalizeTime', () => {
  it.each([
    ['09:30', '09:30:00'],
    ['23:59:59', '23:59:59'],
    ['24:00', undefined],
    ['12:60', undefined],
    ['9:30', undefined],
    ['', undefined],
  ])('%j → %j', (time, expected) => {
    expect(normalizeTime(time)).toBe(expected);
  });
});

const input = (name: string, dateKind?: DateKind) => ({ name, constraints: dateKind ? { dateKind } : undefined });

describe('timeModeOf (spec 000 §9 date kinds)', () => {
  it.each([
    [input('playability-start-date', 'DATETIME'), 'always'],
    [input('birth-date', 'DATE'), 'never'],
    [input('schedule-item-date', 'DATE_OR_DATETIME'), 'switch'],
    [input('some-date'), 'switch'],
    [input('event-start-date', 'DATE'), 'switch'],
  ] as const)('%j → %s', (definition, expected) => {
    expect(timeModeOf(definition)).toBe(expected);
  });
});

describe('timeZoneOptions', () => {
  it('lists UTC first and the IANA zones', () => {
    const zones = timeZoneOptions('Europe/Vienna');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('America/New_York');
    expect(zones.filter((zone) => zone === 'Europe/Vienna')).toHaveLength(1);
  });

  it('adds a stored zone the list lacks', () => {
    expect(timeZoneOptions('Etc/UTC')[0]).toBe('Etc/UTC');
  });
});
