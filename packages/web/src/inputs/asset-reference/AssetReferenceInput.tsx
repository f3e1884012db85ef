import { Suspense, useId, useMemo, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus, IconReplace } from '@tabler/icons-react';
import type { AssetListItem, AssetReference } from '@editor/domain';
import { BrowseAssetsModal } from '../../parts/asset-list/BrowseAssetsModal.tsx';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { ReferenceCard, type ReferenceCardLayout } from './ReferenceCard.tsx';
import { SortableReferenceList } from './SortableReferenceList.tsx';
import { addReferences, allowedStencilsOf, moveReference, referenceKeys, referencesOf, referenceTo, referenceValueOf, removeReferenceAt } from './referenceValue.ts';
import { useReferencedAssets } from './useReferencedAssets.ts';
import type { InputProps } from '../field/widgetProps.ts';

/** `onBlur` touches the field after the browse modal closes and after a removal. */
export interface AssetReferenceInputProps extends InputProps<AssetReference | AssetReference[]> {
  /** The messages of each list item, by index (a reference to a stencil the input does not allow). */
  itemMessages?: ReadonlyMap<number, readonly string[]> | undefined;
  layout: ReferenceCardLayout;
}

const NO_PICKS: ReadonlyMap<string, AssetListItem> = new Map();

/**
 * An asset reference input (spec 002 §3 reference value `{ id, stencil }`): a card per referenced asset, Add or
 * Change opening the browse modal restricted to the allowed stencils, Remove on each card; several references are
 * reordered by dragging. A disabled input shows its cards without any of these actions.
 */
export function AssetReferenceInput({ input, value, onChange, onBlur, disabled, errors, itemMessages, layout }: AssetReferenceInputProps) {
  const id = useId();
  const isMultiple = input.multiple === true;
  const allowedStencils = allowedStencilsOf(input);
  const references = useMemo(() => referencesOf(value), [value]);
  const keys = useMemo(() => referenceKeys(references), [references]);
  // What was picked in the browse modal, shown until the lookup of the new set of references answers.
  const [picked, setPicked] = useState(NO_PICKS);
  const assets = useReferencedAssets(references, picked);
  const [isBrowsing, setIsBrowsing] = useState(false);

  const commit = (next: readonly AssetReference[]) => onChange(referenceValueOf(next, isMultiple));
  const handleAdd = (items: AssetListItem[]) => {
    setPicked((current) => new Map([...current, ...items.map((item) => [item.id, item] as const)]));
    commit(addReferences({ current: references, picked: items.map(referenceTo), isMultiple, allowedStencils }));
    setIsBrowsing(false);
    onBlur();
  };
  const handleClose = () => {
    setIsBrowsing(false);
    onBlur();
  };
  const handleRemove = (index: number) => {
    commit(removeReferenceAt(references, index));
    onBlur();
  };

  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <div role="group" aria-labelledby={`${id}-label`}>
        {references.length > 0 ? (
          <SortableReferenceList
            itemKeys={keys}
            layout={layout}
            isSortable={isMultiple && !disabled && references.length > 1}
            onMove={(from, to) => commit(moveReference(references, from, to))}
            renderItem={(index, handle) => {
              const reference = references[index];
              if (!reference) return null;
              return (
                <ReferenceCard
                  reference={reference}
                  item={assets.versionOf(reference.id)}
                  isMissing={assets.isMissing(reference.id)}
                  isLoading={assets.isLoading}
                  layout={layout}
                  onRemove={disabled ? undefined : () => handleRemove(index)}
                  handle={handle}
                  messages={itemMessages?.get(index)}
                />
              );
            }}
          />
        ) : (
          disabled && (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )
        )}
        {!disabled && (
          <Group gap="xs" mt={references.length > 0 ? 6 : 0}>
            <Button
              variant="default"
              size="xs"
              leftSection={!isMultiple && references.length > 0 ? <IconReplace size={14} stroke={1.6} /> : <IconPlus size={14} stroke={1.6} />}
              onClick={() => setIsBrowsing(true)}
            >
              {!isMultiple && references.length > 0 ? 'Change' : 'Add'}
            </Button>
          </Group>
        )}
      </div>
      {!disabled && (
        // The modal waits for the current user; that must not suspend the editor around the field.
        <Suspense fallback={null}>
          <BrowseAssetsModal opened={isBrowsing} onClose={handleClose} onAdd={handleAdd} allowedStencils={allowedStencils} />
        </Suspense>
      )}
    </FieldFrame>
  );
}
