import type { InputDefinition } from '@editor/domain';
import { changedPaths } from '../../../editor-state/changes.ts';
import type { ContentValues } from '../../../editor-state/editorStore.ts';
import { describeValue } from '../../../ui/describeValue.ts';

export interface VersionDifference {
  input: string;
  label: string;
  mine: string;
  theirs: string;
}

/**
 * The inputs whose values differ between the editor's version and the server's, with both values summarised: the
 * conflict modal lists them so that Overwrite Newer Version is an informed choice.
 */
export function versionDifferences(inputs: readonly InputDefinition[], mine: ContentValues, theirs: ContentValues): VersionDifference[] {
  const changed = new Set(changedPaths(theirs, mine).map((path) => path.split('.')[0]));
  return inputs
    .filter((input) => changed.has(input.name))
    .map((input) => ({ input: input.name, label: input.view.label, mine: describeValue(mine[input.name]), theirs: describeValue(theirs[input.name]) }));
}
