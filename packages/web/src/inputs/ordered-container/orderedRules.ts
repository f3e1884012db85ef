import { childInputs, isEmpty, type InputDefinition } from '@editor/domain';

/** Spec 002 §3 quote value: [quote text, author name, author link]. */
export const QUOTE_AUTHOR = 'quote-author';
export const QUOTE_AUTHOR_LINK = 'quote-author-link';

/** Spec 002 §3 "Call-to-action url: ordered container; first item a choice, second item auto-filled from a mapping." */
export const CTA_URL = 'cta-url';

/** The address each call-to-action target fills in (installation configuration); a target without one is typed by hand. */
export type CallToActionAddresses = Readonly<Record<string, string>>;

function indexOfChild(input: InputDefinition, name: string): number {
  return childInputs(input).findIndex((child) => child.name === name);
}

/** Whether a change of the child at `index` also changes another child (and so must go through `withChildChange`). */
export function hasChildRule(input: InputDefinition, index: number): boolean {
  if (input.name === CTA_URL) return index === 0;
  const linkIndex = indexOfChild(input, QUOTE_AUTHOR_LINK);
  return linkIndex === index && indexOfChild(input, QUOTE_AUTHOR) >= 0;
}

function isMappedAddress(value: unknown, addresses: CallToActionAddresses): boolean {
  return typeof value === 'string' && Object.values(addresses).includes(value);
}

/**
 * The ordered container's value after its child at `index` becomes `childValue`, with the rules that tie children
 * together: spec 002 §4 "Quote: choosing a linked author clears the text author; deleting the link clears the link",
 * and spec 002 §3 the call-to-action address filled in from the chosen target (an address filled in for another
 * target is cleared when no mapped target is chosen; one typed by hand stays). Undefined when nothing is left.
 */
export function withChildChange(change: {
  input: InputDefinition;
  value: readonly unknown[];
  index: number;
  childValue: unknown;
  addresses: CallToActionAddresses;
}): unknown[] | undefined {
  const { input, value, index, childValue, addresses } = change;
  const length = Math.min(childInputs(input).length, Math.max(value.length, index + 1));
  const next = Array.from({ length }, (_, position) => value[position]);
  next[index] = isEmpty(childValue) ? undefined : childValue;

  const authorIndex = indexOfChild(input, QUOTE_AUTHOR);
  if (index === indexOfChild(input, QUOTE_AUTHOR_LINK) && authorIndex >= 0 && next[index] !== undefined) next[authorIndex] = undefined;

  if (input.name === CTA_URL && index === 0 && length > 0) {
    const address = typeof childValue === 'string' ? addresses[childValue] : undefined;
    if (address !== undefined) next[1] = address;
    else if (isMappedAddress(next[1], addresses)) next[1] = undefined;
  }
  return isEmpty(next) ? undefined : next;
}
