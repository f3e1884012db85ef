import { useCallback, useMemo } from 'react';
import { Button, Checkbox, Input, Stack, Switch, Tooltip } from '@mantine/core';
import { IconAnchor } from '@tabler/icons-react';
import { QUICK_EVENT_INPUT, STANDALONE_INPUT, standaloneFor, type InputDefinition } from '@editor/domain';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import { fieldError } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';

/** Spec 002 §9, the quick event switch's texts. */
const QUICK_EVENT_LABEL = 'Create Quick Event version';
const QUICK_EVENT_HINT = 'Turn on to only create a quick version of an upcoming event.';

/** The value a checkbox shows: the stored one, else the input's default, else off. */
export function isChecked(input: Pick<InputDefinition, 'default'>, value: unknown): boolean {
  return typeof value === 'boolean' ? value : input.default === true;
}

/**
 * A checkbox (spec 002 §4 "Checkbox variants"): a plain checkbox, the 'switch' style, or the 'anchor' style of
 * headline-chapter — a toggle button with an anchor icon. The quick-event switch also sets standalone.
 */
export function CheckboxWidget(props: WidgetProps) {
  const isQuickEvent = props.input.name === QUICK_EVENT_INPUT && props.path.length === 1;
  return isQuickEvent ? <QuickEventSwitch {...props} /> : <CheckboxControl {...props} />;
}

/** The pure checkbox: value in, change out. */
export function CheckboxControl({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const checked = isChecked(input, value);
  const error = fieldError(errors);
  if (input.view.style === 'anchor') {
    const button = (
      <Button
        variant={checked ? 'filled' : 'default'}
        size="xs"
        leftSection={<IconAnchor size={16} aria-hidden />}
        aria-pressed={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        onBlur={onBlur}
      >
        {input.view.label}
      </Button>
    );
    return (
      <Stack gap={4} align="flex-start">
        {input.view.hint ? <Tooltip label={input.view.hint}>{button}</Tooltip> : button}
        {error && <Input.Error>{error}</Input.Error>}
      </Stack>
    );
  }
  const Control = input.view.style === 'switch' ? Switch : Checkbox;
  return (
    <Control
      label={input.view.label}
      // The switch's label element also holds the hint; the name is the label alone, the hint its description.
      aria-label={input.view.label}
      description={input.view.hint}
      error={error}
      disabled={disabled}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}

/** Spec 002 §4 "Quick event switch: on sets standalone to false; off sets it to true" (texts: spec 002 §9). */
function QuickEventSwitch(props: WidgetProps) {
  const store = useEditorStoreApi();
  const { onChange } = props;
  const input = useMemo<InputDefinition>(
    () => ({ ...props.input, view: { ...props.input.view, label: QUICK_EVENT_LABEL, hint: QUICK_EVENT_HINT, style: 'switch' } }),
    [props.input],
  );
  const handleChange = useCallback(
    (next: unknown) => {
      onChange(next);
      const state = store.getState();
      if (state.inputs.some((candidate) => candidate.name === STANDALONE_INPUT)) {
        state.setValue([STANDALONE_INPUT], standaloneFor(next === true));
      }
    },
    [onChange, store],
  );
  return <CheckboxControl {...props} input={input} onChange={handleChange} />;
}
