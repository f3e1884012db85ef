import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkValueShape, mediaValueSchema, validateContent, countryOfLocale } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';
import { STENCILS_DIR, loadStencils } from '../modules/stencils/loadStencils.ts';
import { createStencilRegistry } from '../modules/stencils/stencilRegistry.ts';
import { seedDemoContentIfEmpty, type SeedSummary } from './seedDemoContent.ts';

const registry = createStencilRegistry(loadStencils(STENCILS_DIR));

interface Version {
  asset_id: string;
  locale: string;
  stencil: string;
  status: string;
  content: string;
  meta: string;
  version: number;
  publish_start: string | null;
  publish_end: string | null;
  error_count: number;
}

const valuesOf = (json: string) => Object.fromEntries(Object.entries(JSON.parse(json) as Record<string, { value: unknown }>).map(([name, input]) => [name, input.value]));

describe.each(DIALECTS)('demo content (%s)', (dialect) => {
  let t: TestApp;
  let summary: SeedSummary | undefined;
  let versions: Version[];
  let spaces: Map<string, string[]>;
  const now = new Date();
  const readableByEditor = (assetId: string) => (spaces.get(assetId) ?? []).some((space) => EDITOR.rights.spaces.includes(space));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    summary = await seedDemoContentIfEmpty({ db: t.database.db, dataDir: t.config.dataDir, registry, config: t.config, now });
    versions = await t.database.db
      .selectFrom('asset_localization')
      .select(['asset_id', 'locale', 'stencil', 'status', 'content', 'meta', 'version', 'publish_start', 'publish_end', 'error_count'])
      .execute();
    spaces = new Map();
    for (const row of await t.database.db.selectFrom('asset_space').selectAll().execute()) spaces.set(row.asset_id, [...(spaces.get(row.asset_id) ?? []), row.space]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds at least 600 versions in at least 6 locales, with en the most common', () => {
    expect(summary?.versions).toBe(versions.length);
    expect(versions.length).toBeGreaterThanOrEqual(600);
    const locales = new Map<string, number>();
    for (const row of versions) locales.set(row.locale, (locales.get(row.locale) ?? 0) + 1);
    expect(locales.size).toBeGreaterThanOrEqual(6);
    expect([...locales.entries()].toSorted(([, a], [, b]) => b - a)[0]?.[0]).toBe('en');
    // Many assets exist in several locales.
    const perAsset = new Map<string, number>();
    for (const row of versions) perAsset.set(row.asset_id, (perAsset.get(row.asset_id) ?? 0) + 1);
    expect([...perAsset.values()].filter((count) => count > 1).length).toBeGreaterThan(perAsset.size / 3);
  });

  it('covers every creatable stencil within its spaces, and every demo space', () => {
    const seeded = new Set(versions.map((row) => row.stencil));
    const creatable = registry.all().filter((stencil) => stencil.creatable && !stencil.featureFlag);
    expect(creatable.filter((stencil) => !seeded.has(stencil.name)).map((stencil) => stencil.name)).toEqual([]);
    for (const name of ['discipline', 'content-category', 'tag']) expect(seeded.has(name)).toBe(true);
    const outside = versions.filter((row) => (spaces.get(row.asset_id) ?? []).some((space) => !(registry.get(row.stencil)?.spaces ?? [space]).includes(space)));
    expect(outside).toEqual([]);
    expect(new Set([...spaces.values()].flat())).toEqual(new Set(t.config.spaces));
  });

  it('has every status, AI drafts and scheduled versions', () => {
    const statuses = new Set(versions.map((row) => row.status));
    expect(statuses).toEqual(new Set(['draft', 'published', 'unpublished']));
    const aiDrafts = versions.filter((row) => row.status === 'draft' && JSON.parse(row.meta).aiTranslationNeedsConfirmation === true);
    expect(aiDrafts.length).toBeGreaterThan(10);
    expect(JSON.parse(aiDrafts[0]?.meta ?? '{}').aiGeneratedProperties).toEqual(expect.arrayContaining(['title']));
    const future = now.toISOString();
    expect(versions.filter((row) => row.status === 'draft' && (row.publish_start ?? '') > future).length).toBeGreaterThan(0);
    expect(versions.filter((row) => row.status === 'published' && (row.publish_end ?? '') > future).length).toBeGreaterThan(0);
  });

  it('stores content of the right shape for every input, and some versions with validation errors', () => {
    const withErrors: Version[] = [];
    for (const row of versions) {
      const stencil = registry.get(row.stencil);
      if (!stencil) throw new Error(`unknown stencil ${row.stencil}`);
      const content = valuesOf(row.content);
      expect(Object.keys(content).filter((name) => !stencil.inputs.some((input) => input.name === name))).toEqual([]);
      for (const input of stencil.inputs) expect(checkValueShape(input, content[input.name])).toBeUndefined();
      const errors = validateContent(stencil, content);
      expect(row.error_count).toBe(errors.length);
      if (errors.length > 0) withErrors.push(row);
    }
    expect(withErrors.length).toBe(summary?.withErrors);
    expect(withErrors.length).toBeGreaterThan(5);
    // Only drafts: a published version passed the checks of publishing.
    expect(new Set(withErrors.map((row) => row.status))).toEqual(new Set(['draft']));
  });

  it('has geoblocked images blocked in their locale country, and uncropped ones', () => {
    const heroes = versions.flatMap((row) => {
      const media = mediaValueSchema.safeParse(valuesOf(row.content)['hero-image'] ?? valuesOf(row.content).image);
      return media.success && media.data.provider === 'cloudinary' ? [{ row, media: media.data }] : [];
    });
    expect(heroes.length).toBeGreaterThan(200);
    const geoblocked = heroes.filter(({ media }) => media.blockedIn !== undefined);
    expect(geoblocked.length).toBeGreaterThan(5);
    const withCountry = geoblocked.flatMap(({ row, media }) => {
      const country = countryOfLocale(row.locale);
      return country ? [{ country, media }] : [];
    });
    expect(withCountry.length).toBeGreaterThan(0);
    for (const { country, media } of withCountry) expect(media.blockedIn).toContain(country);
    expect(heroes.filter(({ media }) => media.ratios === undefined).length).toBeGreaterThan(5);
    expect(heroes.filter(({ media }) => media.ratios?.['16x9'] !== undefined).length).toBeGreaterThan(100);
  });

  it('writes several history entries per version, by several users over months', async () => {
    const history = await t.database.db.selectFrom('asset_history').select(['asset_id', 'locale', 'version', 'user_id', 'at']).execute();
    expect(history.length).toBe(summary?.historyEntries);
    expect(history.length).toBeGreaterThan(versions.length * 2);
    expect(new Set(history.map((entry) => entry.user_id)).size).toBeGreaterThanOrEqual(4);
    const times = history.map((entry) => Date.parse(entry.at)).toSorted((a, b) => a - b);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(365 * 24 * 60 * 60 * 1000);
    expect(times.at(-1)).toBeLessThanOrEqual(now.getTime());
  });

  it('stores the images it references, and they are delivered', async () => {
    const story = versions.find((row) => row.stencil === 'story' && valuesOf(row.content)['hero-image']);
    const media = mediaValueSchema.parse(valuesOf(story?.content ?? '{}')['hero-image']);
    expect(media).toMatchObject({ provider: 'cloudinary', width: 1600, height: 900, imageFormat: 'jpg' });
    const response = await t.app.inject({ method: 'GET', url: `/media/image/upload/w_200/${media.referenceId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('bookmarks versions for the demo users; the editor sees them bookmarked', async () => {
    const bookmarks = await t.database.db.selectFrom('bookmark').selectAll().execute();
    expect(new Set(bookmarks.map((bookmark) => bookmark.user_id))).toEqual(new Set(['admin', 'editor', 'translator', 'curator', 'tv', 'hub']));
    const mine = bookmarks.find((bookmark) => bookmark.user_id === 'editor');
    if (!mine) throw new Error('no bookmark of the editor');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/assets/${mine.asset_id}/localizations/${mine.locale}`, headers: await t.auth(EDITOR) });
    expect(response.statusCode).toBe(200);
    expect(response.json()._embedded.about._meta.bookmarked).toBe(true);
  });

  it('lets the demo editor read and save a seeded story, with If-Match', async () => {
    const story = versions.find(
      (row) => row.stencil === 'story' && row.locale === 'en' && row.error_count === 0 && (spaces.get(row.asset_id) ?? []).some((space) => EDITOR.rights.spaces.includes(space)),
    );
    if (!story) throw new Error('no story for the editor');
    const url = `/api/v1/assets/${story.asset_id}/localizations/en`;
    const headers = await t.auth(EDITOR);
    const read = await t.app.inject({ method: 'GET', url: `${url}?raw=true`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(`"${story.version}"`);
    const content = Object.fromEntries(Object.entries(read.json().content as Record<string, unknown>).map(([name, value]) => [name, { value }]));
    content.title = { value: 'Kitzbühel, one more time' };
    const saved = await t.app.inject({ method: 'PUT', url, headers: { ...headers, 'if-match': read.headers.etag as string }, payload: { content } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()._meta).toMatchObject({ version: story.version + 1, title: 'Kitzbühel, one more time', updatedBy: 'Emma Editor' });
    const stale = await t.app.inject({ method: 'PUT', url, headers: { ...headers, 'if-match': read.headers.etag as string }, payload: { content } });
    expect(stale.statusCode).toBe(412);
  });

  it('gives the Lifecycle tab data: the publish history and the schedules', async () => {
    const transitions = await t.database.db.selectFrom('transition').selectAll().execute();
    expect(transitions.length).toBe(summary?.transitions);
    const scheduled = transitions.find((row) => row.status === 'SCHEDULED' && row.transition_to === 'PUBLISHED' && readableByEditor(row.asset_id));
    const unpublished = versions.find((row) => row.status === 'unpublished' && readableByEditor(row.asset_id));
    if (!scheduled || !unpublished) throw new Error('no scheduled or unpublished version for the editor');
    const lifecycle = async (id: string, locale: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/crepo/lifecycles/${id}?localization=${locale}`, headers: await t.auth(EDITOR) })).json();
    const upcoming = await lifecycle(scheduled.asset_id, scheduled.locale);
    expect(upcoming.attributes.scheduledTransitions).toContainEqual(expect.objectContaining({ transitionTo: 'PUBLISHED', transitionStatus: 'SCHEDULED', executionTimestamp: scheduled.due_at }));
    const history = await lifecycle(unpublished.asset_id, unpublished.locale);
    expect(history.attributes.status).toBe('unpublished');
    expect(history.attributes.scheduledTransitions.map((entry: { transitionTo: string; transitionStatus: string }) => `${entry.transitionStatus} ${entry.transitionTo}`)).toEqual([
      'EXECUTED PUBLISHED',
      'EXECUTED UNPUBLISHED',
    ]);
  });

  it('does nothing when the database already has assets', async () => {
    const again = await seedDemoContentIfEmpty({ db: t.database.db, dataDir: t.config.dataDir, registry, config: t.config, now });
    expect(again).toBeUndefined();
    const count = await t.database.db.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(versions.length);
  });
});
