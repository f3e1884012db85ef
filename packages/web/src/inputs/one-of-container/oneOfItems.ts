import { isElementOffered, isRecord, PARAGRAPH, paragraphAnchorOf, type InputDefinition, type OneOfValue } from '@editor/domain';
import type { AddChoice } from '../container-items/AddToolbar.tsx';

/** A one-of container's choices, in the stencil's order and by name. */
export interface Choices {
  list: readonly AddChoice[];
  byName: ReadonlyMap<string, InputDefinition>;
}

export function choicesOf(input: InputDefinition, features: readonly string[] = []): Choices {
  const choices = input.constraints?.oneOfProperties ?? [];
  return {
    // Spec 002 §5: a feature-gated element is offered only while its flag is on; existing ones still render.
    list: choices.filter((choice) => isElementOffered(choice.name, features)).map((choice) => ({ name: choice.name, label: choice.view.label })),
    byName: new Map(choices.map((choice) => [choice.name, choice])),
  };
}

/** The chosen type of a one-of item; '' when it has none. */
export function typeOf(item: unknown): string {
  return isRecord(item) && typeof item.type === 'string' ? item.type : '';
}

/**
 * Spec 002 §4: text is merged into the previous item; both must be text elements (a single rich text named `text`):
 * a legal disclaimer is rich text too, but no paragraph of the story.
 */
export function isMergeableText(choice: InputDefinition | undefined): boolean {
  return choice?.name === PARAGRAPH && choice.type === 'rich-text' && !choice.multiple;
}

const htmlOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Spec 002 §4 "text merged into the previous item": the items with the text of item `index` appended to the item
 * before it, and item `index` gone. Undefined when the two are not both rich text.
 */
export function mergedIntoPrevious(choices: Choices, items: readonly unknown[], index: number): { previous: OneOfValue } | undefined {
  const previous = items[index - 1];
  const item = items[index];
  if (index < 1 || !isRecord(previous) || !isRecord(item)) return undefined;
  if (!isMergeableText(choices.byName.get(typeOf(previous))) || !isMergeableText(choices.byName.get(typeOf(item)))) return undefined;
  const merged = `${htmlOf(previous.value)}${htmlOf(item.value)}`;
  // An anchor on the merged paragraph moves with its text when the previous one carries none (spec 002 §4 anchors).
  const carriesAnchor = paragraphAnchorOf(item) !== undefined && paragraphAnchorOf(previous) === undefined;
  const meta = carriesAnchor ? { ...(isRecord(previous._meta) ? previous._meta : {}), ...(item._meta as Record<string, unknown>) } : previous._meta;
  const next = { ...(previous as unknown as OneOfValue), value: merged === '' ? undefined : merged };
  return { previous: meta === undefined ? next : { ...next, _meta: meta as Record<string, unknown> } };
}

/** Spec 002 §9 "Info block layout: Horizontal (rail) or Vertical (stack)", kept in the item's `_meta.style` (spec 002 §3). */
export const INFO_BLOCK_GROUP = 'info-block-group';
export const DISPLAY_TYPES = [
  { value: 'rail', label: 'Horizontal' },
  { value: 'stack', label: 'Vertical' },
] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number]['value'];

/** The `_meta.style` of an item laid out as `displayType`. */
export function styleOf(displayType: DisplayType): { id: DisplayType; attributes: { displayType: DisplayType } } {
  return { id: displayType, attributes: { displayType } };
}
