/**
 * Spec 000 §9: the regions that are no country but a wider, worldwide edition, and their labels (the spec names the
 * regions, not the texts: ours, see docs/decisions.md).
 */
export const WORLDWIDE_REGION_LABELS = {
  CAR: 'Caribbean',
  EN: 'Worldwide',
  LAT: 'Latin America',
  MEA: 'Middle East and Africa',
  KV: 'Kosovo',
} as const;

export type WorldwideRegion = keyof typeof WORLDWIDE_REGION_LABELS;

/** Spec 000 §9: whether a locale's region (`LAT` of `es-LAT`, any case) is one of the worldwide regions. */
export function isWorldwideRegion(region: string): region is WorldwideRegion {
  return Object.hasOwn(WORLDWIDE_REGION_LABELS, region.toUpperCase());
}

/** Spec 000 §9: the worldwide label of a locale's region (`es-LAT` → 'Latin America'); undefined for a country or no region. */
export function worldwideRegionLabelOf(locale: string): string | undefined {
  const region = locale.split('-')[1];
  if (region === undefined || !isWorldwideRegion(region)) return undefined;
  return WORLDWIDE_REGION_LABELS[region.toUpperCase() as WorldwideRegion];
}

/**
 * Spec 000 §9: a locale's label from its language's name: `Spanish (Latin America)` for a worldwide region; otherwise
 * `countryLabel` names the locale as a whole (the browser's display names, 'German (Austria)').
 */
export function localeLabelOf(input: { locale: string; languageName: (language: string) => string; countryLabel: (locale: string) => string }): string {
  const worldwide = worldwideRegionLabelOf(input.locale);
  if (worldwide === undefined) return input.countryLabel(input.locale);
  const language = input.locale.split('-')[0] ?? input.locale;
  return `${input.languageName(language)} (${worldwide})`;
}

/**
 * The standard region subtag of each worldwide region, where one exists (UN M49 area codes, `XK` for Kosovo): what a
 * service that speaks BCP 47 (a translation model, `Intl`) is told instead of our region ids. MEA and EN have none;
 * they are told the language alone.
 */
const BCP47_REGIONS: Readonly<Record<WorldwideRegion, string | undefined>> = { CAR: '029', EN: undefined, LAT: '419', MEA: undefined, KV: 'XK' };

/** Spec 000 §9: a locale as a BCP 47 language tag: `es-LAT` → `es-419`, `ar-MEA` → `ar`, `de-AT` unchanged. */
export function bcp47TagOf(locale: string): string {
  const [language = locale, region] = locale.split('-');
  if (region === undefined || !isWorldwideRegion(region)) return locale;
  const standard = BCP47_REGIONS[region.toUpperCase() as WorldwideRegion];
  return standard === undefined ? language : `${language}-${standard}`;
}
