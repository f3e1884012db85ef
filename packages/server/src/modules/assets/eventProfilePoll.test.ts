import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uriSlugClaimSchema } from '@editor/domain';
import { DIALECTS, EDITOR, TV, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const POLL = '/api/crepo/content/v4/types/rrn:content:event-profiles/resources';
const CLAIM = '/api/crepo/urislug-registry/uriSlugs';

describe.each(DIALECTS)('event profile poll and slug claim (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const create = async (stencil: 'event-profile' | 'story', locale = 'de') => {
    const start = { 'event-start-date': { value: { date: '2026-12-01T10:00:00Z', isDateOnly: false, timezone: 'Europe/Sarajevo' } } };
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/${locale}?space=rbcom&container.stencil=${stencil}`, {
      content: { title: { value: 'Red Bull Cliff Diving Mostar' }, ...(stencil === 'event-profile' ? start : {}) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const uriTitle = (name: string) => `${name}-${dialect}-${(n += 1)}`;
  const claim = (slugId: string, id: string) => call(EDITOR, 'PATCH', `${CLAIM}/${slugId}/relationships/claimingResource`, { data: { id, spaces: ['rbcom'], type: 'event-profiles' } });

  it('answers a new event profile with its draft, by unique id or by id and locale', async () => {
    const id = await create('event-profile');
    const byUniqueId = await call(EDITOR, 'GET', `${POLL}/${id}-de?includeDraft`);
    expect(byUniqueId.statusCode, byUniqueId.body).toBe(200);
    expect(byUniqueId.json()).toMatchObject({ id, localization: 'de' });
    const byLocale = await call(EDITOR, 'GET', `${POLL}/${id}?includeDraft=true&locale=de`);
    expect(byLocale.statusCode, byLocale.body).toBe(200);
    expect(byLocale.json()).toMatchObject({ id, localization: 'de' });
  });

  it('answers 404 without includeDraft before the first publish, for another type, an unknown id and outside the spaces', async () => {
    const id = await create('event-profile');
    expect((await call(EDITOR, 'GET', `${POLL}/${id}-de`)).statusCode).toBe(404);
    const story = await create('story');
    expect((await call(EDITOR, 'GET', `${POLL}/${story}-de?includeDraft`)).statusCode).toBe(404);
    expect((await call(EDITOR, 'GET', `${POLL}/00000000-0000-4000-8000-000000000000-de?includeDraft`)).statusCode).toBe(404);
    expect((await call(TV, 'GET', `${POLL}/${id}-de?includeDraft`)).statusCode).toBe(404);
  });

  it('polls a created profile, then claims its free slug at once', async () => {
    const id = await create('event-profile');
    expect((await call(EDITOR, 'GET', `${POLL}/${id}-de?includeDraft`)).statusCode).toBe(200);
    const slugId = `rbcom:de-INT:${uriTitle('cliff-diving-mostar')}`;
    const response = await claim(slugId, `${id}-de`);
    expect(response.statusCode, response.body).toBe(200);
    const lookup = await call(EDITOR, 'GET', `/api/crepo/urislug-registry/v2/uriSlugs/${slugId}?assetId=${id}`);
    expect(uriSlugClaimSchema.parse(lookup.json())).toMatchObject({ conflictAssetId: null, isClaimPending: false });
  });

  it('leaves a slug taken by another asset with that asset and keeps the claim pending; a second claimer is refused', async () => {
    const owner = await create('event-profile');
    const slugId = `rbcom:de-INT:${uriTitle('cliff-diving-taken')}`;
    expect((await claim(slugId, `${owner}-de`)).statusCode).toBe(200);

    const id = await create('event-profile');
    expect((await call(EDITOR, 'GET', `${POLL}/${id}-de?includeDraft`)).statusCode).toBe(200);
    const pending = await claim(slugId, `${id}-de`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(uriSlugClaimSchema.parse(pending.json())).toMatchObject({ conflictAssetId: owner, isClaimPending: true });

    // The wizard then tells the person the URL is not applied.
    const third = await create('event-profile');
    const refused = await claim(slugId, `${third}-de`);
    expect(refused.statusCode, refused.body).toBe(409);
  });
});
