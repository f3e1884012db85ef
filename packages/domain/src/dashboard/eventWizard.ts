import type { DashboardEvent } from './dashboard.ts';
import { spaceAllowsLocale, type SpaceLocales } from '../spaces/spaceRules.ts';
import { DEFAULT_EVENT_TIMEZONE } from './dashboard.ts';

/** Spec 001 §9 default event status Confirmed, as the event-profile stencil's option value. */
export const DEFAULT_EVENT_PROFILE_STATUS = 'confirmed';

/** Spec 001 §9: the new event profile is asked for every 500 ms... */
export const EVENT_PROFILE_POLL_INTERVAL_MS = 500;
/** ...up to 10 times, until it is readable. */
export const EVENT_PROFILE_POLL_TRIES = 10;
/** Spec 001 §9: the wait between a readable profile and claiming its URL slug. */
export const EVENT_SLUG_CLAIM_DELAY_MS = 1000;

/** Spec 001 §9 event card images are 300x300 (and 400x400); the wizard's preview shows the smaller. */
export const EVENT_CARD_IMAGE_PX = 300;

/** Spec 001 §7 event profile poll: `GET .../rrn:content:event-profiles/resources/{id}?includeDraft`. */
export const EVENT_PROFILE_POLL_PATH = '/api/crepo/content/v4/types/rrn:content:event-profiles/resources';

/** Spec 001 §2.5: the steps of the event wizard, in order. */
export const EVENT_WIZARD_STEPS = ['event-preview', 'locale-select', 'event-setup', 'copy-data', 'event-creation'] as const;
export type EventWizardStep = (typeof EVENT_WIZARD_STEPS)[number];

/** The locales of an event: its own and its translations. */
export function localesOfEvent(event: Pick<DashboardEvent, 'locale' | 'translations'>): string[] {
  return [event.locale, ...event.translations.filter((locale) => locale !== event.locale)];
}

/** Spec 001 §2.5 'Go To': the event already has the locale. */
export function eventHasLocale(event: Pick<DashboardEvent, 'locale' | 'translations'>, locale: string): boolean {
  return localesOfEvent(event).includes(locale);
}

const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? locale;

/**
 * Spec 001 §5 event locale list: the user's locales without the languages the event already has (a language counts
 * with any region: `de` is had when the event has `de-AT`), limited to the locales allowed for the event's first space.
 */
export function eventLocaleChoices(event: Pick<DashboardEvent, 'locale' | 'translations' | 'spaces'>, userLocales: readonly string[], spaceLocales?: SpaceLocales): string[] {
  const had = new Set(localesOfEvent(event).map(languageOf));
  return userLocales.filter((locale) => !had.has(languageOf(locale)) && spaceAllowsLocale(spaceLocales, event.spaces[0], locale));
}

/** The event-profile stencil's status option for an event's status; spec 001 §9: Confirmed when there is none to map. */
export function eventProfileStatusOf(status: DashboardEvent['status'] | null | undefined): 'confirmed' | 'cancelled' | 'postponed' {
  if (status === 'Cancelled') return 'cancelled';
  if (status === 'Postponed') return 'postponed';
  return DEFAULT_EVENT_PROFILE_STATUS;
}

/** Spec 001 §9: an event's time zone, UTC when it has none. */
export function eventTimeZoneOf(event: Pick<DashboardEvent, 'startDate'>): string {
  const zone = event.startDate.targetTimezone;
  return typeof zone === 'string' && zone.trim() !== '' ? zone : DEFAULT_EVENT_TIMEZONE;
}

/** A URI title proposed from a title (spec 002 §5 pattern `^[a-z0-9]+(-[a-z0-9]+)*$`, at most 100 characters). */
export function uriTitleFromTitle(title: string): string {
  const plain = title
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '');
  return plain.slice(0, 100).replaceAll(/-+$/g, '');
}
