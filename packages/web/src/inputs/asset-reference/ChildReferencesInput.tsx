import { useId, useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import type { AssetListItem, InputDefinition } from '@editor/domain';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { ReferenceCard } from './ReferenceCard.tsx';
import { referenceKeys, referencesOf } from './referenceValue.ts';
import { sortReferences } from './sortReferences.ts';
import { useReferenceNumbers, useReferencedAssets } from './useReferencedAssets.ts';

/**
 * The child references of an asset (a show's seasons, a season's episodes, an event's details pages): shown, never
 * edited (spec 002 §5 "Child references cannot be edited"), in the list ordering of spec 002 §5.
 */
export function ChildReferencesInput({ input, value, errors }: { input: InputDefinition; value: unknown; errors: readonly string[] }) {
  const id = useId();
  const references = useMemo(() => referencesOf(value), [value]);
  const assets = useReferencedAssets(references);
  const versions = references.map((reference) => assets.versionOf(reference.id)).filter((item): item is AssetListItem => item !== undefined);
  const numbersOf = useReferenceNumbers(versions);
  const keys = referenceKeys(references);
  const entries = sortReferences(
    references.map((reference, index) => {
      const item = assets.versionOf(reference.id);
      return { key: keys[index] ?? reference.id, reference, item, stencil: reference.stencil, title: item?.title, numbers: item ? numbersOf(item) : undefined };
    }),
  );
  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          entries.map((entry) => <ReferenceCard key={entry.key} reference={entry.reference} item={entry.item} isMissing={assets.isMissing(entry.reference.id)} isLoading={assets.isLoading} layout="row" />)
        )}
      </Stack>
    </FieldFrame>
  );
}
