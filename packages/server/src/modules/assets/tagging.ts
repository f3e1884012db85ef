/** Inputs whose references are tags (spec 001 §9: tagging searches disciplines, content categories and LSC). */
export const TAGGING_INPUTS: readonly string[] = ['disciplines', 'content-categories', 'lsc', 'tags'];

/**
 * A version's tags as `asset_localization.tag_ids` keeps them for the list's tag buckets (migration 011): a JSON array
 * of the targets of its references through a tagging input, one entry per reference (as the references count), sorted.
 */
export function tagIdsOf(references: ReadonlyArray<{ input: string; targetId: string }>): string {
  return JSON.stringify(
    references
      .filter((reference) => TAGGING_INPUTS.includes(reference.input))
      .map((reference) => reference.targetId)
      .toSorted(),
  );
}
