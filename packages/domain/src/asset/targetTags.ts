import type { AssetReference } from './values.ts';

/** The input of on-site promotions that names the pages a promotion shows on (spec 002 §5 "Target tags"). */
export const TARGET_TAGS_INPUT = 'target-tags';

/**
 * The all-tag: the one tag asset that stands for every page. The stencils and the demo seed have no other way to
 * name it, so it has a fixed id; the demo seed creates it under this id (title 'All', kind 'target').
 */
export const ALL_TAG: AssetReference = { id: '00000000-0000-4000-8000-0000000a11a9', stencil: 'tag' };

/** Spec 002 §5 "Target tags": whether a target-tags value is 'Target all', i.e. the single all-tag. */
export function isTargetAll(value: unknown): boolean {
  const references = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  if (references.length !== 1) return false;
  const [reference] = references as unknown[];
  return typeof reference === 'object' && reference !== null && (reference as { id?: unknown }).id === ALL_TAG.id;
}
