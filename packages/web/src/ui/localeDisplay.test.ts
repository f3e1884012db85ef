import { describe, expect, it } from 'vitest';
import { localeFlag, localeLabel } from './localeDisplay.ts';

describe('locale labels and flags', () => {
  it.each([
    ['es-LAT', 'Spanish (Latin America)'],
    ['en-CAR', 'English (Caribbean)'],
    ['en-EN', 'English (Worldwide)'],
    ['ar-MEA', 'Arabic (Middle East and Africa)'],
    ['sq-KV', 'Albanian (Kosovo)'],
    ['de-AT', 'Austrian German'],
    ['de', 'German'],
  ])('labels %s as %s (spec 000 §9 worldwide regions)', (locale, label) => {
    expect(localeLabel(locale)).toBe(label);
  });

  it('shows a globe for a worldwide region and a flag for a country', () => {
    for (const locale of ['es-LAT', 'en-EN', 'sq-KV', 'en']) expect(localeFlag(locale), locale).toBe('🌐');
    expect(localeFlag('de-AT')).toBe('🇦🇹');
  });
});
