import type { WidgetProps } from '../field/widgetProps.ts';
import { MediaInput } from './MediaInput.tsx';

/** A video or audio field (spec 002 §6) bound to the open asset: the media value is the field's value, nothing more. */
export function MediaWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  return <MediaInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} />;
}
