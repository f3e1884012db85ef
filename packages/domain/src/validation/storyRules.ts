import { isRecord } from '../isRecord.ts';
import type { InputDefinition } from '../asset/inputs.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import type { ValidationError } from './validationError.ts';
import { CTA_ANCHOR, CTA_ANCHOR_TARGET, PARAGRAPH, ctaAnchorOf, paragraphAnchorOf, paragraphIndexOf } from '../story/anchors.ts';

/** Spec 002 §3 quote value: [quote text, author name, author link]. */
export const QUOTE = 'quote';
const QUOTE_AUTHOR_INDEX = 1;
const QUOTE_LINK_INDEX = 2;


const isFilled = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** Spec 002 §4 "choosing a linked author clears the text author": a quote holds an author name or a linked author, never both. */
function quoteErrors(item: Record<string, unknown>, path: string): ValidationError[] {
  const value = Array.isArray(item.value) ? item.value : [];
  return isFilled(value[QUOTE_AUTHOR_INDEX]) && isFilled(value[QUOTE_LINK_INDEX])
    ? [{ path: `${path}.${QUOTE}.${QUOTE_AUTHOR_INDEX}`, message: VALIDATION_MESSAGES.quoteAuthorExclusive }]
    : [];
}

/**
 * Spec 002 §5 "Select Anchor enabled only when the button label is set … An anchor is set only when a paragraph is
 * selected", §4 one paragraph per anchor: a call to action's anchor needs its label, a paragraph that carries it, and
 * no other call to action pointing to it.
 */
function anchorErrors(items: readonly unknown[], index: number, path: string, seen: Set<string>): ValidationError[] {
  const anchor = ctaAnchorOf(items[index]);
  if (!anchor?.anchorKey) return [];
  const at = `${path}.${CTA_ANCHOR}.${CTA_ANCHOR_TARGET}`;
  if (anchor.label === '') return [{ path: at, message: VALIDATION_MESSAGES.anchorNeedsButtonLabel }];
  if (seen.has(anchor.anchorKey)) return [{ path: at, message: VALIDATION_MESSAGES.anchorTaken }];
  seen.add(anchor.anchorKey);
  return paragraphIndexOf(items, anchor.anchorKey) < 0 ? [{ path: at, message: VALIDATION_MESSAGES.anchorParagraphMissing }] : [];
}

/** Spec 002 §4: an anchor sits on one paragraph, and each paragraph's url fragment is its own within the story. */
function paragraphErrors(items: readonly unknown[], index: number, path: string): ValidationError[] {
  const own = paragraphAnchorOf(items[index]);
  if (!own) return [];
  const isRepeated = items.slice(0, index).some((item) => {
    const earlier = paragraphAnchorOf(item);
    return earlier !== undefined && (earlier.anchorKey === own.anchorKey || earlier.urlFragment === own.urlFragment);
  });
  return isRepeated ? [{ path: `${path}.${PARAGRAPH}`, message: VALIDATION_MESSAGES.anchorOnTwoParagraphs }] : [];
}

/**
 * The rules of spec 002 §4 and §5 that tie the elements of a one-of list (story content) together or to each other's
 * children: quote author exclusivity and anchors. The web app and the server both report them.
 */
export function storyRuleErrors(input: InputDefinition, value: unknown, path: string): ValidationError[] {
  if (input.type !== 'one-of-container' || !input.multiple || !Array.isArray(value)) return [];
  const items: readonly unknown[] = value;
  const seenAnchors = new Set<string>();
  return items.flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const itemPath = `${path}.${index}`;
    if (item.type === QUOTE) return quoteErrors(item, itemPath);
    if (item.type === CTA_ANCHOR) return anchorErrors(items, index, itemPath, seenAnchors);
    if (item.type === PARAGRAPH) return paragraphErrors(items, index, itemPath);
    return [];
  });
}
