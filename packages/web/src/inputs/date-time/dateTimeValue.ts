import { TZDate } from '@date-fns/tz';
import { acceptedDateForms, type DateTimeValue, type InputDefinition } from '@editor/domain';

/** A date and time as a clock on the wall shows it in some zone: 'YYYY-MM-DD' and 'HH:mm:ss'. */
export interface WallClock {
  date: string;
  time: string;
}

export const MIDNIGHT = '00:00:00';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

const knownZones = new Map<string, boolean>();

export function isKnownTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** The zone of the browser, for a new value. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

let zoneList: readonly string[] | undefined;

/** Every IANA zone the browser knows, UTC first. */
export function timeZones(): readonly string[] {
  zoneList ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zoneList;
}

/** The zones to offer: every zone, and the given one too when the browser's list lacks it (an alias such as 'Etc/UTC'). */
export function timeZoneOptions(current: string): readonly string[] {
  const zones = timeZones();
  return zones.includes(current) ? zones : [current, ...zones];
}

const pad = (number: number, width = 2) => String(number).padStart(width, '0');

/** Spec 002 §5 "Date-time strips milliseconds": an instant as UTC ISO-8601, to the second. */
export function toUtcIso(instant: number): string {
  const date = new Date(Math.floor(instant / 1000) * 1000);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The wall clock a stored value stands for in its own zone. A calendar date without time ('2026-03-01') is that
 * day; an instant is read in the value's zone (UTC when the zone is unknown).
 */
export function wallClockOf(value: DateTimeValue): WallClock | undefined {
  if (CALENDAR_DATE.test(value.date)) return { date: value.date, time: MIDNIGHT };
  const instant = Date.parse(value.date);
  if (Number.isNaN(instant)) return undefined;
  const zoned = new TZDate(instant, isKnownTimeZone(value.timezone) ? value.timezone : 'UTC');
  return {
    date: `${pad(zoned.getFullYear(), 4)}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`,
    time: `${pad(zoned.getHours())}:${pad(zoned.getMinutes())}:${pad(zoned.getSeconds())}`,
  };
}

/** 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss'; undefined for anything else. */
export function normalizeTime(time: string): string | undefined {
  const match = CLOCK_TIME.exec(time);
  if (!match) return undefined;
  const [, hours = '', minutes = '', seconds = '00'] = match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  return `${hours}:${minutes}:${seconds}`;
}

/**
 * The value to store for a wall-clock date (and time) in a zone: the instant in UTC ISO form, without
 * milliseconds (spec 002 §5). A date without time is that calendar day ('2026-03-01'), as the server and the
 * demo content store it: a day is not an instant, and no zone moves it.
 */
export function toDateTimeValue(options: { wallClock: WallClock; isDateOnly: boolean; timezone: string }): DateTimeValue | undefined {
  const { wallClock, isDateOnly, timezone } = options;
  const day = CALENDAR_DATE.exec(wallClock.date);
  const time = normalizeTime(isDateOnly ? MIDNIGHT : wallClock.time);
  if (!day || time === undefined || !isKnownTimeZone(timezone)) return undefined;
  if (isDateOnly) return { date: wallClock.date, isDateOnly, timezone };
  const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  const zoned = new TZDate(year, month - 1, date, hours, minutes, seconds, 0, timezone);
  return { date: toUtcIso(zoned.getTime()), isDateOnly, timezone };
}

export type TimeMode = 'always' | 'never' | 'switch';

/**
 * Spec 000 §9 date kinds: DATETIME always has a time, DATE never, DATE_OR_DATETIME (and the event dates, spec 002
 * §3) offers the Include Time switch (spec 002 §4).
 */
export function timeModeOf(input: Pick<InputDefinition, 'name' | 'constraints'>): TimeMode {
  const forms = acceptedDateForms(input);
  if (forms.dateOnly && forms.dateTime) return 'switch';
  return forms.dateTime ? 'always' : 'never';
}
