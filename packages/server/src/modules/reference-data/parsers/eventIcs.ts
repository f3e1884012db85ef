import ICAL from 'ical.js';
import { REFERENCE_IMPORT_MAX_ROWS, isTimeZone } from '@editor/domain';
import { zoneAt } from '../../places/timeZone.ts';
import { utcOfLocal, type LocalTime } from './localTime.ts';
import { locateText, type Located } from './locate.ts';
import { defined, type ReadFile, type ReadRow } from './readRow.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Property = InstanceType<typeof ICAL.Property>;

/** A recurring event gives one event per occurrence, this many at most. */
export const MAX_OCCURRENCES = 100;

const STATUSES: Record<string, string> = { CONFIRMED: 'Confirmed', TENTATIVE: 'Tentative', CANCELLED: 'Cancelled' };

const fieldsOf = (time: Time): LocalTime => ({ year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second });

/** How a DTSTART or DTEND names its zone: UTC, an IANA zone, a VTIMEZONE of the file, or none (floating: the event's zone). */
interface ZoneOf {
  iana: string | undefined;
  /** A VTIMEZONE of the file under a name that is not an IANA zone (Outlook's "W. Europe Standard Time"). */
  definition: Time['zone'] | undefined;
  isUtc: boolean;
}

function zoneOf(property: Property | null, time: Time): ZoneOf {
  const tzid = (property?.getParameter('tzid') as string | undefined) ?? (time.zone?.tzid && !['floating', 'UTC'].includes(time.zone.tzid) ? time.zone.tzid : undefined);
  const isUtc = time.zone?.tzid === 'UTC';
  if (tzid && isTimeZone(tzid)) return { iana: tzid, definition: undefined, isUtc };
  const definition = time.zone && !['floating', 'UTC'].includes(time.zone.tzid) ? time.zone : undefined;
  return { iana: undefined, definition, isUtc };
}

/** The instant of wall-clock `fields` in the zone the property names, or in `eventZone` when it names none. */
function instantOf(fields: LocalTime, zone: ZoneOf, eventZone: string): Date {
  if (zone.isUtc) return new Date(Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second));
  if (zone.iana) return utcOfLocal(fields, zone.iana);
  if (zone.definition) return new ICAL.Time({ ...fields, isDate: false }, zone.definition).toJSDate();
  return utcOfLocal(fields, eventZone);
}

const pad = (value: number) => String(value).padStart(2, '0');
/** An occurrence's part of its external id: its start as written (`20260701` or `20260701T100000`). */
const occurrenceKey = (fields: LocalTime, isDate: boolean) =>
  `${fields.year}${pad(fields.month)}${pad(fields.day)}${isDate ? '' : `T${pad(fields.hour)}${pad(fields.minute)}${pad(fields.second)}`}`;

function textOf(component: Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** CATEGORIES as tags: every value of every CATEGORIES line. */
function categoriesOf(component: Component): string[] | undefined {
  const values = component.getAllProperties('categories').flatMap((property) => property.getValues().map(String));
  const tags = values.map((value) => value.trim()).filter(Boolean);
  return tags.length > 0 ? tags : undefined;
}

/** GEO `lat;lng`. */
function geoOf(component: Component): { lat: number; lng: number } | undefined {
  const value = component.getFirstPropertyValue('geo');
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [lat, lng] = value.map(Number);
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : undefined;
}

interface EventParts {
  row: number;
  uid: string | undefined;
  raw: Record<string, unknown>;
  errors: ReadRow['errors'];
}

/** The fields every occurrence of a VEVENT shares: title, text, place, zone, status, tags. */
function sharedFields(vevent: Component, calendarZone: string | undefined, errors: ReadRow['errors']) {
  const locationText = textOf(vevent, 'location');
  const geo = geoOf(vevent);
  const located: Located | undefined = locationText ? locateText(locationText) : undefined;
  if (locationText && !located) errors.push({ field: 'location', message: `LOCATION '${locationText}' names no known town` });
  if (!locationText) errors.push({ field: 'location', message: 'the event has no LOCATION naming its town' });
  const startProperty = vevent.getFirstProperty('dtstart');
  const start = startProperty?.getFirstValue() as Time | undefined;
  const declared = start && startProperty ? zoneOf(startProperty, start).iana : undefined;
  const timeZone = declared ?? calendarZone ?? located?.timeZone ?? (geo ? zoneAt(geo.lat, geo.lng) : undefined) ?? 'UTC';
  const status = textOf(vevent, 'status')?.toUpperCase();
  const image = vevent.getAllProperties('image').find((property) => String(property.getParameter('value') ?? 'URI').toUpperCase() === 'URI');
  return defined({
    title: textOf(vevent, 'summary'),
    description: textOf(vevent, 'description'),
    tags: categoriesOf(vevent),
    timeZone,
    location: located ? { city: located.city, countryCode: located.countryCode, countryName: located.countryName, lat: geo?.lat ?? located.lat, lng: geo?.lng ?? located.lng } : undefined,
    status: status ? (STATUSES[status] ?? status) : undefined,
    featuredImageUrl: image ? String(image.getFirstValue()) : undefined,
  });
}

/** The VEVENT's occurrences (one unless it recurs): start and end as instants, with each one's key. */
function occurrencesOf(vevent: Component, timeZone: string, errors: ReadRow['errors']): Array<{ key: string; start: Date; end: Date | undefined }> {
  const startProperty = vevent.getFirstProperty('dtstart');
  if (!startProperty) {
    errors.push({ field: 'start', message: 'the event has no DTSTART' });
    return [];
  }
  const event = new ICAL.Event(vevent);
  const first = event.startDate;
  const startZone = zoneOf(startProperty, first);
  const endProperty = vevent.getFirstProperty('dtend');
  const firstStart = instantOf(fieldsOf(first), startZone, timeZone);
  let durationMs: number;
  if (endProperty) {
    const end = endProperty.getFirstValue() as Time;
    durationMs = instantOf(fieldsOf(end), zoneOf(endProperty, end), timeZone).getTime() - firstStart.getTime();
  } else if (vevent.getFirstProperty('duration')) {
    durationMs = event.duration.toSeconds() * 1000;
  } else if (first.isDate) {
    durationMs = 24 * 60 * 60 * 1000;
  } else {
    errors.push({ field: 'end', message: 'the event has neither DTEND nor DURATION' });
    return [{ key: '', start: firstStart, end: undefined }];
  }
  const occurrence = (time: Time) => {
    const fields = fieldsOf(time);
    const start = instantOf(fields, startZone, timeZone);
    return { key: occurrenceKey(fields, first.isDate), start, end: new Date(start.getTime() + durationMs) };
  };
  if (!event.isRecurring()) return [{ key: '', start: firstStart, end: new Date(firstStart.getTime() + durationMs) }];
  const expansion = event.iterator();
  const found: Array<{ key: string; start: Date; end: Date | undefined }> = [];
  for (let next = expansion.next(); next && found.length < MAX_OCCURRENCES; next = expansion.next()) found.push(occurrence(next));
  return found;
}

/**
 * Reads an iCalendar file (ical.js): one event per VEVENT, a recurring one (RRULE, RDATE, EXDATE) one per
 * occurrence, up to MAX_OCCURRENCES, each with the UID and the occurrence's start as its external id, and a VEVENT
 * with a RECURRENCE-ID in place of the occurrence it changes. Times with a TZID are read in that zone (an IANA
 * name, or the file's VTIMEZONE), floating times in the calendar's X-WR-TIMEZONE or the town's zone. LOCATION
 * names the town (its last part the country, if it names one), GEO its coordinates; CATEGORIES are the tags.
 */
export function readEventIcs(text: string): ReadFile {
  let calendar: Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown[]);
  } catch (error) {
    return { fileErrors: [`The file is not an iCalendar file: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (calendar.name !== 'vcalendar') return { fileErrors: ['The file is not an iCalendar file: it does not begin with BEGIN:VCALENDAR.'] };
  const calendarZoneText = calendar.getFirstPropertyValue('x-wr-timezone');
  const calendarZone = typeof calendarZoneText === 'string' && isTimeZone(calendarZoneText) ? calendarZoneText : undefined;
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length === 0) return { fileErrors: ['The calendar holds no events (VEVENT).'] };
  if (vevents.length > REFERENCE_IMPORT_MAX_ROWS) return { fileErrors: [`The calendar has ${vevents.length} events; an import takes at most ${REFERENCE_IMPORT_MAX_ROWS}.`] };

  const rows: ReadRow[] = [];
  /** Where each occurrence's external id sits among the rows, so that a RECURRENCE-ID event takes its place. */
  const byExternalId = new Map<string, number>();
  const changed: EventParts[] = [];
  vevents.forEach((vevent, index) => {
    const errors: ReadRow['errors'] = [];
    const uid = textOf(vevent, 'uid');
    if (!uid) errors.push({ field: 'externalId', message: 'the event has no UID' });
    let shared: Record<string, unknown>;
    let occurrences: Array<{ key: string; start: Date; end: Date | undefined }>;
    try {
      shared = sharedFields(vevent, calendarZone, errors);
      occurrences = occurrencesOf(vevent, (shared.timeZone as string | undefined) ?? 'UTC', errors);
    } catch (error) {
      rows.push({ row: index + 1, raw: defined({ externalId: uid }), errors: [{ field: 'event', message: error instanceof Error ? error.message : String(error) }] });
      return;
    }
    const recurrenceId = vevent.getFirstPropertyValue('recurrence-id') as Time | null;
    if (recurrenceId && uid) {
      const occurrence = occurrences[0];
      const raw = { ...shared, externalId: `${uid}:${occurrenceKey(fieldsOf(recurrenceId), recurrenceId.isDate)}`, ...(occurrence ? defined({ start: occurrence.start.toISOString(), end: occurrence.end?.toISOString() }) : {}) };
      changed.push({ row: index + 1, uid, raw, errors });
      return;
    }
    if (occurrences.length === 0) {
      rows.push({ row: index + 1, raw: defined({ ...shared, externalId: uid }), errors });
      return;
    }
    for (const occurrence of occurrences) {
      const externalId = uid === undefined ? undefined : occurrence.key === '' ? uid : `${uid}:${occurrence.key}`;
      if (externalId) byExternalId.set(externalId, rows.length);
      rows.push({ row: index + 1, raw: defined({ ...shared, externalId, start: occurrence.start.toISOString(), end: occurrence.end?.toISOString() }), errors: [...errors] });
    }
  });
  for (const change of changed) {
    const at = byExternalId.get(String(change.raw.externalId));
    const row = { row: change.row, raw: change.raw, errors: change.errors };
    if (at === undefined) rows.push(row);
    else rows[at] = row;
  }
  return { rows };
}
