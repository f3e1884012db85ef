import { assetReferenceSchema, type AssetReference, type InputDefinition } from '@editor/domain';

const isReference = (item: unknown): item is AssetReference => assetReferenceSchema.safeParse(item).success;

/** The references a value holds, in order: a list's items, or the single reference. Items of another shape are left out. */
export function referencesOf(value: unknown): AssetReference[] {
  if (Array.isArray(value)) return value.filter(isReference);
  return isReference(value) ? [value] : [];
}

/** A reference input's value for these references: a list when `multiple`, else the one reference; none clears the field. */
export function referenceValueOf(references: readonly AssetReference[], isMultiple: boolean): AssetReference | AssetReference[] | undefined {
  if (references.length === 0) return undefined;
  return isMultiple ? [...references] : references[0];
}

/** The value spec 002 §3 stores for an asset: its id and stencil, nothing more. */
export function referenceTo(asset: { id: string; stencil: string }): AssetReference {
  return { id: asset.id, stencil: asset.stencil };
}

/** The stencils the input allows (constraints.stencils); undefined allows every stencil. */
export function allowedStencilsOf(input: InputDefinition): readonly string[] | undefined {
  return input.constraints?.stencils;
}

/**
 * Adds picked assets. A single reference holds one asset, so the last pick replaces what was there (spec 000 §4:
 * selecting while one is selected is an error, so Change replaces instead). A list gains the picks it does not hold
 * yet, at its end, in the order they were picked. Picks of a stencil the input does not allow are left out.
 */
export function addReferences(input: {
  current: readonly AssetReference[];
  picked: readonly AssetReference[];
  isMultiple: boolean;
  allowedStencils?: readonly string[] | undefined;
}): AssetReference[] {
  const { current, isMultiple, allowedStencils } = input;
  const picked = input.picked.filter((reference) => !allowedStencils || allowedStencils.includes(reference.stencil));
  if (!isMultiple) {
    const last = picked.at(-1);
    return last ? [referenceTo(last)] : [...current];
  }
  const next = [...current];
  for (const reference of picked) {
    if (!next.some((existing) => existing.id === reference.id)) next.push(referenceTo(reference));
  }
  return next;
}

/** The list without its item at `index`. */
export function removeReferenceAt(references: readonly AssetReference[], index: number): AssetReference[] {
  return references.filter((_, position) => position !== index);
}

/** The list with the item at `from` moved to `to` (a drag and drop). */
export function moveReference(references: readonly AssetReference[], from: number, to: number): AssetReference[] {
  const next = [...references];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** Keys for a list's items that survive reordering: the asset id, with a counter if the same asset is listed twice. */
export function referenceKeys(references: readonly AssetReference[]): string[] {
  const seen = new Map<string, number>();
  return references.map((reference) => {
    const count = seen.get(reference.id) ?? 0;
    seen.set(reference.id, count + 1);
    return count === 0 ? reference.id : `${reference.id}#${count}`;
  });
}
