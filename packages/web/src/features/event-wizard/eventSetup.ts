import {
  eventProfileStatusOf,
  eventTimeZoneOf,
  isUriTitle,
  uriTitleFromTitle,
  VALIDATION_MESSAGES,
  type DashboardEvent,
  type GeodataValue,
} from '@editor/domain';

/** The event-setup step's values (spec 001 §2.5, §9). */
export interface EventSetup {
  title: string;
  /** ISO UTC. */
  start: string;
  /** ISO UTC. */
  end: string;
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
  return {
    title: event.title,
    start: event.startDate.dateTimeUTC,
    end: event.endDate.dateTimeUTC,
    timeZone: eventTimeZoneOf(event),
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
  if (setup.start === '' || Number.isNaN(Date.parse(setup.start))) errors.start = VALIDATION_MESSAGES.required;
  if (setup.timeZone.trim() === '') errors.timeZone = VALIDATION_MESSAGES.required;
  if (setup.uriTitle !== '' && !isUriTitle(setup.uriTitle)) errors.uriTitle = VALIDATION_MESSAGES.pattern;
  return errors;
}

const dateValue = (iso: string, timezone: string) => ({ date: new Date(iso).toISOString(), isDateOnly: false, timezone });

/**
 * The new profile's first values (event-profile stencil). Spec 002 §4: the quick-event switch on sets standalone
 * to false, off to true. `copied` are the values taken from a similar event's profile.
 */
export function profileValuesOf(setup: EventSetup, event: DashboardEvent, copied: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {
    ...copied,
    title: setup.title.trim(),
    'event-start-date': dateValue(setup.start, setup.timeZone),
    timezone: setup.timeZone.trim(),
    'event-status': setup.status,
    'hosted-by': event.hostedByProduct,
    'quick-event': setup.quickEvent,
    standalone: !setup.quickEvent,
  };
  if (setup.end !== '' && !Number.isNaN(Date.parse(setup.end))) values['event-end-date'] = dateValue(setup.end, setup.timeZone);
  if (setup.point) values.geolocation = setup.point;
  if (setup.place.venue) values.venue = setup.place.venue;
  if (setup.place.location) values.location = setup.place.location;
  if (setup.place.countryName) values['country-name'] = setup.place.countryName;
  if (setup.place.countryCode) values['country-code'] = setup.place.countryCode;
  return values;
}

/** `2027-07-10T10:00:00.000Z` → `2027-07-10T10:00` for a datetime-local field read as UTC, and back. */
export const toUtcField = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : new Date(iso).toISOString().slice(0, 16));
export const fromUtcField = (text: string) => (text === '' ? '' : `${text}:00.000Z`);
