import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, type AssetListResponse } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';

/** Creates, translates, saves, moves between spaces and deletes (the rights for all of it). */
const MANAGER: TestUser = {
  sub: 'manager',
  name: 'Mia Manager',
  rights: { roles: ['content-manager', 'taxonomy-manager', 'all-localizations', 'translator'], spaces: ['rbcom', 'global', 'illume'], localizations: ['en', 'de', 'fr'] },
};
/** Sees only part of the spaces: the counts then leave out what lies outside them. */
const NARROW: TestUser = { sub: 'narrow', name: 'Nora Narrow', rights: { roles: ['content-editor'], spaces: ['global'], localizations: ['en'] } };

const SPACES = ['rbcom', 'global', 'illume'] as const;
const LOCALES = ['en', 'de', 'fr'] as const;

type Operation =
  | { kind: 'create'; stencil: 'story' | 'image'; space: string; locale: string }
  | { kind: 'translate'; pick: number; locale: string }
  | { kind: 'save'; pick: number; infographic: boolean }
  | { kind: 'changeSpaces'; pick: number; spaces: string[] }
  | { kind: 'setStatus'; pick: number; status: 'published' | 'unpublished' | 'draft' }
  | { kind: 'delete'; pick: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), stencil: fc.constantFrom('story' as const, 'image' as const), space: fc.constantFrom(...SPACES), locale: fc.constantFrom(...LOCALES) }),
  fc.record({ kind: fc.constant('translate' as const), pick: fc.nat(), locale: fc.constantFrom(...LOCALES) }),
  fc.record({ kind: fc.constant('save' as const), pick: fc.nat(), infographic: fc.boolean() }),
  fc.record({ kind: fc.constant('changeSpaces' as const), pick: fc.nat(), spaces: fc.subarray([...SPACES], { minLength: 1 }) }),
  fc.record({ kind: fc.constant('setStatus' as const), pick: fc.nat(), status: fc.constantFrom('published' as const, 'unpublished' as const, 'draft' as const) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** The page's versions, the total and the facet buckets as `{ facet: { bucket: count } }`. */
const countsOf = (page: AssetListResponse) => ({
  total: page.total,
  items: page._embedded.item.map((item) => `${item.id}-${item.localization}`),
  facets: Object.fromEntries(page.facets.map((facet) => [facet.name, Object.fromEntries(facet.buckets.map((bucket) => [bucket.name, bucket.count]))])),
});

type CountedRow = { spaces: string; stencil: string; locale: string; status: string; infographic: number; n: number | string };
/** Rows of `asset_list_count` (or a recount) as `{ 'spaces|stencil|locale|status|infographic': n }`. */
const asMap = (rows: readonly CountedRow[]) => Object.fromEntries(rows.map((row) => [`${row.spaces}|${row.stencil}|${row.locale}|${row.status}|${row.infographic}`, Number(row.n)]));

/** Chosen filters as a query string. */
const asQuery = (chosen: Record<string, string[] | string | undefined>) =>
  Object.entries(chosen)
    .filter(([, value]) => value !== undefined && value.length > 0)
    .map(([name, value]) => `${name}=${[value].flat().join(',')}`)
    .join('&');

describe.each(DIALECTS)('list counts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const versions = () => t.database.db.selectFrom('asset_localization').select(['asset_id', 'locale', 'stencil']).orderBy('asset_id').orderBy('locale').execute();

  async function apply(op: Operation): Promise<void> {
    if (op.kind === 'create') {
      const content = { title: { value: `A ${op.stencil} in ${op.space}` } };
      await call(MANAGER, 'POST', `/api/v1/assets/-/localizations/${op.locale}?space=${op.space}&container.stencil=${op.stencil}`, { content });
      return;
    }
    const all = await versions();
    const version = all[op.pick % Math.max(all.length, 1)];
    if (!version) return;
    const path = `/api/v1/assets/${version.asset_id}/localizations/${version.locale}`;
    switch (op.kind) {
      case 'translate':
        await call(MANAGER, 'POST', `/api/v1/assets/${version.asset_id}/localizations/${op.locale}`, { reference: version.locale });
        return;
      case 'save':
        await call(MANAGER, 'PUT', path, { content: { title: { value: 'Saved' }, ...(version.stencil === 'image' ? { infographic: { value: op.infographic } } : {}) } });
        return;
      case 'changeSpaces':
        await call(MANAGER, 'PUT', `/api/v1/assets/${version.asset_id}/spaces`, { spaces: op.spaces });
        return;
      case 'setStatus':
        // The way publishing writes a status: straight into the row.
        await t.database.db.updateTable('asset_localization').set({ status: op.status }).where('asset_id', '=', version.asset_id).where('locale', '=', version.locale).execute();
        return;
      case 'delete':
        await call(MANAGER, 'DELETE', path);
        return;
    }
  }

  async function expectDenormalisedColumnsToMatchARecount(): Promise<void> {
    const { db } = t.database;
    const spaces = await db.selectFrom('asset_space').select(['asset_id', 'space']).orderBy('space').execute();
    const spacesOf = new Map<string, string[]>();
    for (const row of spaces) spacesOf.set(row.asset_id, [...(spacesOf.get(row.asset_id) ?? []), row.space]);
    const stored = await db.selectFrom('asset_localization').select(['asset_id', 'spaces']).execute();
    for (const row of stored) expect(row.spaces, row.asset_id).toBe(spacesOf.has(row.asset_id) ? `,${spacesOf.get(row.asset_id)!.join(',')},` : '');

    const recount = await db
      .selectFrom('asset_localization')
      .select(['spaces', 'stencil', 'locale', 'status', 'infographic', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['spaces', 'stencil', 'locale', 'status', 'infographic'])
      .execute();
    const counted = await db.selectFrom('asset_list_count').selectAll().where('n', '<>', 0).execute();
    expect(asMap(counted)).toEqual(asMap(recount));
  }

  const list = async (user: TestUser, query: string) => {
    const response = await call(user, 'GET', `/api/v1/assets${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return assetListResponseSchema.parse(response.json());
  };

  /**
   * The same list counted from `asset_list_count` (its page read by the counts' rows) and by reading its versions newest
   * first: a filter that matches every version forces the latter.
   */
  async function expectCountsToMatchReading(user: TestUser, filters: string): Promise<void> {
    const summed = countsOf(await list(user, `?${filters}`));
    const read = countsOf(await list(user, `?${filters}&createdDateFrom=2000-01-01&createdDateTo=2999-12-31`));
    expect(summed).toEqual(read);
  }

  it('keeps the spaces of each version and the counts (with and without search words) equal to a recount after creating, translating, saving, moving, publishing and deleting', async () => {
    const filters = fc.record({
      stencil: fc.subarray(['story', 'image', 'video']),
      localization: fc.subarray([...LOCALES]),
      publishstatus: fc.subarray(['draft', 'published', 'unpublished']),
      space: fc.subarray([...SPACES]),
      infographic: fc.constantFrom(undefined, 'true', 'false'),
    });
    // A starting archive in every space and two stencils, so each run counts something whatever its operations delete.
    for (const [index, space] of [...SPACES, ...SPACES].entries()) {
      await apply({ kind: 'create', stencil: index % 2 === 0 ? 'story' : 'image', space, locale: LOCALES[index % LOCALES.length] ?? 'en' });
    }
    expect(await versions()).toHaveLength(2 * SPACES.length);
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), filters, async (operations, chosen) => {
        for (const op of operations) await apply(op);
        await expectDenormalisedColumnsToMatchARecount();
        await expectCountsToMatchReading(MANAGER, asQuery(chosen));
        await expectCountsToMatchReading(NARROW, asQuery(chosen));
        // A search: its counts from the list index and its matches, against reading its versions.
        await expectCountsToMatchReading(MANAGER, asQuery({ ...chosen, q: 'story' }));
        await expectCountsToMatchReading(NARROW, asQuery({ ...chosen, q: 'saved' }));
      }),
      { numRuns: 25 },
    );
  });
});
