import type { EaqlProperty, EaqlValue } from './ast.ts';
import { EaqlSyntaxError, quoteForMessage, type Token } from './tokenize.ts';

const LONG = /^[-+]?\d+$/;
export const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[-+]\d{2}:\d{2})?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds of a UTC calendar date, or undefined when there is no such day (2026-02-30). */
function utcDay(year: number, month: number, day: number): number | undefined {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  date.setUTCFullYear(year, month - 1, day);
  const isSameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isSameDay ? date.getTime() : undefined;
}

function isInYearRange(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * Spec 002 §2 (datatype date): reads `2026-01-31` (kept as a whole day) or a date-time with optional seconds, fraction and zone (no zone is UTC),
 * normalised to `2026-01-31T10:00:00.000Z`; undefined when it is no real date.
 */
export function normaliseEaqlDate(text: string): string | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number);
    const ms = utcDay(year ?? 0, month ?? 0, day ?? 0);
    return ms !== undefined && isInYearRange(ms) ? text : undefined;
  }
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  const dayMs = utcDay(Number(year), Number(month), Number(day));
  if (dayMs === undefined || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const [offsetHours = 0, offsetRest = 0] = zone.slice(1).split(':').map(Number);
    if (offsetHours > 23 || offsetRest > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const ms =
    dayMs +
    ((Number(hour) * 60 + Number(minute) - offsetMinutes) * 60 + Number(second)) * 1000 +
    Number(fraction.padEnd(3, '0').slice(0, 3));
  return isInYearRange(ms) ? new Date(ms).toISOString() : undefined;
}

/**
 * Spec 002 §2 (EAQL dates): the instants a date value stands for, `from` inclusive and `to` exclusive; a whole day
 * `2026-01-31` is that UTC day, so `= 2026-01-31` matches the whole day and `> 2026-01-31` starts the day after.
 */
export function eaqlDateRange(value: string): { from: string; to: string } {
  if (!DATE_ONLY.test(value)) return { from: value, to: new Date(Date.parse(value) + 1).toISOString() };
  const from = Date.parse(`${value}T00:00:00.000Z`);
  return { from: new Date(from).toISOString(), to: new Date(from + DAY_MS).toISOString() };
}

/** -0 would print as 0 and come back as 0; keep it 0 from the start. */
function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/** Spec 002 §2: converts a value token to its property's datatype, or throws an error pointing at the token. */
export function convertEaqlValue(property: EaqlProperty, token: Token): EaqlValue {
  const text = token.text;
  const isQuoted = token.kind === 'string';
  const expected = (what: string) =>
    new EaqlSyntaxError(
      `Expected ${what} for "${property.name}" (${property.type}) at position ${token.position}, found ${quoteForMessage(text)}`,
      token.position,
    );
  if (property.path) {
    if (isQuoted) return text;
    if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
    if (NUMBER.test(text) && Number.isFinite(Number(text))) return withoutNegativeZero(Number(text));
    return text;
  }
  switch (property.type) {
    case 'keyword':
    case 'text':
      return text;
    case 'long': {
      const value = Number(text);
      if (!LONG.test(text) || !Number.isSafeInteger(value)) throw expected('a whole number');
      return withoutNegativeZero(value);
    }
    case 'float': {
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value)) throw expected('a number');
      return withoutNegativeZero(value);
    }
    case 'date': {
      const value = normaliseEaqlDate(text);
      if (value === undefined) throw expected('a date like 2026-01-31 or 2026-01-31T10:00:00Z');
      return value;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') throw expected('true or false');
      return lower === 'true';
    }
  }
}
