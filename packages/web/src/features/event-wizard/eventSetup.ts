import {
  eventProfileStatusOf,
  eventTimeZoneOf,
  isUriTitle,
  uriTitleFromTitle,
  VALIDATION_MESSAGES,
  type DashboardEvent,
  type GeodataValue,
} from '@editor/domain';
import { isKnownTimeZone, toDateTimeValue, wallClockOf } from '../../inputs/date-time/dateTimeValue.ts';

/** The event-setup step's values (spec 001 §2.5, §9). */
export interface EventSetup {
  title: string;
  /** The wall clock in `timeZone`, as a datetime-local field holds it: 'YYYY-MM-DDTHH:mm'. */
  start: string;
  /** The wall clock in `timeZone`, 'YYYY-MM-DDTHH:mm', or '' for none. */
  end: string;
  /** The event's IANA zone; a new zone keeps the wall clocks, so the instants move with it. */
  timeZone: string;
  status: 'confirmed' | 'cancelled' | 'postponed';
  quickEvent: boolean;
  point: GeodataValue | undefined;
  place: { venue?: string; location?: string; countryName?: string; countryCode?: string };
  uriTitle: string;
}

/** Spec 001 §2.5, §9: the setup starts from the event's data; time zone UTC and status Confirmed when it has none. */
export function setupFromEvent(event: DashboardEvent): EventSetup {
  const { location } = event;
  const timeZone = eventTimeZoneOf(event);
  return {
    title: event.title,
    start: wallClockFieldOf(event.startDate.dateTimeUTC, timeZone),
    end: wallClockFieldOf(event.endDate.dateTimeUTC, timeZone),
    timeZone,
    status: eventProfileStatusOf(event.status),
    quickEvent: false,
    point: Number.isFinite(location.lat) && Number.isFinite(location.lng) ? { latitude: location.lat, longitude: location.lng } : undefined,
    place: { venue: location.city || undefined, location: location.city || undefined, countryName: location.countryName || undefined, countryCode: location.countryCode || undefined },
    uriTitle: uriTitleFromTitle(event.title),
  };
}

/** The messages that keep the setup from going on, by field. */
export function setupErrors(setup: EventSetup): Partial<Record<'title' | 'start' | 'timeZone' | 'uriTitle', string>> {
  const errors: Partial<Record<'title' | 'start' | 'timeZone' | 'uriTitle', string>> = {};
  if (setup.title.trim() === '') errors.title = VALIDATION_MESSAGES.required;
  if (setup.timeZone.trim() === '') errors.timeZone = VALIDATION_MESSAGES.required;
  else if (!isKnownTimeZone(setup.timeZone.trim())) errors.timeZone = VALIDATION_MESSAGES.option;
  else if (instantOfWallClockField(setup.start, setup.timeZone) === undefined) errors.start = VALIDATION_MESSAGES.required;
  if (setup.uriTitle !== '' && !isUriTitle(setup.uriTitle)) errors.uriTitle = VALIDATION_MESSAGES.pattern;
  return errors;
}

const dateValue = (iso: string, timezone: string) => ({ date: new Date(iso).toISOString(), isDateOnly: false, timezone });

/**
 * The new profile's first values (event-profile stencil). Spec 002 §4: the quick-event switch on sets standalone
 * to false, off to true. `copied` are the values taken from a similar event's profile.
 */
export function profileValuesOf(setup: EventSetup, event: DashboardEvent, copied: Record<string, unknown> = {}): Record<string, unknown> {
  const timeZone = setup.timeZone.trim();
  const start = instantOfWallClockField(setup.start, timeZone);
  const end = instantOfWallClockField(setup.end, timeZone);
  const values: Record<string, unknown> = {
    ...copied,
    title: setup.title.trim(),
    timezone: timeZone,
    'event-status': setup.status,
    'hosted-by': event.hostedByProduct,
    'quick-event': setup.quickEvent,
    standalone: !setup.quickEvent,
  };
  if (start !== undefined) values['event-start-date'] = dateValue(start, timeZone);
  if (end !== undefined) values['event-end-date'] = dateValue(end, timeZone);
  if (setup.point) values.geolocation = setup.point;
  if (setup.place.venue) values.venue = setup.place.venue;
  if (setup.place.location) values.location = setup.place.location;
  if (setup.place.countryName) values['country-name'] = setup.place.countryName;
  if (setup.place.countryCode) values['country-code'] = setup.place.countryCode;
  return values;
}

/** An instant ('2027-07-10T10:00:00.000Z') as the wall clock a datetime-local field shows in a zone ('2027-07-10T12:00' in Europe/Vienna). */
export function wallClockFieldOf(iso: string, timeZone: string): string {
  const wallClock = Number.isNaN(Date.parse(iso)) ? undefined : wallClockOf({ date: iso, isDateOnly: false, timezone: timeZone });
  return wallClock ? `${wallClock.date}T${wallClock.time.slice(0, 5)}` : '';
}

/**
 * The instant (UTC ISO) a datetime-local field's wall clock stands for in a zone; undefined when either is not
 * valid. A wall clock skipped by a daylight-saving change (02:30 on a spring-forward night) moves on by the gap.
 */
export function instantOfWallClockField(field: string, timeZone: string): string | undefined {
  const [date = '', time = ''] = field.split('T');
  return toDateTimeValue({ wallClock: { date, time }, isDateOnly: false, timezone: timeZone.trim() })?.date;
}
