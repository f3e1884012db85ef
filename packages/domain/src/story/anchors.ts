import { isRecord } from '../isRecord.ts';
/**
 * Anchors of a story (spec 002 §3 Anchor and Paragraph, §4 Anchors): a call to action that jumps to a paragraph names
 * its anchor by `anchorKey` in its `cta-anchor-target`; the paragraph (a text element of the story content) carries
 * the same `anchorKey` and the url fragment derived from the anchor's first value (its button label) in its `_meta`.
 */

/** The story content element that jumps to a paragraph, and its children. */
export const CTA_ANCHOR = 'cta-anchor';
export const CTA_LABEL = 'cta-label';
export const CTA_ANCHOR_TARGET = 'cta-anchor-target';
/** The story content element an anchor can be set on. */
export const PARAGRAPH = 'text';

/** What a paragraph's `_meta` holds once an anchor is set on it. */
export interface ParagraphAnchor {
  anchorKey: string;
  urlFragment: string;
}

/** One item of a one-of list (`{ type, value, _meta? }`), as far as anchors look at it. */
type Item = Readonly<Record<string, unknown>>;


/**
 * Spec 002 §4 "a url fragment in its meta derived from the anchor's first value": the label in lower case, letters and
 * digits of any script kept, every other run of characters one dash ('Jump to the Rules!' → 'jump-to-the-rules').
 */
export function urlFragmentOf(label: string): string {
  const fragment = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return fragment === '' ? 'anchor' : fragment;
}

/** The anchor a paragraph item carries, if any. */
export function paragraphAnchorOf(item: unknown): ParagraphAnchor | undefined {
  if (!isRecord(item) || item.type !== PARAGRAPH || !isRecord(item._meta)) return undefined;
  const { anchorKey, urlFragment } = item._meta;
  return typeof anchorKey === 'string' && typeof urlFragment === 'string' ? { anchorKey, urlFragment } : undefined;
}

/** The anchor key a call-to-action item points to, if any, and its button label. */
export function ctaAnchorOf(item: unknown): { anchorKey: string | undefined; label: string } | undefined {
  if (!isRecord(item) || item.type !== CTA_ANCHOR) return undefined;
  const value = isRecord(item.value) ? item.value : {};
  const target = value[CTA_ANCHOR_TARGET];
  const label = value[CTA_LABEL];
  return { anchorKey: typeof target === 'string' && target !== '' ? target : undefined, label: typeof label === 'string' ? label.trim() : '' };
}

/** The index of the paragraph that carries `anchorKey`, or -1. */
export function paragraphIndexOf(items: readonly unknown[], anchorKey: string): number {
  return items.findIndex((item) => paragraphAnchorOf(item)?.anchorKey === anchorKey);
}

function withoutAnchor(item: Item): Item {
  if (!isRecord(item._meta)) return item;
  const { anchorKey: _anchorKey, urlFragment: _urlFragment, ...meta } = item._meta;
  const { _meta: _old, ...rest } = item;
  return Object.keys(meta).length === 0 ? rest : { ...rest, _meta: meta };
}

/** `fragment`, or `fragment-2`, `fragment-3`… : the first one no other paragraph uses. */
function uniqueFragment(items: readonly unknown[], fragment: string, exceptIndex: number): string {
  const taken = new Set(items.flatMap((item, index) => (index === exceptIndex ? [] : [paragraphAnchorOf(item)?.urlFragment ?? []].flat())));
  if (!taken.has(fragment)) return fragment;
  let suffix = 2;
  while (taken.has(`${fragment}-${suffix}`)) suffix += 1;
  return `${fragment}-${suffix}`;
}

/**
 * Spec 002 §4 "Setting an anchor removes it from the paragraph it was on before. The paragraph receives a url fragment
 * in its meta derived from the anchor's first value": the story items with the anchor of the call to action at
 * `anchorIndex` set on the paragraph at `paragraphIndex` (its fragment unique in the story) and that call to action
 * pointing to it. Unchanged when either index is not what it should be.
 */
export function withAnchorSet(items: readonly unknown[], change: { anchorIndex: number; paragraphIndex: number; anchorKey: string }): unknown[] {
  const { anchorIndex, paragraphIndex, anchorKey } = change;
  const anchor = ctaAnchorOf(items[anchorIndex]);
  const paragraph = items[paragraphIndex];
  if (!anchor || !isRecord(paragraph) || paragraph.type !== PARAGRAPH) return [...items];
  // An anchor the paragraph carried before is gone with it: its call to action no longer points anywhere.
  const replacedKey = paragraphAnchorOf(paragraph)?.anchorKey;
  const released = replacedKey !== undefined && replacedKey !== anchorKey ? withAnchorRemoved(items, replacedKey) : items;
  const cleared = released.map((item, index) => (index !== paragraphIndex && paragraphAnchorOf(item)?.anchorKey === anchorKey ? withoutAnchor(item as Item) : item));
  const urlFragment = uniqueFragment(cleared, urlFragmentOf(anchor.label), paragraphIndex);
  const target = withoutAnchor(cleared[paragraphIndex] as Item);
  cleared[paragraphIndex] = { ...target, _meta: { ...(isRecord(target._meta) ? target._meta : {}), anchorKey, urlFragment } };
  const ctaItem = cleared[anchorIndex] as Item;
  cleared[anchorIndex] = { ...ctaItem, value: { ...(isRecord(ctaItem.value) ? ctaItem.value : {}), [CTA_ANCHOR_TARGET]: anchorKey } };
  return cleared;
}

/** The story items with the anchor `anchorKey` taken off its paragraph and off every call to action pointing to it. */
export function withAnchorRemoved(items: readonly unknown[], anchorKey: string): unknown[] {
  return items.map((item) => {
    if (paragraphAnchorOf(item)?.anchorKey === anchorKey) return withoutAnchor(item as Item);
    if (ctaAnchorOf(item)?.anchorKey !== anchorKey) return item;
    const { [CTA_ANCHOR_TARGET]: _target, ...value } = (item as Item).value as Record<string, unknown>;
    return { ...(item as Item), value: Object.keys(value).length === 0 ? undefined : value };
  });
}

/** The url fragment a call to action jumps to (`#fragment` on the website), if its paragraph is still there. */
export function anchorFragmentOf(items: readonly unknown[], anchorKey: string): string | undefined {
  const index = paragraphIndexOf(items, anchorKey);
  return index < 0 ? undefined : paragraphAnchorOf(items[index])?.urlFragment;
}
