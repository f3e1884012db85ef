import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@editor/domain';
import { fromPickerValue, PAST_END_DATE_OFFSET_MS, publishDatesError, publishSchedule, toPickerValue } from './publishDates.ts';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const noEmbargo = { startDate: null, endDate: null };
const embargo = { startDate: '2026-06-01T00:00:00.000Z', endDate: '2026-07-01T00:00:00.000Z' };

describe('publishSchedule (spec 002 §4)', () => {
  it.each([
    { name: 'both empty: publish now', dates: { startDate: null, endDate: null }, sent: { startDate: null, endDate: null } },
    { name: 'future dates unchanged', dates: { startDate: '2026-06-20T00:00:00.000Z', endDate: '2026-06-25T00:00:00.000Z' }, sent: { startDate: '2026-06-20T00:00:00.000Z', endDate: '2026-06-25T00:00:00.000Z' } },
    { name: 'a past start dropped', dates: { startDate: '2026-06-10T00:00:00.000Z', endDate: null }, sent: { startDate: null, endDate: null } },
    { name: 'a start of exactly now dropped', dates: { startDate: new Date(NOW).toISOString(), endDate: null }, sent: { startDate: null, endDate: null } },
    { name: 'a past end moved to now plus the offset', dates: { startDate: null, endDate: '2026-06-01T00:00:00.000Z' }, sent: { startDate: null, endDate: new Date(NOW + PAST_END_DATE_OFFSET_MS).toISOString() } },
  ])('$name', ({ dates, sent }) => {
    expect(publishSchedule(dates, NOW)).toEqual(sent);
  });
});

describe('publishDatesError (spec 002 §5)', () => {
  const invalid = VALIDATION_MESSAGES.publishDatesOutsideEmbargo;
  it.each([
    { name: 'no dates, no embargo', dates: { startDate: null, endDate: null }, window: noEmbargo, error: null },
    { name: 'publish now inside the embargo', dates: { startDate: null, endDate: null }, window: embargo, error: null },
    { name: 'publish now before the embargo starts', dates: { startDate: null, endDate: null }, window: { ...embargo, startDate: '2026-06-20T00:00:00.000Z' }, error: invalid },
    { name: 'publish now after the embargo ended', dates: { startDate: null, endDate: null }, window: { ...embargo, endDate: '2026-06-14T00:00:00.000Z' }, error: invalid },
    { name: 'a start after the embargo end', dates: { startDate: '2026-07-02T00:00:00.000Z', endDate: null }, window: embargo, error: invalid },
    { name: 'an end after the embargo end', dates: { startDate: null, endDate: '2026-07-02T00:00:00.000Z' }, window: embargo, error: invalid },
    { name: 'both inside the embargo', dates: { startDate: '2026-06-16T00:00:00.000Z', endDate: '2026-06-30T00:00:00.000Z' }, window: embargo, error: null },
    { name: 'an end before the start', dates: { startDate: '2026-06-20T00:00:00.000Z', endDate: '2026-06-19T00:00:00.000Z' }, window: noEmbargo, error: invalid },
    { name: 'an end equal to the start', dates: { startDate: '2026-06-20T00:00:00.000Z', endDate: '2026-06-20T00:00:00.000Z' }, window: noEmbargo, error: invalid },
    { name: 'a past end (moved to now plus the offset)', dates: { startDate: null, endDate: '2026-06-01T00:00:00.000Z' }, window: noEmbargo, error: null },
    { name: 'a past end before a future start', dates: { startDate: '2026-06-20T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z' }, window: noEmbargo, error: invalid },
  ])('$name', ({ dates, window, error }) => {
    expect(publishDatesError({ dates, embargo: window, now: NOW })).toBe(error);
  });
});

describe('picker values', () => {
  it('round-trips a moment through the wall-clock value of the browser', () => {
    const iso = '2026-06-20T08:30:00.000Z';
    expect(fromPickerValue(toPickerValue(iso))).toBe(iso);
    expect(toPickerValue(null)).toBeNull();
    expect(fromPickerValue(null)).toBeNull();
  });
});
