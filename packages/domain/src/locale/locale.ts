import { WORLDWIDE_REGION_LABELS } from './regionLabels.ts';

/** Two letters, or two letters and a country (`pt-BR`) or a worldwide region of spec 000 §9 (`es-LAT`, `sq-KV`). */
export const LOCALE_ID_PATTERN = new RegExp(`^[a-z]{2}(-([A-Z]{2}|${Object.keys(WORLDWIDE_REGION_LABELS).join('|')}))?$`);

/** Spec 000 §1, §9: a locale id is two letters, or two letters plus a country or a worldwide region. */
export function isLocaleId(value: string): boolean {
  return LOCALE_ID_PATTERN.test(value);
}

/** The language part of a locale id ('pt' of 'pt-BR'). */
export function languageOf(locale: string): string {
  return locale.split('-')[0] ?? locale;
}

/** Spec 000 §4: locale fallback order: exact, same language, any en, then the first. */
export function resolveLocale(wanted: string, available: readonly string[]): string | undefined {
  if (available.includes(wanted)) return wanted;
  const language = languageOf(wanted);
  return (
    available.find((locale) => languageOf(locale) === language) ??
    available.find((locale) => languageOf(locale) === 'en') ??
    available[0]
  );
}
