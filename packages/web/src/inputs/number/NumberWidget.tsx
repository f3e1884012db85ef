import { NumberInput } from '@mantine/core';
import { labelledControlProps } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { useTypedDraft } from '../text/useTypedDraft.ts';
import { integerCodec, isIntegersOnly, singleNumberCodec } from './numberValue.ts';

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A number (spec 002 §5): the typed text becomes a number, empty becomes undefined. min and max guide the stepper
 * only; the value is never clamped, validation reports a number out of range. A multiline (or multiple) number
 * keeps only integers. Typing reaches the store debounced like text (spec 002 §9); leaving the field sends it.
 */
export function NumberWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const integersOnly = isIntegersOnly(input);
  const { draft, setDraft, commit } = useTypedDraft({
    value: finiteNumber(value),
    onChange,
    codec: integersOnly ? integerCodec : singleNumberCodec,
  });
  const { min, max } = input.constraints ?? {};
  return (
    <NumberInput
      {...labelledControlProps(input, errors)}
      disabled={disabled}
      value={draft}
      onChange={setDraft}
      onBlur={() => {
        commit();
        onBlur();
      }}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={!integersOnly}
    />
  );
}
