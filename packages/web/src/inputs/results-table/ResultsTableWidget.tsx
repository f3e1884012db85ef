import type { WidgetProps } from '../field/widgetProps.ts';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { ResultsTableInput } from './ResultsTableInput.tsx';

/** A results table field (spec 002 §3) bound to the open asset: label, hint and messages around the results table input. */
export function ResultsTableWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  return (
    <FieldFrame input={input} errors={errors}>
      <ResultsTableInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} />
    </FieldFrame>
  );
}
