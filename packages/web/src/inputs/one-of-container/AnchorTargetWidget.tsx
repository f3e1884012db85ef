import { useMemo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconAnchor } from '@tabler/icons-react';
import { CTA_LABEL, VALIDATION_MESSAGES, paragraphAnchorOf, paragraphIndexOf } from '@editor/domain';
import { useFieldValue } from '../../editor-state/fieldHooks.ts';
import { indexOfStep } from '../../editor-state/itemSteps.ts';
import { FieldFrame } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { newAnchorKey, useAnchorSelection } from './AnchorSelection.tsx';

const NO_ITEMS: readonly unknown[] = [];

/**
 * A call to action's anchor (spec 002 §4 Anchors, §5): 'Select Anchor' turns selection mode on, and the paragraph
 * chosen then carries the anchor. It is enabled only once the button label is set. The value is the anchor's key.
 * Its path is `[…list, item, 'value', 'cta-anchor-target']`: the call to action is that item of the list.
 */
export function AnchorTargetWidget({ input, value, disabled, errors, path, onBlur }: WidgetProps) {
  const selection = useAnchorSelection();
  const labelPath = useMemo(() => [...path.slice(0, -1), CTA_LABEL], [path]);
  const label = useFieldValue(labelPath);
  const hasLabel = typeof label === 'string' && label.trim() !== '';
  const items = useFieldValue(selection?.listPath ?? []);
  const list = Array.isArray(items) ? (items as readonly unknown[]) : NO_ITEMS;
  const anchorKey = typeof value === 'string' && value !== '' ? value : undefined;
  const paragraphIndex = anchorKey === undefined ? -1 : paragraphIndexOf(list, anchorKey);
  const fragment = paragraphIndex < 0 ? undefined : paragraphAnchorOf(list[paragraphIndex])?.urlFragment;
  // It reads the whole list, so it renders again whenever items move and its item step's index is current.
  const anchorIndex = indexOfStep(path.at(-3));
  const isSelecting = selection?.selecting !== null && selection?.selecting?.anchorIndex === anchorIndex;
  // The hint is the rule itself (spec 002 §5); it shows while the label is missing instead of under the field.
  const frameInput = useMemo(() => ({ ...input, view: { ...input.view, hint: undefined } }), [input]);

  if (!selection || typeof anchorIndex !== 'number') {
    return (
      <FieldFrame input={input} errors={errors}>
        <Text size="sm" c="dimmed">
          {anchorKey ?? '—'}
        </Text>
      </FieldFrame>
    );
  }

  const handleSelect = () => selection.start({ anchorIndex, anchorKey: anchorKey ?? newAnchorKey() });
  const handleCancel = () => {
    selection.cancel();
    onBlur();
  };
  const handleRemove = () => {
    if (anchorKey !== undefined) selection.remove(anchorKey);
    onBlur();
  };

  return (
    <FieldFrame input={frameInput} errors={errors}>
      {fragment !== undefined && (
        <Group gap="xs">
          <IconAnchor size={16} aria-hidden />
          <Text size="sm">
            Jumps to Text {paragraphIndex + 1} (#{fragment})
          </Text>
        </Group>
      )}
      {!hasLabel && (
        <Text size="sm" c="dimmed">
          {VALIDATION_MESSAGES.anchorNeedsButtonLabel}
        </Text>
      )}
      {!disabled && (
        <Group gap="xs">
          {isSelecting ? (
            <>
              <Text size="sm">Choose the paragraph to jump to: Set Anchor here.</Text>
              <Button size="compact-sm" variant="default" onClick={handleCancel}>
                Cancel selection
              </Button>
            </>
          ) : (
            <Button size="compact-sm" variant="light" leftSection={<IconAnchor size={14} aria-hidden />} disabled={!hasLabel} onClick={handleSelect}>
              Select Anchor
            </Button>
          )}
          {anchorKey !== undefined && !isSelecting && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={handleRemove}>
              Remove Anchor
            </Button>
          )}
        </Group>
      )}
    </FieldFrame>
  );
}
