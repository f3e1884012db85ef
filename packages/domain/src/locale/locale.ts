const LOCALE_ID = /^[a-z]{2}(-[A-Z]{2})?$/;

/** Spec 000 §1: a locale id is two letters, or two letters plus a region. */
export function isLocaleId(value: string): boolean {
  return LOCALE_ID.test(value);
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
