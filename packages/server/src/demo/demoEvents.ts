import type { Kysely } from 'kysely';
import type { EventRecordInput } from '@editor/domain';
import type { DB } from '../db/schema.ts';
import type { AuditLog } from '../modules/audit/auditLog.ts';
import { countEvents } from '../modules/events/repository.ts';
import { createEventRecordsService } from '../modules/reference-data/eventRecordsService.ts';
import { DEMO_SEED_EDITOR } from '../modules/reference-data/recordWriter.ts';
import { createRandom } from './random.ts';

/** A place an event happens: city, country, its time zone and coordinates. */
interface Venue {
  city: string;
  countryCode: string;
  countryName: string;
  timeZone: string;
  lat: number;
  lng: number;
}

const VENUES: readonly Venue[] = [
  { city: 'Salzburg', countryCode: 'AT', countryName: 'Austria', timeZone: 'Europe/Vienna', lat: 47.8095, lng: 13.055 },
  { city: 'Kitzbühel', countryCode: 'AT', countryName: 'Austria', timeZone: 'Europe/Vienna', lat: 47.4464, lng: 12.3922 },
  { city: 'Zürich', countryCode: 'CH', countryName: 'Switzerland', timeZone: 'Europe/Zurich', lat: 47.3769, lng: 8.5417 },
  { city: 'Hamburg', countryCode: 'DE', countryName: 'Germany', timeZone: 'Europe/Berlin', lat: 53.5511, lng: 9.9937 },
  { city: 'Lisbon', countryCode: 'PT', countryName: 'Portugal', timeZone: 'Europe/Lisbon', lat: 38.7223, lng: -9.1393 },
  { city: 'Cape Town', countryCode: 'ZA', countryName: 'South Africa', timeZone: 'Africa/Johannesburg', lat: -33.9249, lng: 18.4241 },
  { city: 'Tokyo', countryCode: 'JP', countryName: 'Japan', timeZone: 'Asia/Tokyo', lat: 35.6762, lng: 139.6503 },
  { city: 'Los Angeles', countryCode: 'US', countryName: 'United States', timeZone: 'America/Los_Angeles', lat: 34.0522, lng: -118.2437 },
  { city: 'Rio de Janeiro', countryCode: 'BR', countryName: 'Brazil', timeZone: 'America/Sao_Paulo', lat: -22.9068, lng: -43.1729 },
  { city: 'Queenstown', countryCode: 'NZ', countryName: 'New Zealand', timeZone: 'Pacific/Auckland', lat: -45.0312, lng: 168.6626 },
  { city: 'Whistler', countryCode: 'CA', countryName: 'Canada', timeZone: 'America/Vancouver', lat: 50.1163, lng: -122.9574 },
  { city: 'Barcelona', countryCode: 'ES', countryName: 'Spain', timeZone: 'Europe/Madrid', lat: 41.3874, lng: 2.1686 },
  { city: 'Dubai', countryCode: 'AE', countryName: 'United Arab Emirates', timeZone: 'Asia/Dubai', lat: 25.2048, lng: 55.2708 },
  { city: 'Seoul', countryCode: 'KR', countryName: 'South Korea', timeZone: 'Asia/Seoul', lat: 37.5665, lng: 126.978 },
  { city: 'London', countryCode: 'GB', countryName: 'United Kingdom', timeZone: 'Europe/London', lat: 51.5072, lng: -0.1276 },
];

/** An event series: its name, its disciplines as tags, whether the organisation hosts it, and how long an edition runs. */
interface Series {
  name: string;
  tags: readonly string[];
  isHosted: boolean;
  days: number;
  description: string;
}

const SERIES: readonly Series[] = [
  { name: 'Cliff Diving World Series', tags: ['cliff-diving'], isHosted: true, days: 2, description: 'Divers launch from platforms up to 27 metres above the water.' },
  { name: 'Crashed Ice', tags: ['ice-cross'], isHosted: true, days: 2, description: 'Skaters race down a steep ice track through a city.' },
  { name: 'Air Race', tags: ['air-racing'], isHosted: true, days: 3, description: 'Pilots fly a low-level slalom through inflatable pylons.' },
  { name: 'Rampage', tags: ['mountain-bike', 'freeride'], isHosted: true, days: 1, description: 'Freeride mountain bikers take on a desert mountainside.' },
  { name: 'BC One', tags: ['breaking', 'dance'], isHosted: true, days: 2, description: 'One-on-one breaking battles between the best b-boys and b-girls.' },
  { name: 'Music Academy', tags: ['music', 'culture'], isHosted: true, days: 5, description: 'Workshops, lectures and club nights for emerging musicians.' },
  { name: 'Dolomitenmann', tags: ['relay', 'mountain-running'], isHosted: true, days: 1, description: 'A team relay of mountain running, paragliding, mountain biking and kayaking.' },
  { name: 'Surf World Tour', tags: ['surfing'], isHosted: false, days: 7, description: 'A stop of the world championship surf tour.' },
  { name: 'Freeride World Tour', tags: ['skiing', 'snowboarding'], isHosted: false, days: 3, description: 'Big-mountain skiers and snowboarders pick their lines down a face.' },
  { name: 'Film Festival Nights', tags: ['film', 'culture'], isHosted: false, days: 4, description: 'Screenings of outdoor and adventure films with the film makers.' },
  { name: 'Street Art Week', tags: ['art', 'culture'], isHosted: false, days: 6, description: 'Murals painted live across a neighbourhood, with guided walks.' },
  { name: 'Skateboarding Street League', tags: ['skateboarding'], isHosted: false, days: 2, description: 'Street skateboarding finals on a purpose-built course.' },
];

const STATUSES: ReadonlyArray<readonly [EventRecordInput['status'], number]> = [['Confirmed', 8], ['Tentative', 2], ['Postponed', 1], ['Cancelled', 1]];
const TRANSLATIONS = ['de', 'fr', 'es', 'it', 'ja', 'pt-BR'];
const SOURCES = ['CREPO', 'MEPP', 'RBU'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo calendar's size: about 60 events. */
export const DEMO_EVENT_COUNT = 60;

/**
 * Spec 001 §3 Event: a demo calendar of sports and culture events from about five months ago to six months ahead
 * (some ended more than 100 days ago, which the event calls hide). The same seed and day give the same calendar.
 */
export function planDemoEvents(input: { seed: number; now: Date; count?: number }): EventRecordInput[] {
  const random = createRandom(input.seed * 7919 + 24);
  const count = input.count ?? DEMO_EVENT_COUNT;
  const today = Date.UTC(input.now.getUTCFullYear(), input.now.getUTCMonth(), input.now.getUTCDate());
  return Array.from({ length: count }, (_, index) => {
    const series = SERIES[index % SERIES.length] as Series;
    const venue = random.pick(VENUES);
    // Spread evenly from 150 days ago to 180 days ahead, with a little jitter.
    const offsetDays = Math.round(-150 + (330 * index) / count) + random.int(-3, 3);
    const start = new Date(today + offsetDays * DAY_MS + random.int(8, 18) * 60 * 60 * 1000);
    const end = new Date(start.getTime() + series.days * DAY_MS - 2 * 60 * 60 * 1000);
    const year = start.getUTCFullYear();
    const title = `${series.name} ${venue.city} ${year}`;
    const source = random.pick(SOURCES);
    const locales = ['en', ...random.sample(TRANSLATIONS, random.int(0, 3))];
    const spaces = random.chance(0.75) ? ['rbcom', 'rbtv'] : random.pick([['rbcom'], ['rbtv'], ['global']]);
    // Drawn even though the events store makes its own ids, so that each seed keeps the calendar it always had.
    const externalId = `demo-${random.uuid()}`;
    return {
      externalId,
      title,
      description: `${series.description} ${venue.city}, ${venue.countryName}.`,
      source,
      meppRef: source === 'MEPP' ? `MEPP-${100_000 + index}` : null,
      rbuRef: source === 'RBU' ? `RBU-${200_000 + index}` : null,
      locale: 'en',
      translations: locales.filter((locale) => locale !== 'en'),
      tags: [...series.tags],
      spaces: spaces.toSorted(),
      start: start.toISOString(),
      end: end.toISOString(),
      timeZone: venue.timeZone,
      location: { countryCode: venue.countryCode, countryName: venue.countryName, city: venue.city, lat: venue.lat, lng: venue.lng },
      series: series.name,
      hostedByProduct: series.isHosted,
      status: random.weighted(STATUSES),
      featuredImageUrl: null,
    };
  });
}

/**
 * Seeds the demo calendar when the events store is empty (the first start), through the upsert by external id that
 * imports and service accounts use; answers how many events were written.
 */
export async function seedDemoEventsIfEmpty(options: { db: Kysely<DB>; audit: AuditLog; spaces: readonly string[]; seed?: number; now?: Date }): Promise<number> {
  if ((await countEvents(options.db)) > 0) return 0;
  const events = createEventRecordsService({ db: options.db, audit: options.audit, spaces: options.spaces });
  let written = 0;
  // Two instances starting at once write the same external ids: the second finds each one there, unchanged.
  for (const event of planDemoEvents({ seed: options.seed ?? 1, now: options.now ?? new Date() })) {
    if ((await events.upsert(DEMO_SEED_EDITOR, event)).outcome === 'created') written += 1;
  }
  return written;
}
