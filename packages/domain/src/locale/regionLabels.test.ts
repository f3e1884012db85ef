import { describe, expect, it } from 'vitest';
import { WORLDWIDE_REGION_LABELS, bcp47TagOf, isWorldwideRegion, localeLabelOf, worldwideRegionLabelOf } from './regionLabels.ts';

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish', ar: 'Arabic', sq: 'Albanian', de: 'German' };
const label = (locale: string) =>
  localeLabelOf({ locale, languageName: (language) => LANGUAGES[language] ?? language, countryLabel: (whole) => `country label of ${whole}` });

describe('worldwide region labels (spec 000 §9)', () => {
  it('knows exactly CAR, EN, LAT, MEA and KV', () => {
    expect(Object.keys(WORLDWIDE_REGION_LABELS)).toEqual(['CAR', 'EN', 'LAT', 'MEA', 'KV']);
    for (const region of ['CAR', 'EN', 'LAT', 'MEA', 'KV', 'lat']) expect(isWorldwideRegion(region), region).toBe(true);
    for (const region of ['AT', 'US', 'INT', 'LA', '', 'toString', 'constructor']) expect(isWorldwideRegion(region), region).toBe(false);
  });

  it.each([
    ['en-CAR', 'English (Caribbean)'],
    ['en-EN', 'English (Worldwide)'],
    ['es-LAT', 'Spanish (Latin America)'],
    ['ar-MEA', 'Arabic (Middle East and Africa)'],
    ['sq-KV', 'Albanian (Kosovo)'],
    ['de-AT', 'country label of de-AT'],
    ['en', 'country label of en'],
  ])('labels %s as %s', (locale, expected) => {
    expect(label(locale)).toBe(expected);
  });

  it('answers no worldwide label for a country or a bare language', () => {
    expect(worldwideRegionLabelOf('de-AT')).toBeUndefined();
    expect(worldwideRegionLabelOf('en')).toBeUndefined();
    expect(worldwideRegionLabelOf('es-LAT')).toBe('Latin America');
  });
});

describe('worldwide locales as BCP 47 tags', () => {
  it.each([
    ['es-LAT', 'es-419'],
    ['en-CAR', 'en-029'],
    ['sq-KV', 'sq-XK'],
    ['ar-MEA', 'ar'],
    ['en-EN', 'en'],
    ['de-AT', 'de-AT'],
    ['en', 'en'],
  ])('%s → %s', (locale, tag) => {
    expect(bcp47TagOf(locale)).toBe(tag);
    expect(() => Intl.getCanonicalLocales(tag)).not.toThrow();
  });
});
