import { countryOfLocale, localeLabelOf, worldwideRegionLabelOf } from '@editor/domain';

/**
 * A country's flag as the pair of regional-indicator letters; a locale without a country (bare `en`) or of a
 * worldwide region (spec 000 §9: `es-LAT`, `en-EN`...) gets a globe.
 */
export function localeFlag(locale: string): string {
  const country = countryOfLocale(locale);
  if (!country || !/^[A-Z]{2}$/.test(country) || worldwideRegionLabelOf(locale) !== undefined) return '🌐';
  return String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const names = new Map<string, string>();

/** The browser's English name of a language or locale; the id itself when it does not know it. */
function displayName(id: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(id) ?? id;
  } catch {
    return id;
  }
}

/**
 * A locale's name in English, e.g. `de-AT` → 'German (Austria)', and with the worldwide label of spec 000 §9 for
 * CAR, EN, LAT, MEA and KV (`es-LAT` → 'Spanish (Latin America)'); the id itself when the browser does not know it.
 */
export function localeLabel(locale: string): string {
  let name = names.get(locale);
  if (name === undefined) {
    name = localeLabelOf({ locale, languageName: displayName, countryLabel: displayName });
    names.set(locale, name);
  }
  return name;
}
