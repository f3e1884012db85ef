import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconCalendar, IconChevronDown } from '@tabler/icons-react';

export interface DateRange {
  from: string | undefined;
  to: string | undefined;
}

interface DateRangeFilterProps {
  /** The button's name, e.g. 'Created date'. */
  label: string;
  /** Labels of the two inputs, e.g. 'Created from' and 'Created to'. */
  fromLabel: string;
  toLabel: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** Whether the range filters; the created range needs both dates (spec 001 §5). */
  isActive: boolean;
}

const dayOrUndefined = (value: string) => (value === '' ? undefined : value);

/** A date range of the filter bar: two day inputs (YYYY-MM-DD, read as UTC days by the server) in a popover. */
export function DateRangeFilter({ label, fromLabel, toLabel, value, onChange, isActive }: DateRangeFilterProps) {
  const summary = value.from || value.to ? `${value.from ?? '…'} – ${value.to ?? '…'}` : undefined;
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant={isActive ? 'light' : 'default'}
          size="xs"
          fw={500}
          leftSection={<IconCalendar size={14} stroke={1.6} />}
          rightSection={<IconChevronDown size={14} stroke={1.6} />}
          aria-label={summary ? `${label}: ${summary}` : label}
        >
          {summary ?? label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              type="date"
              size="xs"
              label={fromLabel}
              value={value.from ?? ''}
              max={value.to}
              onChange={(event) => onChange({ ...value, from: dayOrUndefined(event.currentTarget.value) })}
            />
            <TextInput
              type="date"
              size="xs"
              label={toLabel}
              value={value.to ?? ''}
              min={value.from}
              onChange={(event) => onChange({ ...value, to: dayOrUndefined(event.currentTarget.value) })}
            />
          </Group>
          {(value.from || value.to) && (
            <Button variant="subtle" size="compact-xs" color="gray" onClick={() => onChange({ from: undefined, to: undefined })} style={{ alignSelf: 'flex-end' }}>
              Clear dates
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
