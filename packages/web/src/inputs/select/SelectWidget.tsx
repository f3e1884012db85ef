import { useMemo } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { labelledControlProps } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { isSearchable, selectOptions, toSelection } from './selectOptions.ts';

// Shared by every empty select; the UI kit only reads it.
const NO_VALUES: string[] = [];
/** The UI kit hides its clear button from screen readers (the field clears by picking the option again); named for tests and tools. */
const CLEAR_BUTTON_PROPS = { 'aria-label': 'Clear' };

/**
 * A select (spec 002 §5 Select): searchable from 5 options on (spec 002 §9); clearing a single select stores
 * undefined. A multiple select picks several options; none picked is stored as undefined.
 */
export function SelectWidget(props: WidgetProps) {
  return props.input.multiple ? <MultipleSelect {...props} /> : <SingleSelect {...props} />;
}

function SingleSelect({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const selected = typeof value === 'string' ? value : null;
  const data = useMemo(() => selectOptions(input, selected === null ? NO_VALUES : [selected]), [input, selected]);
  return (
    <Select
      {...labelledControlProps(input, errors)}
      disabled={disabled}
      data={data}
      value={selected}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={onBlur}
      searchable={isSearchable(input.constraints?.options?.length ?? 0)}
      clearable
      clearButtonProps={CLEAR_BUTTON_PROPS}
      allowDeselect
    />
  );
}

function MultipleSelect({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const selected = useMemo(() => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : NO_VALUES), [value]);
  const data = useMemo(() => selectOptions(input, selected), [input, selected]);
  return (
    <MultiSelect
      {...labelledControlProps(input, errors)}
      disabled={disabled}
      data={data}
      value={selected}
      onChange={(next) => onChange(toSelection(next))}
      onBlur={onBlur}
      searchable={isSearchable(input.constraints?.options?.length ?? 0)}
      clearable
      clearButtonProps={CLEAR_BUTTON_PROPS}
    />
  );
}
