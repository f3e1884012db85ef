
/** A wall-clock time without a zone: month from 1. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: making one costs far more than using it, and a file repeats its zones on every row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of a zone from UTC at an instant, in seconds ("GMT+05:45" → 20700). */
function offsetSeconds(zone: string, at: Date): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

/**
 * The instant a wall-clock time in `zone` names. Where a clock jumps forward the missing hour is read with the
 * offset before the jump; where it falls back, the first of the two times is taken.
 */
export function utcOfLocal(local: LocalTime, zone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const DAY = 24 * 60 * 60 * 1000;
  // A zone changes its offset at most once within a day either side: the time is one of these two offsets'.
  const before = offsetSeconds(zone, new Date(asUtc - DAY)) * 1000;
  const after = offsetSeconds(zone, new Date(asUtc + DAY)) * 1000;
  const valid = [asUtc - before, asUtc - after].filter((at, index) => offsetSeconds(zone, new Date(at)) * 1000 === (index === 0 ? before : after));
  return new Date(valid.length > 0 ? Math.min(...valid) : asUtc - before);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether the parts make a real calendar day and clock time (no 31 April, no 25:00). */
function isReal(local: LocalTime): boolean {
  const at = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  return at.getUTCFullYear() === local.year && at.getUTCMonth() === local.month - 1 && at.getUTCDate() === local.day && local.hour < 24 && local.minute < 60 && local.second < 60;
}

/**
 * A spreadsheet's date and time: with an offset (`2026-07-01T10:00:00Z`, `+02:00`), as a wall-clock time in the
 * event's zone (`2026-07-01 10:00`), or a whole day (`2026-07-01`, its start; `isEnd` takes the day's end, the next
 * midnight, as a calendar's all-day end does). Undefined when it is none of these.
 */
export function parseSpreadsheetTime(text: string, zone: string, options: { isEnd?: boolean } = {}): Date | undefined {
  const value = text.trim();
  if (WITH_OFFSET.test(value)) {
    const at = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const local = LOCAL.exec(value);
  if (local) {
    const parts = { year: Number(local[1]), month: Number(local[2]), day: Number(local[3]), hour: Number(local[4]), minute: Number(local[5]), second: Number(local[6] ?? 0) };
    return isReal(parts) ? utcOfLocal(parts, zone) : undefined;
  }
  const day = DATE_ONLY.exec(value);
  if (day) {
    const parts = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0, second: 0 };
    if (!isReal(parts)) return undefined;
    if (!options.isEnd) return utcOfLocal(parts, zone);
    const next = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1));
    return utcOfLocal({ ...parts, year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, zone);
  }
  return undefined;
}
