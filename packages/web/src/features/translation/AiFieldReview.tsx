import { useMemo, type ReactNode } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { showsAiTag, type InputDefinition } from '@editor/domain';
import { FieldAdornmentsContext, useFieldAdornments, type FieldAdornment } from '../../inputs/field/FieldAdornments.tsx';
import { useCanEditInput } from '../../inputs/field/FieldRulesContext.tsx';
import { useEditor } from '../../editor-state/EditorStoreContext.tsx';

/**
 * Spec 002 §4 AI review of one field: the 'AI' tag shows only while the field is listed as AI-generated, its value
 * is non-empty and the version needs confirmation. Accept keeps the value, Delete clears it; both are unsaved
 * changes until the next save.
 */
export function AiFieldTag({ input }: { input: InputDefinition }) {
  const isTagged = useEditor((state) =>
    showsAiTag({
      input,
      value: state.values[input.name],
      aiGeneratedProperties: state.aiReview.generatedProperties,
      aiTranslationNeedsConfirmation: state.aiReview.needsConfirmation,
    }),
  );
  const isReadonly = useEditor((state) => state.isReadonly);
  const reviewAiField = useEditor((state) => state.reviewAiField);
  const canEdit = useCanEditInput()(input.name) && !isReadonly;
  if (!isTagged) return null;
  const label = input.view.label ?? input.name;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="violet" variant="filled" size="sm" aria-label={`${label} is AI-generated`}>
        AI
      </Badge>
      {canEdit && (
        <>
          <Button size="compact-xs" variant="light" color="violet" aria-label={`Accept AI value of ${label}`} onClick={() => reviewAiField(input.name, 'accept')}>
            Accept
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete AI value of ${label}`} onClick={() => reviewAiField(input.name, 'delete')}>
            Delete
          </Button>
        </>
      )}
    </Group>
  );
}

/** Adds the AI tag beside each top-level field while the version is in AI review, next to other modes' adornments. */
export function AiFieldReview({ isActive, children }: { isActive: boolean; children: ReactNode }) {
  const outer = useFieldAdornments();
  const adornments = useMemo<readonly FieldAdornment[]>(() => (isActive ? [...outer, AiFieldTag] : outer), [isActive, outer]);
  return <FieldAdornmentsContext.Provider value={adornments}>{children}</FieldAdornmentsContext.Provider>;
}
