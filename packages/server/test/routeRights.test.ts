import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveryKey } from '../src/modules/delivery/deliveryFactories.ts';
import { createMediaArchive } from '../src/modules/media-archive/archiveStore.ts';
import { buildMediaItem } from '../src/modules/media-archive/testFactories.ts';
import { createImageStore } from '../src/modules/media/imageStore.ts';
import { STENCILS_DIR, loadStencils } from '../src/modules/stencils/loadStencils.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from './fakeChatCompletions.ts';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from './harness.ts';
import { NO_ROLES, ANONYMOUS, CALLERS, REFUSALS, SUCCESSES, UNWATCHED_TABLES, METRICS_TOKEN, type World, type Call, type SignedInRight, type PublicRight, type RouteRight, VALID_STORY, version, ROUTE_RIGHTS, demoUser } from './routeRightsTable.ts';

/**
 * Every registered route, called by every demo user, by a valid token with no roles and without a token. The table
 * (routeRightsTable.ts) names who may call each route, by the domain's rules; whoever may not is answered 401, 403 or 404 (never 2xx,
 * never 5xx) and nothing is stored; whoever may gets a 2xx answer. A route the table does not name fails the test:
 * a new route must declare who may call it.
 */

function callerOf(name: string, world: World): TestUser | undefined {
  if (name === ANONYMOUS) return undefined;
  if (name === NO_ROLES) return { sub: 'no-roles', name: 'Nora Nobody', rights: { roles: [], spaces: [], localizations: [] } };
  return demoUser(name, world);
}

/**
 * The tables of the test's own database. Read from the catalogue of its own schema only: other tests drop theirs
 * while this one runs, and a look at every schema (Kysely's introspection) then fails.
 */
async function tablesOf(t: TestApp): Promise<string[]> {
  const { db, dialect } = t.database;
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : // SQLite's virtual tables (full-text search) are read through their shadow tables, which are plain ones.
        await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL TABLE%'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !UNWATCHED_TABLES.has(name)).toSorted();
}

/** Every stored row outside the unwatched tables, in a form two snapshots compare by. */
async function snapshot(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const name of await tablesOf(t)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.database.db);
    parts.push(`${name}\n${rows.map((row) => JSON.stringify(row)).toSorted().join('\n')}`);
  }
  return parts.join('\n\n');
}

/** The rows one snapshot has and the other has not, for a failure message a person can read. */
function changedRows(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  return [...[...now].filter((line) => !old.has(line)).map((line) => `+ ${line}`), ...[...old].filter((line) => !now.has(line)).map((line) => `- ${line}`)].slice(0, 20);
}

const casesOf = (key: string): RouteRight[] => [ROUTE_RIGHTS[key] ?? []].flat();
const signedInCases = Object.keys(ROUTE_RIGHTS).flatMap((key) =>
  casesOf(key).flatMap((right, index) => ('public' in right ? [] : CALLERS.map((caller) => [key, right.name ? ` (${right.name})` : '', caller, index] as const))),
);
const publicCases = Object.keys(ROUTE_RIGHTS).filter((key) => casesOf(key).some((right) => 'public' in right));

describe.each(DIALECTS)('who may call each route (%s)', (dialect) => {
  let world: World;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: 'sk-test' });
    const t = await startTestApp(dialect, { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-test', METRICS_TOKEN });
    const stencils = new Map(loadStencils(STENCILS_DIR).map((stencil) => [stencil.name, stencil]));
    const headers = new Map<string, { authorization: string }>();
    const authOf = async (user: TestUser) => {
      const key = JSON.stringify(user);
      const known = headers.get(key) ?? (await t.auth(user));
      headers.set(key, known);
      return known;
    };
    const builder: TestUser = {
      sub: 'route-rights-builder',
      name: 'Bea Builder',
      rights: {
        roles: ['admin', 'content-manager', 'translator', 'rbtv-content-creator', 'content-hub-manager', 'taxonomy-manager', 'all-localizations', 'embargo-date-manager'],
        spaces: t.config.spaces,
        localizations: t.config.localizations,
      },
    };
    const build = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await t.app.inject({ method, url, headers: await authOf(builder), payload });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    const saved = await createImageStore({ dataDir: t.config.dataDir }).saveImage(
      await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f7d4f' } }).jpeg().toBuffer(),
      { filename: 'rjukan-ice.jpg' },
    );
    const hero = { provider: 'cloudinary', referenceId: saved.referenceId, width: saved.width, height: saved.height, imageFormat: saved.imageFormat };
    const newStory = async (options: { published?: boolean } = {}) => {
      const created = await build('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { ...VALID_STORY, 'hero-image': { value: hero } } });
      const id = created.json<{ id: string }>().id;
      await build('POST', version(id, 'de'), { reference: 'en' });
      if (options.published) await build('POST', `${version(id)}/publish`, { publishSchedule: {} });
      return id;
    };
    const story = await newStory();
    const eventProfile = (await build('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=event-profile', { content: { title: { value: 'Harbour Sound Sessions' } } })).json<{ id: string }>().id;
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir, storage: t.config.storage });
    const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-rights-'));
    const video = await buildMediaItem(archive, { dir: archiveDir, contentType: 'video', title: 'Ice climbing in Rjukan' });
    const marker = (await build('POST', `/api/v1/media/preview-clip-markers/assets/${video}/markers`, { inpoint: 0, outpoint: 2000 })).json<{ id: string }>().id;
    const tagParent = crypto.randomUUID();
    await t.database.db
      .insertInto('tag_resource')
      .values({ id: tagParent, origin: 'meppconnect', foreign_id: '123456', title: 'Running projects', label: 'Running projects', uri_slug: null, sub_type: null, status: 'published', author: 'Taxonomy', created_at: new Date().toISOString(), broader_tag_id: null })
      .execute();
    const previewToken = (await build('POST', `${version(story)}/preview`, { content: VALID_STORY })).json<{ token: string }>().token;
    const { secret: deliverySecret } = await insertDeliveryKey(t.database.db, { spaces: ['rbcom'], locales: ['en', 'de'] });
    world = { t, stencil: (name) => stencils.get(name) ?? expect.fail(`no stencil ${name}`), builder, story, heroImage: saved.referenceId, eventProfile, video, marker, tagParent, previewToken, newStory, archive, archiveDir, authOf, deliverySecret };
  });
  afterAll(async () => {
    await world.t.close();
    await fake.close();
    fs.rmSync(world.archiveDir, { recursive: true, force: true });
  });

  /**
   * Each call comes from an address of its own: the walk makes hundreds of calls without a token within seconds, and
   * the limit on unauthenticated traffic per address (tested in unauthenticatedLimit.test.ts) would answer them 429.
   */
  let calls = 0;
  const nextAddress = () => {
    calls += 1;
    return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
  };
  const send = async (call: Call, caller: TestUser | undefined) =>
    world.t.app.inject({
      method: call.method,
      url: call.url,
      remoteAddress: nextAddress(),
      headers: { ...(caller ? await world.authOf(caller) : {}), ...call.headers },
      ...(call.payload === undefined ? {} : { payload: call.payload }),
    });

  it('knows who may call every registered route: a new route must declare who may call it', () => {
    const registered = [...new Set(world.t.app.routeTable.filter((route) => route.method !== 'head').map((route) => `${route.method.toUpperCase()} ${route.url}`))];
    expect(registered.filter((key) => !(key in ROUTE_RIGHTS)), 'routes without an entry in ROUTE_RIGHTS').toEqual([]);
    expect(Object.keys(ROUTE_RIGHTS).filter((key) => !registered.includes(key)), 'entries of routes that are gone').toEqual([]);
  });

  it.each(signedInCases)('%s%s as %s', async (key, _name, callerName, index) => {
    const right = casesOf(key)[index] as SignedInRight;
    const caller = callerOf(callerName, world);
    const may = caller !== undefined && right.may(caller.rights, world, caller.sub);
    const [method] = key.split(' ');
    const call = await right.call(world, caller);
    const watches = !may || method !== 'GET' || right.writes === true;
    const storesNothing = !may || (caller !== undefined && right.storesOnlyIf !== undefined && !right.storesOnlyIf(caller.rights, world, caller.sub));
    const before = watches ? await snapshot(world.t) : '';
    const expected = !may ? (caller === undefined ? [401] : REFUSALS) : right.answers ? [right.answers.status] : SUCCESSES;
    const response = await send(call, caller);
    expect(expected, `${key} as ${callerName} ${may ? 'may' : 'may not'}${right.answers ? ` (${right.answers.why})` : ''}: ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode);
    if (may && caller) right.verify?.(response, caller.rights, world);
    const after = storesNothing ? await snapshot(world.t) : before;
    expect(changedRows(before, after), `${key} as ${callerName} stored something`).toEqual([]);
  });

  it.each(publicCases)('%s answers without a token, and refuses the call without its own credential', async (key) => {
    const right = casesOf(key)[0] as PublicRight;
    const before = await snapshot(world.t);
    const response = await send(await right.call(world), undefined);
    const expected = right.answers ? [right.answers.status] : SUCCESSES;
    expect(expected, `${key}${right.answers ? ` (${right.answers.why})` : ''}: ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode);
    expect(right.stores ? [] : changedRows(before, await snapshot(world.t)), `${key} stored something`).toEqual([]);
    const unchanged = await snapshot(world.t);
    const forged = right.forged ? await send(await right.forged(world), undefined) : undefined;
    expect(forged === undefined || REFUSALS.includes(forged.statusCode), `${key} without its credential: ${forged?.statusCode ?? ''} ${forged?.body.slice(0, 300) ?? ''}`).toBe(true);
    expect(changedRows(unchanged, await snapshot(world.t)), `${key} without its credential stored something`).toEqual([]);
  });
});
