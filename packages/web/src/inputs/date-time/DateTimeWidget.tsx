import { useId, useMemo, useState } from 'react';
import { Group, Select, Switch } from '@mantine/core';
import { DatePickerInput, TimeInput } from '../../ui/dates/DatePickers.tsx';
import { dateTimeValueSchema } from '@editor/domain';
import { FieldFrame } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { MIDNIGHT, browserTimeZone, normalizeTime, timeModeOf, timeZoneOptions, toDateTimeValue, wallClockOf, type WallClock } from './dateTimeValue.ts';

/** The UI kit hides its clear button from screen readers; named for tests and tools. */
const CLEAR_BUTTON_PROPS = { 'aria-label': 'Clear' };

/** 'HH:mm' unless the stored time has seconds. */
function shownTime(time: string): string {
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}

/**
 * A date, or a date and time, in a time zone (spec 002 §3 date-time value). The date kind decides whether a time is
 * asked for; DATE_OR_DATETIME offers the Include Time switch (spec 002 §4). What the editor picks is a wall clock
 * in the chosen zone; the stored date is that instant in UTC without milliseconds (spec 002 §5). Clearing the date
 * stores undefined.
 */
export function DateTimeWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const dateId = useId();
  const stored = useMemo(() => {
    const parsed = dateTimeValueSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }, [value]);
  const wallClock = useMemo(() => (stored ? wallClockOf(stored) : undefined), [stored]);
  const mode = timeModeOf(input);
  // What the next picked date gets while nothing is stored.
  const [draftZone, setDraftZone] = useState(browserTimeZone);
  const [draftIncludesTime, setDraftIncludesTime] = useState(mode !== 'never');

  const timezone = stored?.timezone ?? draftZone;
  const includesTime = mode === 'switch' ? (stored ? !stored.isDateOnly : draftIncludesTime) : mode === 'always';
  // The 400-odd zones are handed to the select only while its list is open: a closed select still builds them.
  const [isZoneListOpen, setIsZoneListOpen] = useState(false);
  const zones = useMemo(() => (isZoneListOpen ? timeZoneOptions(timezone) : [timezone]), [isZoneListOpen, timezone]);

  function emit(next: { wallClock: WallClock; isDateOnly: boolean; timezone: string }) {
    const nextValue = toDateTimeValue(next);
    if (nextValue) onChange(nextValue);
  }

  function handleDateChange(date: string | null) {
    if (!date) {
      onChange(undefined);
      return;
    }
    emit({ wallClock: { date, time: wallClock?.time ?? MIDNIGHT }, isDateOnly: !includesTime, timezone });
  }

  function handleTimeChange(text: string) {
    const time = normalizeTime(text);
    if (!wallClock || time === undefined) return;
    emit({ wallClock: { ...wallClock, time }, isDateOnly: false, timezone });
  }

  function handleIncludeTimeChange(isIncluded: boolean) {
    setDraftIncludesTime(isIncluded);
    if (wallClock) emit({ wallClock: { date: wallClock.date, time: MIDNIGHT }, isDateOnly: !isIncluded, timezone });
  }

  // The same wall clock in another zone: the event starts at 19:00 wherever it takes place.
  function handleZoneChange(zone: string | null) {
    if (!zone) return;
    setDraftZone(zone);
    if (wallClock) emit({ wallClock, isDateOnly: !includesTime, timezone: zone });
  }

  return (
    <FieldFrame input={input} errors={errors} id={dateId}>
      <Group gap="sm" align="center">
        <DatePickerInput
          id={dateId}
          value={wallClock?.date ?? null}
          onChange={handleDateChange}
          onBlur={onBlur}
          valueFormat="D MMM YYYY"
          placeholder={input.view.placeholder}
          clearable
          clearButtonProps={CLEAR_BUTTON_PROPS}
          disabled={disabled}
          miw={160}
        />
        {includesTime && (
          <TimeInput
            aria-label="Time"
            value={wallClock ? shownTime(wallClock.time) : ''}
            onChange={(event) => handleTimeChange(event.currentTarget.value)}
            onBlur={onBlur}
            disabled={disabled || !wallClock}
          />
        )}
        {includesTime && (
          <Select
            aria-label="Time zone"
            data={zones}
            value={timezone}
            onChange={handleZoneChange}
            onDropdownOpen={() => setIsZoneListOpen(true)}
            onDropdownClose={() => setIsZoneListOpen(false)}
            onBlur={onBlur}
            searchable
            allowDeselect={false}
            disabled={disabled}
            w={220}
          />
        )}
        {mode === 'switch' && (
          <Switch
            label="Include Time"
            checked={includesTime}
            onChange={(event) => handleIncludeTimeChange(event.currentTarget.checked)}
            onBlur={onBlur}
            disabled={disabled}
          />
        )}
      </Group>
    </FieldFrame>
  );
}
