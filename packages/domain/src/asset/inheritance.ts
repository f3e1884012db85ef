import type { InputDefinition } from './inputs.ts';

/** Spec 002 §3 inheritance mapping: the stencil content is inherited from. */
export const ENERGY_DRINK_STENCIL = 'energy-drink';

/** Spec 002 §3: the title joins local-brand-name and title with this. */
export const INHERITED_TITLE_SEPARATOR = ' | ';

/**
 * Spec 002 §3 "Inheritance mapping (from an energy-drink asset): branding hex colour to bg-hex-color-code;
 * featured-media to packshot; key-visual; legal-disclaimer; teaser to subheading": source input → target input.
 */
export const INHERITANCE_MAPPING: ReadonlyArray<readonly [source: string, target: string]> = [
  ['branding-hex-color', 'bg-hex-color-code'],
  ['featured-media', 'packshot'],
  ['key-visual', 'key-visual'],
  ['legal-disclaimer', 'legal-disclaimer'],
  ['teaser', 'subheading'],
];

const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Spec 002 §3 "title joins local-brand-name and title with ' | '"; either alone when the other is empty. */
export function inheritedTitleOf(source: Readonly<Record<string, unknown>>): string | undefined {
  const parts = [source['local-brand-name'], source.title].filter(hasText).map((part) => part.trim());
  return parts.length === 0 ? undefined : parts.join(INHERITED_TITLE_SEPARATOR);
}

/** Whether an asset of these inputs can inherit data: it references energy drinks and has a mapped input. */
export function canInheritData(inputs: readonly InputDefinition[]): boolean {
  const names = new Set(inputs.map((input) => input.name));
  const referencesEnergyDrinks = inputs.some((input) => input.type === 'asset' && input.constraints?.stencils?.includes(ENERGY_DRINK_STENCIL));
  return referencesEnergyDrinks && (names.has('title') || INHERITANCE_MAPPING.some(([, target]) => names.has(target)));
}

/**
 * Spec 002 §2 inherit data, §3 mapping: the values an energy-drink asset's content (`source`, input name → value)
 * gives the open asset's inputs, only for inputs the open asset has and only where the source holds a value.
 */
export function inheritedValuesOf(source: Readonly<Record<string, unknown>>, targetInputs: readonly InputDefinition[]): Record<string, unknown> {
  const targets = new Set(targetInputs.map((input) => input.name));
  const values: Record<string, unknown> = {};
  for (const [from, to] of INHERITANCE_MAPPING) {
    const value = source[from];
    if (targets.has(to) && value !== undefined && value !== null && value !== '') values[to] = value;
  }
  const title = inheritedTitleOf(source);
  if (targets.has('title') && title !== undefined) values.title = title;
  return values;
}
