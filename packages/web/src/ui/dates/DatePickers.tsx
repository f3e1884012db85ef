import type { CSSProperties, ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import type { DatePickerInputProps, DateTimePickerProps, TimeInputProps } from '@mantine/dates';
import { lazyComponent } from '../lazyComponent.tsx';

/*
 * Mantine's date pickers (with dayjs and their style sheet, about 20 KiB compressed) load when the first one is shown,
 * not with the editor (docs/decisions.md, "Page weight: lazy input widgets"). Each takes the props of its Mantine
 * original; once loaded, they render at once.
 */
const kit = () => import('./datePickerKit.ts');

interface FrameProps {
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  withAsterisk?: boolean;
  style?: CSSProperties;
  w?: number | string;
}

/** While the pickers load: an input in the same frame, with the same label, so nothing moves when they arrive. */
function LoadingPicker(props: object) {
  const { label, description, placeholder, withAsterisk, style, w } = props as FrameProps;
  return <TextInput label={label} description={description} placeholder={placeholder} withAsterisk={withAsterisk} style={style} w={w} disabled aria-busy="true" />;
}

export const DatePickerInput = lazyComponent<DatePickerInputProps>(async () => (await kit()).DatePickerInput, LoadingPicker);
export const DateTimePicker = lazyComponent<DateTimePickerProps>(async () => (await kit()).DateTimePicker, LoadingPicker);
export const TimeInput = lazyComponent<TimeInputProps>(async () => (await kit()).TimeInput, LoadingPicker);

/** Loads the pickers (once); a test that renders one awaits it first so that the picker is there at once. */
export function loadDatePickers(): Promise<unknown> {
  return Promise.all([DatePickerInput, DateTimePicker, TimeInput].map((picker) => picker.preload()));
}
