import { checkValueShape, findInput, gatedElementsAdded, isEmpty, type StencilDefinition } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/** One input as stored: its value and the input's own meta (style, anchors...). */
export interface StoredInput {
  value: unknown;
  _meta?: Record<string, unknown> | undefined;
}
export type StoredContent = Record<string, StoredInput>;

/** Content as a request sends it: input name to `{ value, _meta? }` (other fields of the spec's input shape are ignored). */
export type ContentPayload = Record<string, { value?: unknown; _meta?: Record<string, unknown> | undefined }>;

/**
 * Checks a payload against the stencil and keeps what is stored. An unknown input or a value of the wrong shape is
 * refused with 400 naming the input; rule violations (required, lengths...) are allowed in a draft and only block publishing.
 */
export function normaliseContent(stencil: StencilDefinition, payload: ContentPayload): StoredContent {
  const problems: string[] = [];
  const content: StoredContent = {};
  for (const [name, input] of Object.entries(payload)) {
    const definition = findInput(stencil, name);
    if (!definition) {
      problems.push(`${name}: the ${stencil.label} stencil has no input named "${name}".`);
      continue;
    }
    const shapeProblem = checkValueShape(definition, input.value);
    if (shapeProblem) {
      problems.push(shapeProblem);
      continue;
    }
    if (isEmpty(input.value) && !input._meta) continue;
    content[name] = input._meta ? { value: input.value, _meta: input._meta } : { value: input.value };
  }
  if (problems.length > 0) throw badRequest(problems);
  return content;
}

/**
 * Spec 002 §5: a write may not add an element offered only behind a feature flag that is off (the fullscreen-engagement
 * CTA); one the content held before stays. Refused with 400 naming the element.
 */
export function refuseGatedElements(input: { stencil: StencilDefinition; before: StoredContent; after: StoredContent; features: readonly string[] }): void {
  const valuesOf = (content: StoredContent) => Object.fromEntries(Object.entries(content).map(([name, stored]) => [name, stored.value]));
  const added = gatedElementsAdded({ inputs: input.stencil.inputs, before: valuesOf(input.before), after: valuesOf(input.after), features: input.features });
  if (added.length > 0) throw badRequest(added.map((name) => `content: the element "${name}" can only be added while its feature is switched on.`));
}

/** The stencil's defaults for every input the content does not set. */
export function withDefaults(stencil: StencilDefinition, content: StoredContent): StoredContent {
  const result: StoredContent = {};
  for (const input of stencil.inputs) {
    const given = content[input.name];
    if (given) result[input.name] = given;
    else if (input.default !== undefined) result[input.name] = { value: input.default };
  }
  return result;
}

/** Spec 000 §4: the plain text of the stencil's title input, for lists and history. */
export function titleOf(stencil: StencilDefinition, content: StoredContent): string {
  const value = content[stencil.titleInput]?.value;
  if (typeof value !== 'string') return '';
  return value.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().slice(0, 1000);
}

const canonical = (value: unknown): string => JSON.stringify(value ?? null);

/** The inputs whose value differs between two contents. */
export function changedValues(before: StoredContent, after: StoredContent): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => canonical(before[name]?.value) !== canonical(after[name]?.value)).toSorted();
}

/** The inputs whose value is the same but whose meta (style, anchors...) differs: changes seen only in a preview. */
export function changedMetaOnly(before: StoredContent, after: StoredContent): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => canonical(before[name]?.value) === canonical(after[name]?.value) && canonical(before[name]?._meta) !== canonical(after[name]?._meta))
    .toSorted();
}

/** Copies the named inputs of `source` over `target`; an input the source leaves empty is cleared in the target. */
export function shipInputs(source: StoredContent, target: StoredContent, names: readonly string[]): StoredContent {
  const result = { ...target };
  for (const name of names) {
    const input = source[name];
    if (input) result[name] = input;
    else delete result[name];
  }
  return result;
}

export function parseContent(json: string): StoredContent {
  return JSON.parse(json) as StoredContent;
}
