import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '@editor/domain';
import * as harness from '../../../test/harness.ts';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/** Builds the sample assets: every role, space and locale the samples need. */
const SETUP: TestUser = {
  sub: 'setup',
  name: 'Sam Setup',
  rights: {
    roles: ['content-manager', 'translator', 'rbtv-content-creator', 'content-hub-manager', 'taxonomy-manager', 'all-localizations', 'embargo-date-manager'],
    spaces: ['rbcom', 'rbtv', 'global', 'illume', 'wrc'],
    localizations: ['en', 'de'],
  },
};
/** Users beside the harness's: a translator who is no creator, an editor of a restricted space. */
const TRANSLATOR: TestUser = { sub: 'translator', name: 'Theo Translator', rights: { roles: ['translator'], spaces: ['rbcom', 'rbtv'], localizations: ['de'] } };
const WRC_EDITOR: TestUser = { sub: 'wrc-editor', name: 'Wanda Rally', rights: { roles: ['content-editor', 'translator'], spaces: ['wrc'], localizations: ['en', 'de'] } };

const isTestUser = (value: unknown): value is TestUser => typeof value === 'object' && value !== null && 'sub' in value && 'rights' in value;
const USERS: TestUser[] = [...Object.values(harness).filter(isTestUser), TRANSLATOR, WRC_EDITOR];

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const VALID_STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};

/** One version per space and kind of stencil: drafts, a published story, stencils with a role of their own, one without preview. */
const SAMPLES: Array<{ name: string; space: string; stencil: string; translate?: boolean; publish?: boolean }> = [
  { name: 'story in rbcom, two locales', space: 'rbcom', stencil: 'story', translate: true },
  { name: 'published story in rbcom', space: 'rbcom', stencil: 'story', publish: true },
  { name: 'story in global', space: 'global', stencil: 'story' },
  { name: 'story in the tv space, two locales', space: 'rbtv', stencil: 'story', translate: true },
  { name: 'story in the restricted wrc space', space: 'wrc', stencil: 'story', translate: true },
  { name: 'content hub in illume', space: 'illume', stencil: 'content-hub' },
  { name: 'occasion campaign in rbcom', space: 'rbcom', stencil: 'occasion-campaign' },
  { name: 'image in rbcom', space: 'rbcom', stencil: 'image' },
];

type Links = Record<string, { href: string; methods: HttpMethod[] }>;

/** The smallest body the call would accept from a user it allows. */
function bodyOf(relation: string, method: HttpMethod, user: TestUser): object | undefined {
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (relation === 'self') return method === 'POST' ? { reference: 'en' } : { content: { title: { value: 'Refused' } } };
  if (relation === 'p:ship') return { propertiesToShip: ['title'] };
  if (relation === 'p:changeSpaces') return { spaces: [user.rights.spaces[0] ?? 'rbcom'] };
  if (relation === 'p:setEmbargoDate') return { startDate: null, endDate: '2031-01-01T00:00:00.000Z' };
  if (relation === 'p:preview') return { content: { title: { value: 'Refused' } } };
  return {};
}

describe.each(DIALECTS)('link methods and enforcement agree (%s)', (dialect) => {
  let t: TestApp;
  const headers = new Map<string, { authorization: string }>();
  const authOf = async (user: TestUser) => {
    const known = headers.get(user.sub);
    if (known) return known;
    const made = await t.auth(user);
    headers.set(user.sub, made);
    return made;
  };
  const call = async (user: TestUser, method: HttpMethod, url: string, payload?: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await authOf(user)), ...extra }, ...(payload ? { payload } : {}) });

  const versions: Array<{ sample: string; id: string; locale: string; links: Links }> = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const sample of SAMPLES) {
      const content = sample.stencil === 'story' ? VALID_STORY : { title: { value: sample.name } };
      const created = await call(SETUP, 'POST', `/api/v1/assets/-/localizations/en?space=${sample.space}&container.stencil=${sample.stencil}`, { content });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      if (sample.translate) expect((await call(SETUP, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
      if (sample.publish) expect((await call(SETUP, 'POST', `/api/v1/assets/${id}/localizations/en/publish`, {})).statusCode).toBe(200);
      for (const locale of sample.translate ? ['en', 'de'] : ['en']) {
        const read = await call(SETUP, 'GET', `/api/v1/assets/${id}/localizations/${locale}`);
        versions.push({ sample: `${sample.name} (${locale})`, id, locale, links: read.json()._links as Links });
      }
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** What a refused call must leave as it was: versions, statuses, shipping, spaces, embargo, bookmarks, transitions, history. */
  async function snapshot(id: string) {
    const { db } = t.database;
    const [localizations, asset, spaces, bookmarks, transitions, history] = await Promise.all([
      db.selectFrom('asset_localization').select(['locale', 'version', 'status', 'last_shipped_at', 'updated_at', 'publish_start', 'publish_end']).where('asset_id', '=', id).orderBy('locale').execute(),
      db.selectFrom('asset').select(['embargo_start', 'embargo_end', 'external_reference']).where('id', '=', id).executeTakeFirst(),
      db.selectFrom('asset_space').select('space').where('asset_id', '=', id).orderBy('space').execute(),
      db.selectFrom('bookmark').select(['user_id', 'locale']).where('asset_id', '=', id).orderBy('user_id').execute(),
      db.selectFrom('transition').select(['id', 'status']).where('asset_id', '=', id).orderBy('id').execute(),
      db.selectFrom('asset_history').select(({ fn }) => fn.countAll<number>().as('count')).where('asset_id', '=', id).executeTakeFirstOrThrow(),
    ]);
    return { localizations, asset, spaces, bookmarks, transitions, history: Number(history.count) };
  }

  it('refuses every method a link does not offer, for every user, and changes nothing', async () => {
    let calls = 0;
    for (const user of USERS) {
      for (const version of versions) {
        const read = await call(user, 'GET', `/api/v1/assets/${version.id}/localizations/${version.locale}`);
        // A user who cannot read the version gets no links at all: every method of every link is refused.
        const offered: Links = read.statusCode === 200 ? (read.json()._links as Links) : {};
        const before = await snapshot(version.id);
        const etag = `"${before.localizations.find((row) => row.locale === version.locale)?.version}"`;
        const otherLocales = before.localizations.map((row) => row.locale).filter((locale) => locale !== version.locale);
        const refused: Array<{ where: string; method: HttpMethod; url: string; body: object | undefined; refusals: number[] }> = [];
        for (const [relation, link] of Object.entries(version.links)) {
          for (const method of METHODS.filter((candidate) => !(offered[relation]?.methods ?? []).includes(candidate))) {
            // POST on a version's own path is the translate call, which answers 409 for a locale that exists.
            const refusals = relation === 'self' && method === 'POST' ? [403, 404, 409] : [403, 404];
            refused.push({ where: `${method} ${relation}`, method, url: link.href, body: bodyOf(relation, method, user), refusals });
          }
          if (relation === 'p:ship' && !offered[relation]?.methods.includes('PATCH')) {
            const localesToShip = otherLocales.length > 0 ? otherLocales : ['de'];
            refused.push({ where: 'bulk-ship', method: 'PATCH', url: `/api/v1/assets/${version.id}/actions/bulk-ship`, body: { sourceLocale: version.locale, localesToShip, propertiesToShip: ['title'] }, refusals: [403, 404] });
          }
        }
        for (const refusal of refused) {
          const response = await call(user, refusal.method, refusal.url, refusal.body, refusal.method === 'PUT' || refusal.method === 'PATCH' ? { 'if-match': etag } : {});
          calls++;
          expect(refusal.refusals, `${user.sub} ${refusal.where} of ${version.sample}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        }
        expect(await snapshot(version.id), `${user.sub} on ${version.sample}`).toEqual(before);
      }
    }
    expect(calls).toBeGreaterThan(1000);
  }, 120_000);
});
