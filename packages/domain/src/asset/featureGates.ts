import { isRecord } from '../isRecord.ts';
import type { InputDefinition } from './inputs.ts';
import { walkValues } from './walkValues.ts';

/** Spec 002 §5: content elements offered only while a feature flag is on, by element name → flag. */
export const FEATURE_GATED_ELEMENTS: Readonly<Record<string, string>> = {
  'cta-fullscreen-engagement': 'fullscreen-engagement',
};

/** Spec 002 §5: whether an element may be added; one already in the content stays whatever the flag says. */
export function isElementOffered(elementName: string, features: readonly string[]): boolean {
  const flag = FEATURE_GATED_ELEMENTS[elementName];
  return flag === undefined || features.includes(flag);
}

/** The gated elements a content holds, at any depth, counted by element name. */
function countGatedElements(inputs: readonly InputDefinition[], values: Readonly<Record<string, unknown>>): Map<string, number> {
  const counts = new Map<string, number>();
  walkValues(inputs, values, ({ input, value }) => {
    if (input.type !== 'one-of-container' || !isRecord(value) || typeof value.type !== 'string') return;
    if (FEATURE_GATED_ELEMENTS[value.type] === undefined) return;
    counts.set(value.type, (counts.get(value.type) ?? 0) + 1);
  });
  return counts;
}

/**
 * Spec 002 §5, enforced on save: the gated elements `after` holds more of than `before` while their flag is off.
 * A save that adds one is refused; the ones already in the content stay, whatever the flag says.
 */
export function gatedElementsAdded(input: {
  inputs: readonly InputDefinition[];
  before: Readonly<Record<string, unknown>>;
  after: Readonly<Record<string, unknown>>;
  features: readonly string[];
}): string[] {
  const before = countGatedElements(input.inputs, input.before);
  return [...countGatedElements(input.inputs, input.after)]
    .filter(([name, count]) => count > (before.get(name) ?? 0) && !isElementOffered(name, input.features))
    .map(([name]) => name);
}
