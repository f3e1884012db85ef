import { Checkbox } from '@mantine/core';
import type { InputDefinition } from '@editor/domain';
import { useIsReadonly } from '../../editor-state/fieldHooks.ts';
import { useCanEditInput } from '../../inputs/field/FieldRulesContext.tsx';
import { useBulkEdit } from './BulkEditContext.tsx';

/** Whether the user could change the input here, and so may send its value to other locales. */
export function useCanIncludeInput(input: InputDefinition): boolean {
  const isReadonly = useIsReadonly();
  const canEdit = useCanEditInput();
  return !isReadonly && input.view.readonly !== true && canEdit(input.name);
}

/** Spec 002 §4 bulk edit: the per-property toggle beside each top-level field while the mode is on. */
export function BulkEditToggle({ input }: { input: InputDefinition }) {
  const isSelected = useBulkEdit((state) => state.selected.has(input.name));
  const toggleProperty = useBulkEdit((state) => state.toggleProperty);
  const canInclude = useCanIncludeInput(input);
  return (
    <Checkbox
      size="xs"
      label="Include in bulk edit"
      aria-label={`Include ${input.view.label} in bulk edit`}
      checked={canInclude && isSelected}
      disabled={!canInclude}
      onChange={() => toggleProperty(input.name)}
    />
  );
}
