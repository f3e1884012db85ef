import { countryOfLocale } from '@editor/domain';

/** A country's flag as the pair of regional-indicator letters; a locale without a country (bare `en`) gets a globe. */
export function localeFlag(locale: string): string {
  const country = countryOfLocale(locale);
  if (!country || !/^[A-Z]{2}$/.test(country)) return '🌐';
  return String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const names = new Map<string, string>();

/** A locale's name in English, e.g. `de-AT` → 'German (Austria)'; the id itself when the browser does not know it. */
export function localeLabel(locale: string): string {
  let name = names.get(locale);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
    } catch {
      name = locale;
    }
    names.set(locale, name);
  }
  return name;
}
