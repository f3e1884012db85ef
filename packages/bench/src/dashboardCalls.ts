import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultTrendingTypes } from '@editor/domain';
import type { DB } from '@editor/server/src/db/schema.ts';
import { planDemoEvents } from '@editor/server/src/demo/demoEvents.ts';
import { createRandom } from '@editor/server/src/demo/random.ts';
import { insertEventRows } from '@editor/server/src/modules/events/repository.ts';
import { rowOf } from '@editor/server/src/modules/reference-data/eventRecordsService.ts';
import { startBenchServer } from './benchServer.ts';
import { seedListData } from './listSeed.ts';
import { measure, type Measurement } from './measure.ts';

const SPACES = ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'];
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US'];
const DAY = 86_400_000;
/** The bench user's id (the token's subject). */
const BENCH_USER = 'bench';

/** A dashboard call: GET, or POST with a JSON body. */
interface DashboardCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

export interface DashboardFigures {
  seedSeconds: number;
  calls: Array<{ name: string; measurement: Measurement }>;
  /** The dashboard's first load: its five widgets' calls sent at once, again and again; each call, then the slowest. */
  firstLoads: Array<{ name: string; measurement: Measurement }>;
  /** How many first loads were measured. */
  loads: number;
}

/** The value below which `share` of the sorted times lie (nearest rank), to 0.1 ms. */
function percentile(sorted: readonly number[], share: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
  return Math.round(value * 10) / 10;
}

function summarise(times: number[], failures: number, seconds: number): Measurement {
  const sorted = times.toSorted((a, b) => a - b);
  return { requestsPerSecond: Math.round(times.length / seconds), p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), errors: 0, non2xx: failures };
}

/**
 * The dashboard opened again and again for `seconds` (after a second of warm-up): the calls of its five widgets sent
 * at once, the next load when all have answered. Each call's time, and each load's slowest call.
 */
async function measureFirstLoads(input: { url: string; headers: Record<string, string>; calls: readonly DashboardCall[]; seconds: number }) {
  const times = input.calls.map(() => [] as number[]);
  const slowest: number[] = [];
  let failures = 0;
  const send = async (call: DashboardCall) => {
    const started = performance.now();
    const response = await fetch(`${input.url}${call.path}`, {
      method: call.method,
      headers: { ...input.headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.ok };
  };
  for (const [seconds, counted] of [[1, false], [input.seconds, true]] as const) {
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const answers = await Promise.all(input.calls.map(send));
      if (!counted) continue;
      answers.forEach((answer, index) => {
        times[index]?.push(answer.ms);
        if (!answer.ok) failures += 1;
      });
      slowest.push(Math.max(...answers.map((answer) => answer.ms)));
    }
  }
  return {
    loads: slowest.length,
    figures: [
      ...input.calls.map((call, index) => ({ name: `first load: ${call.name}`, measurement: summarise(times[index] ?? [], 0, input.seconds) })),
      { name: 'first load: slowest of the five', measurement: summarise(slowest, failures, input.seconds) },
    ],
  };
}

/**
 * The activity a dashboard reads, on top of the list seed: about a hundred publishes a day over the last month (each
 * with a few edits), bookmarks of the bench user and others, scheduled publishes and unpublishes, and an events
 * store of 2,000 events around today.
 */
export async function seedDashboardActivity(db: Kysely<DB>, now: number): Promise<{ disciplineId: string; assetId: string }> {
  const random = createRandom(7);
  const published = await db.selectFrom('asset_localization').select(['asset_id', 'locale']).where('status', '=', 'published').where('stencil', '!=', 'discipline').orderBy('asset_id').limit(40_000).execute();
  const recent = random.sample(published, 3_000);
  for (let start = 0; start < recent.length; start += 200) {
    const slice = recent.slice(start, start + 200);
    await db.transaction().execute(async (trx) => {
      for (const version of slice) {
        const at = new Date(now - random.next() * 30 * DAY).toISOString();
        await trx.updateTable('asset_localization').set({ last_published_at: at, updated_at: at }).where('asset_id', '=', version.asset_id).where('locale', '=', version.locale).execute();
      }
      const edits = slice.flatMap((version) =>
        Array.from({ length: random.int(0, 4) }, (_, index) => ({
          asset_id: version.asset_id, locale: version.locale, version: 100 + index, action: 'save', user_id: 'bench-editor', user_name: 'Emma Editor',
          at: new Date(now - random.next() * 30 * DAY).toISOString(), changed_properties: '[]', content: '{}', if_match: null,
        })),
      );
      if (edits.length > 0) await trx.insertInto('asset_history').values(edits).execute();
      const bookmarks = slice.filter(() => random.chance(0.3)).map((version) => ({ user_id: random.chance(0.2) ? BENCH_USER : `reader-${random.int(1, 50)}`, asset_id: version.asset_id, locale: version.locale, created_at: new Date(now - random.next() * 30 * DAY).toISOString() }));
      if (bookmarks.length > 0) await trx.insertInto('bookmark').values(bookmarks).onConflict((oc) => oc.doNothing()).execute();
      const transitions = slice.filter(() => random.chance(0.5)).map((version) => ({
        id: crypto.randomUUID(), asset_id: version.asset_id, locale: version.locale, transition_to: random.chance(0.5) ? ('PUBLISHED' as const) : ('UNPUBLISHED' as const),
        status: 'SCHEDULED' as const, due_at: new Date(now + random.next() * 60 * DAY).toISOString(), executed_at: null, message: null, user_name: 'Emma Editor', user_id: null,
        created_at: new Date(now).toISOString(),
      }));
      if (transitions.length > 0) await trx.insertInto('transition').values(transitions).execute();
    });
  }
  const createdAt = new Date(now).toISOString();
  await insertEventRows(db, planDemoEvents({ seed: 3, now: new Date(now), count: 2_000 }).map((event) => rowOf(event, { id: crypto.randomUUID(), createdAt })));
  const discipline = await db.selectFrom('asset_reference').select((eb) => ['target_id', eb.fn.countAll<number>().as('n')]).where('input', '=', 'disciplines').groupBy('target_id').orderBy('n', 'desc').executeTakeFirstOrThrow();
  const first = recent[0];
  if (!first) throw new Error('the list seed has no published versions');
  return { disciplineId: discipline.target_id, assetId: first.asset_id };
}

/** Title words of the suggestion bench's tags: sports, places and things, as a tag archive names them. */
const TAG_WORDS = (
  'cliff diving mountain bike formula one snowboard surfing breaking esports skateboarding climbing kayak freeride motocross rally downhill slopestyle ' +
  'halfpipe enduro trial bmx parkour paragliding wingsuit base jumping ice cross sailing windsurfing kitesurfing wakeboarding skiing biathlon running ' +
  'marathon triathlon cycling gravel road track football basketball volleyball tennis golf boxing wrestling judo karate fencing rowing canoe swimming ' +
  'world cup championship series tour final qualifier season rookie legend record academy festival music dance art film photography culture gaming ' +
  'mostar kitzbuehel cape town red rocks monaco hawaii tokyo lisbon oslo zermatt whistler utah sahara bali nazare chamonix salzburg zurich hamburg ' +
  'barcelona dubai seoul london paris madrid rome vienna munich berlin sydney auckland queenstown vancouver denver chicago miami mexico lima'
).split(' ');

/** 3,000 tags in rbcom with one to three title words, a third with a German version whose title has one word more. */
export async function seedSuggestionTags(db: Kysely<DB>): Promise<number> {
  const random = createRandom(11);
  const at = new Date().toISOString();
  const titles = new Set<string>();
  while (titles.size < 3_000) titles.add(random.sample(TAG_WORDS, random.int(1, 3)).join(' '));
  const rows = [...titles].map((title) => ({ id: crypto.randomUUID(), title, alias: random.chance(1 / 3) ? `${random.pick(TAG_WORDS)} ${title}` : undefined }));
  for (let start = 0; start < rows.length; start += 300) {
    const slice = rows.slice(start, start + 300);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('asset').values(slice.map((row) => ({ id: row.id, stencil: 'tag', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Bench' }))).execute();
      await trx.insertInto('asset_space').values(slice.map((row) => ({ asset_id: row.id, space: 'rbcom' }))).execute();
      const versions = slice.flatMap((row) => [{ locale: 'en', title: row.title, row }, ...(row.alias ? [{ locale: 'de', title: row.alias, row }] : [])]);
      await trx
        .insertInto('asset_localization')
        .values(
          versions.map(({ locale, title, row }) => ({
            asset_id: row.id, locale, stencil: 'tag', status: 'published', title, content: JSON.stringify({ title: { value: title } }), meta: '{}', changed_properties: '[]',
            published_content: null, version: 1, created_at: at, created_by: 'Bench', updated_at: at, updated_by: 'Bench', first_published_at: at, last_published_at: at,
            last_shipped_at: null, publish_start: null, publish_end: null, search_text: title,
          })),
        )
        .execute();
    });
  }
  return rows.length;
}

/** An article of about 400 words drawn from the tag words and fillers. */
function articleText(seed: number): string {
  const random = createRandom(seed);
  const fillers = 'the riders came back after a long day and the crowd watched as they went for it again with more speed than before'.split(' ');
  return Array.from({ length: 400 }, () => (random.chance(0.3) ? random.pick(TAG_WORDS) : random.pick(fillers))).join(' ');
}

/**
 * Every dashboard call on `versions` asset versions (the list seed plus a month of activity), one at a time (and
 * trending once more with a feed no call asked before, so that its ranking is computed on every call), the tag
 * suggestions on 3,000 tags with a different article per request, then the dashboard's first load: its five widgets'
 * calls at once (`measureFirstLoads`).
 */
export async function benchmarkDashboardCalls(input: { databaseUrl?: string | undefined; versions: number; seconds: number; connections: number }): Promise<DashboardFigures> {
  let seedSeconds = 0;
  let seeded: { disciplineId: string; assetId: string } | undefined;
  const started = performance.now();
  const server = await startBenchServer({
    databaseUrl: input.databaseUrl,
    prepare: async (db, dialect) => {
      await seedListData(db, dialect, input.versions);
      seeded = await seedDashboardActivity(db, Date.now());
      await seedSuggestionTags(db);
      seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    },
  });
  try {
    if (!seeded) throw new Error('the dashboard seed did not run');
    const authorization = await server.authorization({ roles: ['content-manager'], spaces: SPACES, localizations: LOCALES });
    const headers = { authorization };
    const calls: DashboardCall[] = [
      { name: 'trending, default feed', method: 'POST', path: '/api/v1/panels/trending-content?mediaContentFilter=lastPublished', body: {} },
      { name: 'trending, discipline + 2 locales', method: 'POST', path: '/api/v1/panels/trending-content?mediaContentFilter=lastPublished', body: { assetTypes: ['story', 'video'], disciplines: [seeded.disciplineId], locales: ['en', 'de'] } },
      { name: 'athletes, new, page 1', method: 'POST', path: '/api/v1/panels/athletes?assetStatus=draft&limit=10&offset=0', body: { locales: ['en', 'de'] } },
      { name: 'athletes, existing, page 5', method: 'POST', path: '/api/v1/panels/athletes?assetStatus=published&limit=10&offset=40', body: { locales: ['en', 'de'] } },
      { name: 'schedule, page 1', method: 'POST', path: '/api/v1/panels/schedules', body: { limit: 10, offset: 0 } },
      { name: 'schedule, page 10', method: 'POST', path: '/api/v1/panels/schedules', body: { limit: 10, offset: 90 } },
      { name: 'recents, edited', method: 'GET', path: `/api/v1/assets?author=${encodeURIComponent('Emma Editor')}&limit=10` },
      { name: 'recents, favorites', method: 'GET', path: '/api/v1/assets?bookmarked=true&limit=10' },
      { name: 'events', method: 'GET', path: '/api/v1/events?page[number]=1&page[size]=10&locales=en' },
      { name: 'events, search', method: 'GET', path: '/api/v1/events/past?page[number]=1&page[size]=10&searchTerm=diving' },
      { name: 'events, initial', method: 'GET', path: '/api/v1/events/initial?page[size]=10' },
      { name: 'events, maintainable', method: 'GET', path: '/api/v1/events/maintainable?cutOffRange=future&page[size]=10' },
      { name: 'links', method: 'GET', path: `/api/crepo/url-composer/v1/resources/${seeded.assetId}/links` },
    ];
    const figures: DashboardFigures['calls'] = [];
    for (const call of calls) {
      const body = call.body ? JSON.stringify(call.body) : undefined;
      const measurement = await measure({
        url: `${server.url}${call.path}`,
        headers,
        seconds: input.seconds,
        connections: input.connections,
        ...(call.method === 'POST' ? { nextRequest: () => ({ method: 'POST' as const, path: call.path, ...(body ? { body } : {}) }) } : {}),
      });
      figures.push({ name: call.name, measurement });
    }
    let feed = 0;
    // A stencil no asset has, different on each call: every call misses the kept rankings (at most 500) and ranks again.
    const unkept = await measure({
      url: `${server.url}/api/v1/panels/trending-content`,
      headers,
      seconds: input.seconds,
      connections: input.connections,
      nextRequest: () => ({
        method: 'POST',
        path: '/api/v1/panels/trending-content?mediaContentFilter=lastPublished',
        body: JSON.stringify({ assetTypes: [...defaultTrendingTypes(SPACES), `bench-unused-${(feed = (feed + 1) % 1_000)}`] }),
      }),
    });
    figures.push({ name: 'trending, ranking computed on every call', measurement: unkept });
    let article = 0;
    const suggestions = await measure({
      url: `${server.url}/api/v1/suggestions/tags/tags`,
      headers,
      seconds: input.seconds,
      connections: input.connections,
      nextRequest: () => ({ method: 'POST', path: '/api/v1/suggestions/tags/tags', body: JSON.stringify({ space: 'rbcom', suggestionAmount: 3, textualContent: articleText((article = (article + 1) % 100)) }) }),
    });
    figures.push({ name: 'tag suggestions, 3,000 tags', measurement: suggestions });
    // Latest Media Content, Athletes, Recents (Recently Edited), Schedule and Event Opportunities (spec 001 §2.2).
    const widgets = ['trending, default feed', 'athletes, new, page 1', 'recents, edited', 'schedule, page 1', 'events'].map((name) => calls.find((call) => call.name === name) as DashboardCall);
    const firstLoads = await measureFirstLoads({ url: server.url, headers, calls: widgets, seconds: input.seconds });
    return { seedSeconds, calls: figures, firstLoads: firstLoads.figures, loads: firstLoads.loads };
  } finally {
    await server.close();
  }
}
