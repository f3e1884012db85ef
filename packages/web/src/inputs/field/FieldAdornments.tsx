import { createContext, useContext, type ComponentType } from 'react';
import { Group } from '@mantine/core';
import type { InputDefinition } from '@editor/domain';

/**
 * Something an editor mode shows beside a top-level field: the AI tag and its Accept/Delete of AI review, the
 * include toggle of bulk edit. Each renders null when it has nothing to say about the input.
 */
export type FieldAdornment = ComponentType<{ input: InputDefinition }>;

const NONE: readonly FieldAdornment[] = [];

export const FieldAdornmentsContext = createContext<readonly FieldAdornment[]>(NONE);

export function useFieldAdornments(): readonly FieldAdornment[] {
  return useContext(FieldAdornmentsContext);
}

/** The adornments of one top-level input, in a row above its widget. */
export function FieldAdornmentRow({ input, adornments }: { input: InputDefinition; adornments: readonly FieldAdornment[] }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" data-field-adornments={input.name}>
      {adornments.map((Adornment, index) => (
        <Adornment key={index} input={input} />
      ))}
    </Group>
  );
}
