import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRecordInputSchema, eventsResponseSchema, type EventsResponse } from '@editor/domain';
import { DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { planDemoEvents, seedDemoEventsIfEmpty } from '../../demo/demoEvents.ts';
import { insertEventRows, type EventRow } from './repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const titles = (response: EventsResponse) => response.data.map((event) => event.title);
const NOW = Date.parse('2026-06-15T12:00:00.000Z');

/** An event starting `startDays` from now and lasting `days`; the rest as given. */
function buildEvent(input: { title: string; startDays: number; days?: number } & Partial<EventRow>): EventRow {
  const { title, startDays, days = 1, ...rest } = input;
  const start = new Date(NOW + startDays * DAY);
  return {
    id: crypto.randomUUID(),
    title,
    description: `${title}, the description.`,
    source: 'CREPO',
    mepp_ref: null,
    rbu_ref: null,
    locale: 'en',
    locales: ',en,de,',
    tags: '["cliff-diving"]',
    spaces: ',rbcom,',
    start_utc: start.toISOString(),
    end_utc: new Date(start.getTime() + days * DAY).toISOString(),
    time_zone: 'Europe/Vienna',
    country_code: 'AT',
    country_name: 'Austria',
    city: 'Salzburg',
    latitude: 47.8,
    longitude: 13.05,
    series: 'Cliff Diving World Series',
    hosted_by_product: 1,
    status: 'Confirmed',
    image_url: null,
    search_text: `${title} salzburg austria`.toLowerCase(),
    created_at: new Date(NOW).toISOString(),
    external_id: null,
    ...rest,
  };
}

describe.each(DIALECTS)('events (%s)', (dialect) => {
  let t: TestApp;
  const get = async (url: string, user: TestUser = EDITOR): Promise<EventsResponse> => {
    const response = await t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
    expect(response.statusCode, response.body).toBe(200);
    return eventsResponseSchema.strict().parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => NOW });
    await insertEventRows(t.database.db, [
      buildEvent({ title: 'Running now', startDays: -1, days: 3 }),
      buildEvent({ title: 'Next week', startDays: 7 }),
      buildEvent({ title: 'In a month', startDays: 30, locales: ',en,', city: 'Zürich' , search_text: 'in a month zürich switzerland' }),
      buildEvent({ title: 'In 70 days', startDays: 70 }),
      buildEvent({ title: 'Not hosted', startDays: 10, hosted_by_product: 0 }),
      buildEvent({ title: 'Hub only', startDays: 5, spaces: ',illume,' }),
      buildEvent({ title: 'Ended 50 days ago', startDays: -51 }),
      buildEvent({ title: 'Ended 80 days ago', startDays: -81 }),
      buildEvent({ title: 'Ended 101 days ago', startDays: -102 }),
      buildEvent({ title: '100% Fun Run', startDays: 14 }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists upcoming and running events hosted by the organisation, soonest first, with their total (spec 001 §7, §9)', async () => {
    const upcoming = await get('/api/v1/events');
    expect(titles(upcoming)).toEqual(['Running now', 'Next week', '100% Fun Run', 'In a month', 'In 70 days']);
    expect(upcoming.meta.totalCount).toBe(5);
    expect(upcoming.data[1]).toMatchObject({
      source: 'CREPO',
      locale: 'en',
      translations: ['de'],
      spaces: ['rbcom'],
      startDate: { dateTimeUTC: '2026-06-22T12:00:00.000Z', targetTimezone: 'Europe/Vienna' },
      location: { countryCode: 'AT', countryName: 'Austria', city: 'Salzburg' },
      hostedByProduct: true,
      status: 'Confirmed',
    });
    expect(titles(await get('/api/v1/events?onlyHostedByProduct=false'))).toContain('Not hosted');
  });

  it('pages by page[number] and page[size] without duplicates or gaps', async () => {
    const first = await get('/api/v1/events?page[size]=2&page[number]=1');
    const second = await get('/api/v1/events?page%5Bsize%5D=2&page%5Bnumber%5D=2');
    const third = await get('/api/v1/events?page[size]=2&page[number]=3');
    expect([...titles(first), ...titles(second), ...titles(third)]).toEqual(titles(await get('/api/v1/events')));
    expect(third.meta.totalCount).toBe(5);
    expect(titles(await get('/api/v1/events/initial?page[size]=1'))).toEqual(['Running now']);
  });

  it('searches case-insensitively, taking % literally, and filters by locales', async () => {
    expect(titles(await get('/api/v1/events?searchTerm=NEXT'))).toEqual(['Next week']);
    expect(titles(await get(`/api/v1/events?searchTerm=${encodeURIComponent('zürich')}`))).toEqual(['In a month']);
    expect(titles(await get(`/api/v1/events?searchTerm=${encodeURIComponent('100%')}`))).toEqual(['100% Fun Run']);
    expect(titles(await get(`/api/v1/events?searchTerm=${encodeURIComponent('%')}`))).toEqual(['100% Fun Run']);
    expect(titles(await get('/api/v1/events?locales=de'))).not.toContain('In a month');
    expect(titles(await get('/api/v1/events?locales=fr,ja'))).toEqual([]);
  });

  it('hides events that ended more than 100 days ago; past events come latest first (spec 001 §5)', async () => {
    const past = await get('/api/v1/events/past');
    expect(titles(past)).toEqual(['Ended 50 days ago', 'Ended 80 days ago']);
    expect(past.meta.totalCount).toBe(2);
    expect(titles(await get('/api/v1/events/past?searchTerm=101'))).toEqual([]);
  });

  it('lists maintainable events within 60 days in the future or the past (spec 001 §9)', async () => {
    expect(titles(await get('/api/v1/events/maintainable?cutOffRange=future&page[size]=10'))).toEqual(['Running now', 'Next week', '100% Fun Run', 'In a month']);
    expect(titles(await get('/api/v1/events/maintainable?cutOffRange=past'))).toEqual(['Ended 50 days ago']);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/events/maintainable?cutOffRange=soon', headers: await t.auth(EDITOR) });
    expect(response.statusCode).toBe(400);
  });

  it("lists only events of the user's spaces, and only to a signed-in user", async () => {
    expect(titles(await get('/api/v1/events', HUB))).toEqual(['Hub only']);
    expect(titles(await get('/api/v1/events'))).not.toContain('Hub only');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/events' })).statusCode).toBe(401);
  });
});

describe('demo events calendar', () => {
  it('plans about 60 sports and culture events around today, the same for the same seed', () => {
    const now = new Date(NOW);
    const events = planDemoEvents({ seed: 1, now });
    expect(events).toHaveLength(60);
    expect(planDemoEvents({ seed: 1, now })).toEqual(events);
    expect(events.some((event) => Date.parse(event.end) < NOW - 100 * DAY)).toBe(true);
    expect(events.filter((event) => Date.parse(event.start) > NOW).length).toBeGreaterThan(25);
    expect(new Set(events.map((event) => event.hostedByProduct))).toEqual(new Set([false, true]));
    expect(new Set(events.map((event) => event.externalId)).size).toBe(60);
    for (const event of events) expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start));
    for (const event of events) expect(eventRecordInputSchema.parse(event)).toEqual(event);
  });

  it.each(DIALECTS)('is seeded once into an empty store (%s)', async (dialect) => {
    const t = await startTestApp(dialect);
    try {
      const seed = { db: t.database.db, audit: t.app.auditLog, spaces: t.config.spaces };
      expect(await seedDemoEventsIfEmpty(seed)).toBe(60);
      expect(await seedDemoEventsIfEmpty(seed)).toBe(0);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/events?onlyHostedByProduct=false&page[size]=100', headers: await t.auth(EDITOR) });
      expect(eventsResponseSchema.parse(response.json()).meta.totalCount).toBeGreaterThan(20);
    } finally {
      await t.close();
    }
  });
});
