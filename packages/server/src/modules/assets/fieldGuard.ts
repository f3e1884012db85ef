import { fieldEditRule, findInput, isEmpty, type Rights, type StencilDefinition } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';
import type { StoredContent } from './content.ts';

/** No value as a person reads it: empty, or a list or container holding only empty values. */
function isBlank(value: unknown): boolean {
  if (isEmpty(value)) return true;
  if (Array.isArray(value)) return value.every(isBlank);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isBlank);
  return false;
}

/** A value in a form where equal values are equal text: object keys sorted, a missing checkbox is unticked. */
function canonicalValue(stencil: StencilDefinition, name: string, value: unknown): string {
  if (isBlank(value)) return findInput(stencil, name)?.type === 'checkbox' ? 'false' : 'null';
  return JSON.stringify(value, (_key, part: unknown) =>
    part !== null && typeof part === 'object' && !Array.isArray(part) ? Object.fromEntries(Object.entries(part).toSorted(([a], [b]) => (a < b ? -1 : 1))) : part,
  );
}

/** The top-level inputs whose value differs between two contents and that the user may not change (spec 002 §5). */
export function refusedFieldChanges(input: {
  rights: Pick<Rights, 'roles'>;
  stencil: StencilDefinition;
  before: StoredContent;
  after: StoredContent;
  isPublished: boolean;
  /** Spec 000 §3: the URI titles of the version's pending slug claims, which lock its URI title to them. */
  pendingSlugTitles?: readonly string[] | undefined;
}): string[] {
  const names = new Set([...Object.keys(input.before), ...Object.keys(input.after)]);
  // Writing the claimed title itself (the event wizard does so right after claiming) keeps the claim; any other does not.
  const titleAfter = input.after['uri-title']?.value;
  const claimed = input.pendingSlugTitles ?? [];
  const isSlugClaimPending = claimed.length > 0 && !(typeof titleAfter === 'string' && claimed.includes(titleAfter));
  const context = { rights: input.rights, isPublished: input.isPublished, isSlugClaimPending };
  return [...names]
    .filter((name) => !fieldEditRule(name, context).editable)
    .filter((name) => canonicalValue(input.stencil, name, input.before[name]?.value) !== canonicalValue(input.stencil, name, input.after[name]?.value))
    .toSorted();
}

/**
 * Spec 002 §5 "Field-level", §6: refuses with 403 a write that changes an input the user may not edit, naming each
 * such input. Restricted values that stay as they are pass, so an editor can save a story that has a main partner.
 */
export function guardFieldChanges(input: Parameters<typeof refusedFieldChanges>[0]): void {
  const refused = refusedFieldChanges(input);
  if (refused.length === 0) return;
  throw new HttpError(
    403,
    refused.map((name) => `You may not change "${name}".`),
    { code: 'forbidden', extra: { inputs: refused } },
  );
}
