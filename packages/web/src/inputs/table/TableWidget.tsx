import type { WidgetProps } from '../field/widgetProps.ts';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { TableInput } from './TableInput.tsx';

/** A simple table field (spec 002 §3) bound to the open asset: label, hint and messages around the table input. */
export function TableWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  return (
    <FieldFrame input={input} errors={errors}>
      <TableInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} />
    </FieldFrame>
  );
}
