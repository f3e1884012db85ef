import { find } from 'geo-tz/dist/find-all';
import type { TimeZoneResponse } from '@editor/domain';

/**
 * The timestamps (seconds) the time zone call answers: those whose instant, and the first of January and of July of
 * whose year, a JavaScript Date can hold (±8.64e15 ms); the year's start is past the lower end in -271821.
 */
export const TIMESTAMP_RANGE = { min: Date.UTC(-271820, 0, 1) / 1000, max: 8.64e12 } as const;

/** Whether the time zone call can answer for the timestamp (seconds); outside, it is INVALID_REQUEST. */
export function isSupportedTimestamp(timestamp: number): boolean {
  return timestamp >= TIMESTAMP_RANGE.min && timestamp <= TIMESTAMP_RANGE.max;
}

/** The offset of a zone from UTC at an instant, in seconds ("GMT+05:45" → 20700; a local mean time "GMT+01:05:21"). */
export function offsetSeconds(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

function zoneName(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** The nautical zone of a longitude: 15° wide bands, Etc/GMT-n east of Greenwich (the IANA sign is inverted). */
export function nauticalZone(longitude: number): string {
  const hours = Math.max(-12, Math.min(12, Math.round(longitude / 15)));
  if (hours === 0) return 'Etc/GMT';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/**
 * The zone at a point (geo-tz's comprehensive boundaries: one zone per country at least, Europe/Vienna for Salzburg).
 * The sea answers geo-tz's nautical zones; where several zones meet (a border, the poles), the nautical zone of the
 * longitude if it is one of them, else the first.
 */
export function zoneAt(latitude: number, longitude: number): string | undefined {
  const zones = find(latitude, longitude);
  if (zones.length <= 1) return zones[0];
  const nautical = nauticalZone(longitude);
  return zones.includes(nautical) ? nautical : zones[0];
}

/**
 * Spec 001 §7 time zone call, answered as Google's Time Zone API does: the zone at the point and its offsets at
 * `timestamp` (seconds): rawOffset the standard offset, dstOffset what daylight saving adds then. A timestamp outside
 * TIMESTAMP_RANGE is INVALID_REQUEST.
 */
export function timeZoneAt(request: { latitude: number; longitude: number; timestamp: number }): TimeZoneResponse {
  if (!isSupportedTimestamp(request.timestamp)) return { status: 'INVALID_REQUEST' };
  const zone = zoneAt(request.latitude, request.longitude);
  if (!zone) return { status: 'ZERO_RESULTS' };
  const at = new Date(request.timestamp * 1000);
  const year = at.getUTCFullYear();
  const offset = offsetSeconds(zone, at);
  // The standard offset is the smaller of January's and July's: daylight saving only ever adds.
  const rawOffset = Math.min(offsetSeconds(zone, new Date(Date.UTC(year, 0, 1))), offsetSeconds(zone, new Date(Date.UTC(year, 6, 1))));
  return { status: 'OK', timeZoneId: zone, timeZoneName: zoneName(zone, at), rawOffset, dstOffset: offset - rawOffset };
}
