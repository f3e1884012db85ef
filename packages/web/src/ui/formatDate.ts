/*
 * Written out rather than taken from date-fns: its `format` brings every formatter and the en-US locale (about 38 KB)
 * into the entry chunk, for two fixed patterns. The output is the one date-fns gives (formatDate.test.ts compares).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The date in local time; like date-fns, refuses a value that is no date instead of printing "NaN". */
function localDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const datePart = (date: Date) => `${pad(date.getDate())} ${MONTHS[date.getMonth()] ?? ''} ${pad(date.getFullYear(), 4)}`;

/** Spec 001 §9: dates are displayed as dd MMM yyyy. */
export const formatDisplayDate = (iso: string) => datePart(localDate(iso));

/** A date with its time (dd MMM yyyy, HH:mm), for when something happened (saves, transitions). */
export function formatDisplayDateTime(iso: string): string {
  const date = localDate(iso);
  return `${datePart(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A moment to the second (dd MMM yyyy, HH:mm:ss), for logs where several things happen within a minute. */
export function formatDisplayTimestamp(iso: string): string {
  const date = localDate(iso);
  return `${formatDisplayDateTime(iso)}:${pad(date.getSeconds())}`;
}
