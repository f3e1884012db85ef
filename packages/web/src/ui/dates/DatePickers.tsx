import { Suspense, use, type CSSProperties, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import type { DatePickerInputProps, DateTimePickerProps, TimeInputProps } from '@mantine/dates';

/*
 * Mantine's date pickers (with dayjs and their style sheet, about 20 KiB compressed) load when the first one is shown,
 * not with the editor (docs/decisions.md, "Page weight: lazy input widgets"). Each takes the props of its Mantine
 * original; once loaded, they render at once.
 */
type Kit = typeof import('./datePickerKit.ts');
let kit: Kit | undefined;
let loading: Promise<Kit> | undefined;

/** Loads the pickers (once); a test that renders one awaits it first so that the picker is there at once. */
export function loadDatePickers(): Promise<Kit> {
  loading ??= import('./datePickerKit.ts').then((module) => (kit = module));
  return loading;
}

function useKit(): Kit {
  return kit ?? use(loadDatePickers());
}

interface FrameProps {
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  withAsterisk?: boolean;
  style?: CSSProperties;
  w?: number | string;
}

/** While the pickers load: an input in the same frame, with the same label, so nothing moves when they arrive. */
function LoadingPicker({ label, description, placeholder, withAsterisk, style, w }: FrameProps) {
  return <TextInput label={label} description={description} placeholder={placeholder} withAsterisk={withAsterisk} style={style} w={w} disabled aria-busy="true" />;
}

function LoadedDatePickerInput(props: DatePickerInputProps) {
  const { DatePickerInput: Picker } = useKit();
  return <Picker {...props} />;
}

function LoadedDateTimePicker(props: DateTimePickerProps) {
  const { DateTimePicker: Picker } = useKit();
  return <Picker {...props} />;
}

function LoadedTimeInput(props: TimeInputProps) {
  const { TimeInput: Input } = useKit();
  return <Input {...props} />;
}

export function DatePickerInput(props: DatePickerInputProps) {
  return (
    <Suspense fallback={<LoadingPicker {...(props as FrameProps)} />}>
      <LoadedDatePickerInput {...props} />
    </Suspense>
  );
}

export function DateTimePicker(props: DateTimePickerProps) {
  return (
    <Suspense fallback={<LoadingPicker {...(props as FrameProps)} />}>
      <LoadedDateTimePicker {...props} />
    </Suspense>
  );
}

export function TimeInput(props: TimeInputProps) {
  return (
    <Suspense fallback={<LoadingPicker {...(props as FrameProps)} />}>
      <LoadedTimeInput {...props} />
    </Suspense>
  );
}
