/** Spec 002 §5: content elements offered only while a feature flag is on, by element name → flag. */
export const FEATURE_GATED_ELEMENTS: Readonly<Record<string, string>> = {
  'cta-fullscreen-engagement': 'fullscreen-engagement',
};

/** Spec 002 §5: whether an element may be added; one already in the content stays whatever the flag says. */
export function isElementOffered(elementName: string, features: readonly string[]): boolean {
  const flag = FEATURE_GATED_ELEMENTS[elementName];
  return flag === undefined || features.includes(flag);
}
