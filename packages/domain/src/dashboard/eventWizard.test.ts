import { describe, expect, it } from 'vitest';
import { eventHasLocale, eventLocaleChoices, eventProfileStatusOf, eventTimeZoneOf, uriTitleFromTitle } from './eventWizard.ts';

const EVENT = { locale: 'en', translations: ['de-AT', 'fr'], spaces: ['wrc', 'rbcom'] };

describe('event wizard rules', () => {
  it.each([
    ['en', true],
    ['de-AT', true],
    ['de', false],
    ['it', false],
  ])('the event has locale %s: %s', (locale, has) => {
    expect(eventHasLocale(EVENT, locale)).toBe(has);
  });

  it('offers the user locales whose language the event does not have yet', () => {
    expect(eventLocaleChoices(EVENT, ['en', 'de', 'fr', 'es', 'it', 'en-GB'])).toEqual(['es', 'it']);
    expect(eventLocaleChoices({ locale: 'en', translations: [], spaces: ['rbcom'] }, ['en'])).toEqual([]);
  });

  it('offers only the locales allowed for the event’s first space (spec 001 §5)', () => {
    expect(eventLocaleChoices(EVENT, ['es', 'it', 'ja'], { wrc: ['en', 'es'], rbcom: ['it'] })).toEqual(['es']);
    expect(eventLocaleChoices(EVENT, ['es', 'it', 'ja'], { erc: ['en'] })).toEqual(['es', 'it', 'ja']);
  });

  it.each([
    ['Confirmed', 'confirmed'],
    ['Tentative', 'confirmed'],
    ['Postponed', 'postponed'],
    ['Cancelled', 'cancelled'],
    [null, 'confirmed'],
  ] as const)('maps the event status %s to the option %s', (status, option) => {
    expect(eventProfileStatusOf(status)).toBe(option);
  });

  it('takes the event time zone, UTC when it has none', () => {
    expect(eventTimeZoneOf({ startDate: { dateTimeUTC: '2026-12-01T10:00:00Z', targetTimezone: 'Europe/Vienna' } })).toBe('Europe/Vienna');
    expect(eventTimeZoneOf({ startDate: { dateTimeUTC: '2026-12-01T10:00:00Z', targetTimezone: '' } })).toBe('UTC');
  });

  it.each([
    ['Red Bull Cliff Diving – Mostar 2026', 'red-bull-cliff-diving-mostar-2026'],
    ['Straßenrennen Köln', 'strassenrennen-koln'],
    ['  --  ', ''],
    ['a'.repeat(99) + ' b', 'a'.repeat(99)],
  ])('proposes the URI title of %s', (title, uriTitle) => {
    expect(uriTitleFromTitle(title)).toBe(uriTitle);
  });
});
