import type { ReactNode } from 'react';
import { Input, Stack } from '@mantine/core';
import type { InputDefinition } from '@editor/domain';

/** Spec 002 §5: a required input carries a required mark. */
export function isRequiredInput(input: InputDefinition): boolean {
  return input.constraints?.required === true;
}

/** The messages of a field as the UI kit's `error` prop: none, or all of them in one line. */
export function fieldError(errors: readonly string[]): string | undefined {
  return errors.length > 0 ? errors.join(' ') : undefined;
}

/** Label, hint, placeholder, required mark and messages for a widget built on a labelled UI-kit control. */
export function labelledControlProps(input: InputDefinition, errors: readonly string[]) {
  return {
    label: input.view.label,
    description: input.view.hint,
    placeholder: input.view.placeholder,
    required: isRequiredInput(input),
    error: fieldError(errors),
  };
}

/**
 * Label, hint and messages around a widget that has no label of its own (lists, containers, references).
 * Widgets built on a labelled UI-kit control pass these to the control instead.
 */
export function FieldFrame({ input, errors, children, id }: { input: InputDefinition; errors: readonly string[]; children: ReactNode; id?: string }) {
  return (
    <Input.Wrapper
      id={id}
      label={input.view.label}
      description={input.view.hint}
      required={isRequiredInput(input)}
      error={fieldError(errors)}
    >
      <Stack gap="xs">{children}</Stack>
    </Input.Wrapper>
  );
}
