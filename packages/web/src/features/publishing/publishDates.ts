import { format } from 'date-fns';
import { VALIDATION_MESSAGES } from '@editor/domain';

/**
 * Spec 002 §4: an unpublish date already in the past when Publish is pressed is moved to now plus this many
 * milliseconds (the spec leaves the value open). A minute keeps the moment clearly in the future for the server's
 * check, and the asset still goes offline almost at once, as the editor meant.
 */
export const PAST_END_DATE_OFFSET_MS = 60_000;

export interface PublishDates {
  /** ISO moments; null means "now" for the start and "never" for the end. */
  startDate: string | null;
  endDate: string | null;
}

export interface EmbargoWindow {
  startDate: string | null;
  endDate: string | null;
}

const timeOf = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/** A stored moment to the date-time picker's value: its wall-clock time in the browser's time zone. */
export function toPickerValue(iso: string | null): string | null {
  return iso ? format(new Date(iso), 'yyyy-MM-dd HH:mm:ss') : null;
}

/** A picker value, read in the browser's time zone, to the ISO moment the server takes. */
export function fromPickerValue(value: string | null): string | null {
  return value ? new Date(value.replace(' ', 'T')).toISOString() : null;
}

/**
 * Spec 002 §4: what Publish sends. A start in the past is dropped (publish now); an end in the past becomes now
 * plus PAST_END_DATE_OFFSET_MS.
 */
export function publishSchedule(dates: PublishDates, now: number): PublishDates {
  const start = timeOf(dates.startDate);
  const end = timeOf(dates.endDate);
  return {
    startDate: start !== null && start > now ? dates.startDate : null,
    endDate: end === null ? null : end > now ? dates.endDate : new Date(now + PAST_END_DATE_OFFSET_MS).toISOString(),
  };
}

function isInside(moment: number, embargo: EmbargoWindow): boolean {
  const from = timeOf(embargo.startDate);
  const until = timeOf(embargo.endDate);
  return (from === null || moment >= from) && (until === null || moment <= until);
}

/**
 * Spec 002 §5 publish and dates, checked on what Publish would send: the publish moment (the start, or now without
 * one) and a set unpublish date must lie within the embargo, and the unpublish date must come after the publish
 * moment. Returns the message to show, or null when the dates are fine.
 */
export function publishDatesError(input: { dates: PublishDates; embargo: EmbargoWindow; now: number }): string | null {
  const sent = publishSchedule(input.dates, input.now);
  const start = timeOf(sent.startDate) ?? input.now;
  const end = timeOf(sent.endDate);
  const isValid = isInside(start, input.embargo) && (end === null || (end > start && isInside(end, input.embargo)));
  return isValid ? null : VALIDATION_MESSAGES.publishDatesOutsideEmbargo;
}
