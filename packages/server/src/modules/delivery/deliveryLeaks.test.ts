import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredAssetSchema, deliveryListResponseSchema, isLive, slugRegionLocaleOf, type DeliveredAsset } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoContentIfEmpty } from '../../demo/seedDemoContent.ts';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { createStencilRegistry } from '../stencils/stencilRegistry.ts';
import { buildKey } from './deliveryFactories.ts';

const registry = createStencilRegistry(loadStencils(STENCILS_DIR));
const HOUR = 3_600_000;

interface Version {
  asset_id: string;
  locale: string;
  status: string;
  publish_end: string | null;
  published_content: string | null;
  embargo_start: string | null;
  embargo_end: string | null;
}

interface Scope {
  name: string;
  spaces: string[];
  locales: string[];
}

const keyOf = (id: string, locale: string) => `${id} ${locale}`;
const DELIVERY_LINK = /\/delivery\/v1\/assets\/([^/"]+)\/localizations\/([^/"?]+)/g;

/** Every delivered asset inside an answer: the item, and the references resolved within its content. */
function deliveredIn(value: unknown, found: DeliveredAsset[] = []): DeliveredAsset[] {
  if (Array.isArray(value)) for (const entry of value) deliveredIn(entry, found);
  else if (value !== null && typeof value === 'object') {
    if ('_links' in value && 'firstPublishedAt' in value) found.push(deliveredAssetSchema.strict().parse(value));
    for (const entry of Object.values(value)) deliveredIn(entry, found);
  }
  return found;
}

/**
 * The demo content (every stencil, status, space and locale, scheduled publishes and unpublishes), with embargoes and
 * unpublish dates that have passed added, walked with keys of several scopes: every list page, every version by id and
 * every slug. What is delivered is exactly what the domain's rule calls live in the key's scope, and nothing else
 * (no reference, no link, no draft value) shows up anywhere in an answer.
 */
describe.each(DIALECTS)('nothing that is not live leaks from the delivery API (%s)', (dialect) => {
  let t: TestApp;
  const now = Date.now();
  let versions: Version[];
  const spacesOf = new Map<string, string[]>();
  const slugs: Array<{ slugId: string; assetId: string; locale: string; space: string }> = [];
  let scopes: Array<Scope & { headers: { authorization: string } }>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DELIVERY_RATE_LIMIT: '10000' }, { clock: () => now });
    await seedDemoContentIfEmpty({ db: t.database.db, dataDir: t.config.dataDir, registry, config: t.config, now: new Date(now) });
    const { db } = t.database;
    for (const row of await db.selectFrom('asset_space').selectAll().execute()) spacesOf.set(row.asset_id, [...(spacesOf.get(row.asset_id) ?? []), row.space]);
    // Some published versions of every kind go out of their window: embargoes ahead and behind, unpublish dates passed.
    const published = await db.selectFrom('asset_localization').select(['asset_id', 'locale']).where('status', '=', 'published').orderBy('asset_id').orderBy('locale').execute();
    const pick = (offset: number) => published.filter((_row, index) => index % 11 === offset);
    for (const row of pick(1)) await db.updateTable('asset').set({ embargo_start: new Date(now + HOUR).toISOString() }).where('id', '=', row.asset_id).execute();
    for (const row of pick(2)) await db.updateTable('asset').set({ embargo_end: new Date(now - HOUR).toISOString() }).where('id', '=', row.asset_id).execute();
    for (const row of pick(3)) await db.updateTable('asset').set({ embargo_start: new Date(now - HOUR).toISOString(), embargo_end: new Date(now + HOUR).toISOString() }).where('id', '=', row.asset_id).execute();
    for (const row of pick(4)) {
      await db.updateTable('asset_localization').set({ publish_end: new Date(now - 1).toISOString() }).where('asset_id', '=', row.asset_id).where('locale', '=', row.locale).execute();
    }
    versions = await db
      .selectFrom('asset_localization as l')
      .innerJoin('asset as a', 'a.id', 'l.asset_id')
      .select(['l.asset_id', 'l.locale', 'l.status', 'l.publish_end', 'l.published_content', 'a.embargo_start', 'a.embargo_end'])
      .execute();
    // A slug for every version, in the first of its asset's spaces.
    for (const [index, version] of versions.entries()) {
      const space = spacesOf.get(version.asset_id)?.[0];
      const region = slugRegionLocaleOf(version.locale);
      if (!space || !region) continue;
      const slug = { slugId: `${space}:${region}:demo-${index}`, assetId: version.asset_id, locale: version.locale, space };
      slugs.push(slug);
    }
    const created = new Date(now).toISOString();
    const rows = slugs.map((slug) => ({ slug_id: slug.slugId, space: slug.space, region_locale: slug.slugId.split(':')[1] ?? '', uri_title: slug.slugId.split(':')[2] ?? '', asset_id: slug.assetId, locale: slug.locale, created_at: created }));
    for (let start = 0; start < rows.length; start += 500) await db.insertInto('uri_slug').values(rows.slice(start, start + 500)).execute();
    const wanted: Scope[] = [
      { name: 'everything', spaces: t.config.spaces, locales: t.config.localizations },
      { name: 'rbcom in en and de', spaces: ['rbcom'], locales: ['en', 'de'] },
      { name: 'rbtv and global in ja, pt-BR and en-US', spaces: ['rbtv', 'global'], locales: ['ja', 'pt-BR', 'en-US'] },
    ];
    scopes = [];
    for (const scope of wanted) scopes.push({ ...scope, headers: (await buildKey(t, { name: scope.name, spaces: scope.spaces, locales: scope.locales })).headers });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const expectedOf = (scope: Scope) =>
    new Set(
      versions
        .filter(
          (version) =>
            isLive({ status: version.status, publishEnd: version.publish_end, embargoStart: version.embargo_start, embargoEnd: version.embargo_end }, new Date(now)) &&
            scope.locales.includes(version.locale) &&
            (spacesOf.get(version.asset_id) ?? []).some((space) => scope.spaces.includes(space)),
        )
        .map((version) => keyOf(version.asset_id, version.locale)),
    );

  /** Checks an answer: each delivered asset (items and references) and each link is live in the scope, with its published title. */
  let publishedOf: Map<string, string | null>;
  function checkAnswer(body: unknown, expected: ReadonlySet<string>, scope: Scope): void {
    publishedOf ??= new Map(versions.map((version) => [keyOf(version.asset_id, version.locale), version.published_content]));
    for (const asset of deliveredIn(body)) {
      const key = keyOf(asset.id, asset.locale);
      expect(expected.has(key), `${key} is delivered`).toBe(true);
      expect(asset.spaces.every((space) => scope.spaces.includes(space))).toBe(true);
      const published = JSON.parse(publishedOf.get(key) ?? '{}') as Record<string, { value?: unknown }>;
      expect(asset.title).toBe(typeof published.title?.value === 'string' ? published.title.value.trim() : '');
      for (const name of Object.keys(asset.content)) expect(published, `${key} delivers ${name}, which its published content lacks`).toHaveProperty([name]);
    }
    for (const [, id, locale] of JSON.stringify(body).matchAll(DELIVERY_LINK)) expect(expected.has(keyOf(decodeURIComponent(id ?? ''), decodeURIComponent(locale ?? ''))), `a link to ${id} ${locale}`).toBe(true);
  }

  it('seeds versions of every status, in and out of their windows', () => {
    const statuses = new Set(versions.map((version) => version.status));
    expect(statuses).toEqual(new Set(['draft', 'published', 'unpublished']));
    const everything = expectedOf({ name: 'all', spaces: t.config.spaces, locales: t.config.localizations });
    const published = versions.filter((version) => version.status === 'published').length;
    expect(everything.size).toBeGreaterThan(100);
    expect(everything.size).toBeLessThan(published);
  });

  it('lists exactly the live versions in each key scope, in both orders, and nothing else anywhere in a page', async () => {
    for (const scope of scopes) {
      const expected = expectedOf(scope);
      // Newest first with the whole content; by title with none (the same versions, in another order).
      for (const sort of ['newest', 'title']) {
        const seen: string[] = [];
        let next: string | undefined = `/delivery/v1/assets?limit=100&sort=${sort}${sort === 'title' ? '&fields=' : ''}`;
        while (next) {
          const response = await t.app.inject({ method: 'GET', url: next, headers: scope.headers });
          expect(response.statusCode, response.body).toBe(200);
          const page = deliveryListResponseSchema.strict().parse(response.json());
          checkAnswer(page, expected, scope);
          seen.push(...page._embedded.item.map((entry) => keyOf(entry.id, entry.locale)));
          next = page._links.next?.href;
        }
        expect(seen.length, `${scope.name} by ${sort}: each once`).toBe(new Set(seen).size);
        expect(new Set(seen), `${scope.name} by ${sort}`).toEqual(expected);
      }
    }
  }, 180_000);

  it('answers every version by id with 200 exactly when it is live in the scope, 404 otherwise', async () => {
    for (const scope of scopes.slice(1)) {
      const expected = expectedOf(scope);
      for (const version of versions) {
        const response = await t.app.inject({ method: 'GET', url: `/delivery/v1/assets/${version.asset_id}/localizations/${version.locale}`, headers: scope.headers });
        const key = keyOf(version.asset_id, version.locale);
        expect(response.statusCode, `${scope.name}: ${key} (${version.status})`).toBe(expected.has(key) ? 200 : 404);
        if (response.statusCode === 200) checkAnswer(response.json(), expected, scope);
      }
    }
  }, 180_000);

  it('answers every slug with its owner exactly when the owner is live and the slug in a space of the key', async () => {
    const scope = scopes[1]!;
    const expected = expectedOf(scope);
    for (const slug of slugs) {
      const response = await t.app.inject({ method: 'GET', url: `/delivery/v1/slugs/${slug.slugId}`, headers: scope.headers });
      const isExpected = expected.has(keyOf(slug.assetId, slug.locale)) && scope.spaces.includes(slug.space);
      expect(response.statusCode, slug.slugId).toBe(isExpected ? 200 : 404);
      const owner = response.statusCode === 200 ? response.json<{ id: string; locale: string; uriSlugs: string[] }>() : undefined;
      expect(owner && { id: owner.id, locale: owner.locale, uriSlugs: owner.uriSlugs }).toEqual(isExpected ? { id: slug.assetId, locale: slug.locale, uriSlugs: [slug.slugId] } : undefined);
    }
  }, 180_000);
});
