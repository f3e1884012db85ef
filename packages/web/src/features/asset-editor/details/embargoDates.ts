import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

export interface EmbargoDates {
  startDate: string | null;
  endDate: string | null;
}

/** A stored moment to the picker's value: its UTC wall-clock time, `yyyy-MM-dd HH:mm:ss`. */
export function toPickerValue(iso: string | null): string | null {
  if (!iso) return null;
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** A picker value, read as UTC, to the ISO moment the server takes; spec 002 §5 date-time strips milliseconds. */
export function fromPickerValue(value: string | null): string | null {
  if (!value) return null;
  return new Date(`${value.replace(' ', 'T')}Z`).toISOString();
}

/** Spec 000 §9: the embargo date format, for the picker's shown value (a UTC wall-clock time). */
export function formatEmbargoValue(value: string): string {
  return format(new Date(`${value.replace(' ', 'T')}Z`), 'EEEE, MMMM do yyyy, H:mm:ss', { in: tz('UTC') });
}

const secondsOf = (iso: string | null) => (iso ? Math.floor(new Date(iso).getTime() / 1000) : null);

/** Spec 002 §5 Embargo: the dates are invalid when both are set and the start is not before the end. */
export function areEmbargoDatesValid(dates: EmbargoDates): boolean {
  const start = secondsOf(dates.startDate);
  const end = secondsOf(dates.endDate);
  return start === null || end === null || start < end;
}

/** Spec 002 §5 Embargo: saving needs a value that differs from the current one (to the second). */
export function embargoDatesDiffer(draft: EmbargoDates, current: EmbargoDates): boolean {
  return secondsOf(draft.startDate) !== secondsOf(current.startDate) || secondsOf(draft.endDate) !== secondsOf(current.endDate);
}
