import type { InputDefinition } from '@editor/domain';
import type { ContentValues } from '../../../editor-state/editorStore.ts';
import { versionDifferences, type VersionDifference } from '../save/versionDifferences.ts';

export interface LiveMerge {
  /** Inputs the other person changed that this editor has not: taken in place. */
  theirsOnly: readonly string[];
  /** Inputs both changed: the person chooses, as in the conflict modal (their value and this editor's). */
  both: readonly VersionDifference[];
}

/**
 * What loading a newer version means for an editor with changes (issue: live updates): `base` is the version the
 * editor's changes were made on, `mine` its values now, `theirs` the newer version's. Fields nobody here touched take
 * the newer value; fields changed on both sides are listed to choose from.
 */
export function liveMergeOf(input: { inputs: readonly InputDefinition[]; base: ContentValues; mine: ContentValues; theirs: ContentValues; changedHere: ReadonlySet<string> }): LiveMerge {
  const changedThere = versionDifferences(input.inputs, input.base, input.theirs).map((difference) => difference.input);
  const mineVsTheirs = new Map(versionDifferences(input.inputs, input.mine, input.theirs).map((difference) => [difference.input, difference]));
  return {
    theirsOnly: changedThere.filter((name) => !input.changedHere.has(name)),
    // A field both changed to the same value needs no choice.
    both: changedThere.filter((name) => input.changedHere.has(name) && mineVsTheirs.has(name)).map((name) => mineVsTheirs.get(name)!),
  };
}
