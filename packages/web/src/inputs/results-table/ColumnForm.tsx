import { useState } from 'react';
import { Button, Checkbox, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { RESULT_FORMAT_HINTS, RESULTS_TABLE, type ResultFormat } from '@editor/domain';

export interface ColumnSettings {
  title: string;
  pinned: boolean;
  format: ResultFormat;
}

const FORMAT_OPTIONS = RESULT_FORMAT_HINTS.map((format) => ({ value: format, label: format }));

function isResultFormat(value: string | null): value is ResultFormat {
  return RESULT_FORMAT_HINTS.some((format) => format === value);
}

/** Title, pinned and format hint of an additional column (spec 002 §3), with the form's own submit button. */
function ColumnFields({ initial, submitLabel, onSubmit, extra }: { initial: ColumnSettings; submitLabel: string; onSubmit: (settings: ColumnSettings) => void; extra?: React.ReactNode }) {
  const [settings, setSettings] = useState(initial);
  return (
    <Stack gap="xs">
      <TextInput size="xs" label="Column title" value={settings.title} onChange={(event) => setSettings({ ...settings, title: event.currentTarget.value })} />
      <Select
        size="xs"
        label="Format"
        data={FORMAT_OPTIONS}
        value={settings.format}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(format) => isResultFormat(format) && setSettings({ ...settings, format })}
      />
      <Checkbox size="xs" label="Pinned" checked={settings.pinned} onChange={(event) => setSettings({ ...settings, pinned: event.currentTarget.checked })} />
      <Group gap="xs" justify="space-between">
        <Button size="xs" onClick={() => onSubmit(settings)}>
          {submitLabel}
        </Button>
        {extra}
      </Group>
    </Stack>
  );
}

/**
 * A button opening the column dropdown (spec 002 §9: 238 wide, offset 7) with the column's settings; `onRemove`
 * adds a Remove column button.
 */
export function ColumnDropdown({
  buttonLabel,
  button,
  initial,
  submitLabel,
  onSubmit,
  onRemove,
  disabled,
}: {
  buttonLabel: string;
  button: React.ReactNode;
  initial: ColumnSettings;
  submitLabel: string;
  onSubmit: (settings: ColumnSettings) => void;
  onRemove?: () => void;
  disabled: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Popover opened={isOpen} onChange={setIsOpen} width={RESULTS_TABLE.columnDropdownWidth} offset={RESULTS_TABLE.columnDropdownOffset} position="bottom-start" withinPortal trapFocus>
      <Popover.Target>
        <Button size="xs" variant="subtle" aria-label={buttonLabel} disabled={disabled} onClick={() => setIsOpen((open) => !open)}>
          {button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {isOpen && (
          <ColumnFields
            initial={initial}
            submitLabel={submitLabel}
            onSubmit={(settings) => {
              onSubmit(settings);
              setIsOpen(false);
            }}
            extra={
              onRemove && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    onRemove();
                    setIsOpen(false);
                  }}
                >
                  Remove column
                </Button>
              )
            }
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The settings a new additional column starts with (spec 002 §9: title 'Column'). */
export const NEW_COLUMN: ColumnSettings = { title: RESULTS_TABLE.defaultColumnTitle, pinned: false, format: 'text' };
