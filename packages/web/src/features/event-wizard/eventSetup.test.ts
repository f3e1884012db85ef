import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@editor/domain';
import { buildEvent } from '../dashboard/dashboardTestKit.ts';
import { instantOfWallClockField, profileValuesOf, setupErrors, setupFromEvent, wallClockFieldOf, type EventSetup } from './eventSetup.ts';

const event = buildEvent({
  startDate: { dateTimeUTC: '2027-07-10T10:00:00.000Z', targetTimezone: 'Asia/Tokyo' },
  endDate: { dateTimeUTC: '2027-07-11T18:00:00.000Z', targetTimezone: 'Asia/Tokyo' },
});
const setupIn = (change: Partial<EventSetup>): EventSetup => ({ ...setupFromEvent(event), ...change });

describe('event setup dates in the event time zone (spec 001 §2.5)', () => {
  it.each([
    ['UTC', '2027-07-10T10:00:00.000Z', '2027-07-10T10:00'],
    ['Asia/Tokyo', '2027-07-10T10:00:00.000Z', '2027-07-10T19:00'],
    ['America/Los_Angeles', '2027-07-10T10:00:00.000Z', '2027-07-10T03:00'],
    ['America/Los_Angeles', '2027-01-10T02:00:00.000Z', '2027-01-09T18:00'],
  ])('shows the instant in %s as its wall clock', (zone, iso, field) => {
    expect(wallClockFieldOf(iso, zone)).toBe(field);
    expect(instantOfWallClockField(field, zone)).toBe(iso.replace('.000Z', 'Z'));
  });

  it('starts from the event in its own zone', () => {
    expect(setupFromEvent(event)).toMatchObject({ timeZone: 'Asia/Tokyo', start: '2027-07-10T19:00', end: '2027-07-12T03:00' });
    expect(setupFromEvent(buildEvent({ startDate: { dateTimeUTC: '2027-07-10T10:00:00.000Z', targetTimezone: '' } }))).toMatchObject({ timeZone: 'UTC', start: '2027-07-10T10:00' });
  });

  it.each([
    ['Asia/Tokyo', '2027-07-10T10:00', '2027-07-10T01:00:00.000Z'],
    ['America/New_York', '2027-07-10T10:00', '2027-07-10T14:00:00.000Z'],
    ['UTC', '2027-07-10T10:00', '2027-07-10T10:00:00.000Z'],
  ])('stores a wall clock in %s as the instant it stands for', (timeZone, start, instant) => {
    const values = profileValuesOf(setupIn({ timeZone, start, end: '' }), event);
    expect(values['event-start-date']).toEqual({ date: instant, isDateOnly: false, timezone: timeZone });
    expect(values.timezone).toBe(timeZone);
    expect(values).not.toHaveProperty('event-end-date');
  });

  it('keeps the wall clock when the zone changes, so the stored instant moves', () => {
    const inTokyo = setupIn({ start: '2027-07-10T10:00', end: '2027-07-10T18:00' });
    const inNewYork = { ...inTokyo, timeZone: 'America/New_York' };
    expect(profileValuesOf(inTokyo, event)['event-end-date']).toMatchObject({ date: '2027-07-10T09:00:00.000Z' });
    expect(profileValuesOf(inNewYork, event)['event-end-date']).toMatchObject({ date: '2027-07-10T22:00:00.000Z', timezone: 'America/New_York' });
  });

  it('follows the daylight-saving change of the zone', () => {
    // Europe/Berlin moves from +01:00 to +02:00 at 02:00 on 28 March 2027, and back at 03:00 on 31 October.
    expect(instantOfWallClockField('2027-03-28T01:30', 'Europe/Berlin')).toBe('2027-03-28T00:30:00Z');
    expect(instantOfWallClockField('2027-03-28T03:30', 'Europe/Berlin')).toBe('2027-03-28T01:30:00Z');
    expect(instantOfWallClockField('2027-03-28T02:30', 'Europe/Berlin')).toBe('2027-03-28T01:30:00Z');
    expect(wallClockFieldOf('2027-03-28T00:59:00.000Z', 'Europe/Berlin')).toBe('2027-03-28T01:59');
    expect(wallClockFieldOf('2027-03-28T01:00:00.000Z', 'Europe/Berlin')).toBe('2027-03-28T03:00');
    expect(wallClockFieldOf('2027-10-31T01:30:00.000Z', 'Europe/Berlin')).toBe('2027-10-31T02:30');
  });

  it('asks for a start and a known zone', () => {
    expect(setupErrors(setupIn({}))).toEqual({});
    expect(setupErrors(setupIn({ start: '' }))).toEqual({ start: VALIDATION_MESSAGES.required });
    expect(setupErrors(setupIn({ timeZone: '' }))).toEqual({ timeZone: VALIDATION_MESSAGES.required });
    expect(setupErrors(setupIn({ timeZone: 'Europe/Atlantis' }))).toEqual({ timeZone: VALIDATION_MESSAGES.option });
  });
});
