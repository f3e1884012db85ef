import type { Kysely } from 'kysely';
import { eventsVisibleSince, maintainableWindow, type CutOffRange, type EventsResponse } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../assets/types.ts';
import { listEvents, type EventScope } from './repository.ts';
import { presentEvent } from './presenter.ts';

interface Page {
  number: number;
  size: number;
}

interface EventSearch {
  locales?: string | undefined;
  searchTerm?: string | undefined;
  onlyHostedByProduct: boolean;
}

/** `en,de` → `['en', 'de']`; anything that is not a locale id is dropped (it could never match). */
function localesOf(value: string | undefined): string[] | undefined {
  const locales = value?.split(',').map((locale) => locale.trim()).filter((locale) => /^[A-Za-z0-9-]{2,20}$/.test(locale));
  return locales && locales.length > 0 ? locales : undefined;
}

function searchTermOf(value: string | undefined): string | undefined {
  const term = value?.trim().toLowerCase();
  return term ? term : undefined;
}

const searchScope = (actor: Actor, search: EventSearch) => ({
  spaces: actor.rights.spaces,
  locales: localesOf(search.locales),
  searchTerm: searchTermOf(search.searchTerm),
  onlyHostedByProduct: search.onlyHostedByProduct,
});

/**
 * Spec 001 §2.2, §5, §7, §9: the events of Event Opportunities and the event wizard, within the user's spaces; an
 * event that ended more than 100 days ago is never listed.
 */
export function createEventsService(options: { db: Kysely<DB>; now?: () => Date }) {
  const now = () => options.now?.() ?? new Date();

  async function page(scope: EventScope, at: Page): Promise<EventsResponse> {
    const { rows, totalCount } = await listEvents(options.db, scope, at);
    return { data: rows.map(presentEvent), meta: { totalCount } };
  }

  /** Upcoming and running events, soonest first. */
  async function upcoming(actor: Actor, search: EventSearch, at: Page): Promise<EventsResponse> {
    return page({ ...searchScope(actor, search), endsFrom: now().toISOString(), order: 'soonest' }, at);
  }

  /** Events that have ended, at most 100 days ago, the latest first. */
  async function past(actor: Actor, search: EventSearch, at: Page): Promise<EventsResponse> {
    const at_ = now();
    return page({ ...searchScope(actor, search), endsFrom: eventsVisibleSince(at_), endsBefore: at_.toISOString(), order: 'latest' }, at);
  }

  /** Events that run within the next 60 days (future) or ran within the last 60 (past). */
  async function maintainable(actor: Actor, input: { cutOffRange: CutOffRange; onlyHostedByProduct: boolean }, at: Page): Promise<EventsResponse> {
    const at_ = now();
    const window = maintainableWindow(input.cutOffRange, at_);
    const scope = { spaces: actor.rights.spaces, onlyHostedByProduct: input.onlyHostedByProduct };
    if (input.cutOffRange === 'future') return page({ ...scope, endsFrom: window.from, startsUntil: window.to, order: 'soonest' }, at);
    return page({ ...scope, endsFrom: window.from, endsBefore: window.to, order: 'latest' }, at);
  }

  return { upcoming, past, maintainable };
}

export type EventsService = ReturnType<typeof createEventsService>;
