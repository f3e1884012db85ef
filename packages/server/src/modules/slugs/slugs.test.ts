import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uriSlugClaimSchema, type UriSlugClaim } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, TECH_ADMIN, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { completePendingClaims } from './service.ts';

const LOOKUP = '/api/crepo/urislug-registry/v2/uriSlugs';
const CLAIM = '/api/crepo/urislug-registry/uriSlugs';

describe.each(DIALECTS)('URI slug registry (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const createStory = async (space = 'rbcom') => {
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=story`, { content: { title: { value: 'Cliff diving in Mostar' } } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** A URI title no other test uses. */
  const title = (name: string) => `${name}-${dialect}-${(n += 1)}`;
  const lookup = async (slugId: string, assetId?: string, user: TestUser = EDITOR): Promise<UriSlugClaim> => {
    const response = await call(user, 'GET', `${LOOKUP}/${slugId}${assetId ? `?assetId=${assetId}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return uriSlugClaimSchema.strict().parse(response.json());
  };
  const claim = (slugId: string, id: string, options: { spaces?: string[]; user?: TestUser } = {}) =>
    call(options.user ?? EDITOR, 'PATCH', `${CLAIM}/${slugId}/relationships/claimingResource`, { data: { id, spaces: options.spaces ?? ['rbcom'], type: 'story' } });
  const claimed = async (slugId: string, id: string, options: { spaces?: string[]; user?: TestUser } = {}): Promise<UriSlugClaim> => {
    const response = await claim(slugId, id, options);
    expect(response.statusCode, response.body).toBe(200);
    return uriSlugClaimSchema.strict().parse(response.json());
  };
  const FREE: UriSlugClaim = { conflictAssetId: null, localization: null, message: null, isClaimPending: false };

  it('answers a free slug with no conflict and no pending claim', async () => {
    expect(await lookup(`rbcom:en-INT:${title('free')}`)).toEqual(FREE);
    // A client may encode the colons of the slug id.
    expect(await lookup(encodeURIComponent(`rbcom:en-INT:${title('free')}`))).toEqual(FREE);
  });

  it('gives a free slug to the claiming asset at once; the lookup then names it and proposes free variants', async () => {
    const owner = await createStory();
    const slugId = `rbcom:en-INT:${title('cliff-diving-recap')}`;
    expect(await claimed(slugId, owner)).toEqual(FREE);
    expect(await lookup(slugId, owner)).toEqual(FREE);
    const seen = await lookup(slugId);
    expect(seen).toMatchObject({ conflictAssetId: owner, localization: 'en', isClaimPending: false });
    const uriTitle = slugId.split(':')[2];
    expect(seen.message).toMatch(new RegExp(`^This URI title is used by asset ${owner} \\(en\\)\\. Free alternatives: ${uriTitle}-tmp-1 or ${uriTitle}-\\d{4}-\\d{2}-\\d{2}\\.$`));
    // Claiming it again changes nothing.
    expect(await claimed(slugId, owner)).toEqual(FREE);
    expect(await t.database.db.selectFrom('uri_slug').select(['space', 'region_locale', 'asset_id', 'locale']).where('slug_id', '=', slugId).execute()).toEqual([
      { space: 'rbcom', region_locale: 'en-INT', asset_id: owner, locale: 'en' },
    ]);
  });

  it('proposes the lowest free temporary suffix, varied from the title without its suffix', async () => {
    const owner = await createStory();
    const base = title('dakar-stage');
    await claimed(`rbcom:en-INT:${base}`, owner);
    await claimed(`rbcom:en-INT:${base}-tmp-1`, await createStory());
    const { message } = await lookup(`rbcom:en-INT:${base}-tmp-1`);
    expect(message).toContain(`Free alternatives: ${base}-tmp-2 or ${base}-`);
  });

  it('keeps slugs unique per space and locale: the same title is free in another space or locale', async () => {
    const first = await createStory();
    const uriTitle = title('red-bull-rampage');
    await claimed(`rbcom:en-INT:${uriTitle}`, first);

    const inGlobal = await createStory('global');
    expect(await lookup(`global:en-INT:${uriTitle}`)).toEqual(FREE);
    expect(await claimed(`global:en-INT:${uriTitle}`, inGlobal, { spaces: ['global'] })).toEqual(FREE);

    expect((await call(EDITOR, 'POST', `/api/v1/assets/${first}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect(await lookup(`rbcom:de-INT:${uriTitle}`)).toEqual(FREE);
    expect(await claimed(`rbcom:de-INT:${uriTitle}`, first)).toEqual(FREE);
    expect(await lookup(`rbcom:de-INT:${uriTitle}`)).toMatchObject({ conflictAssetId: first, localization: 'de' });
  });

  it('adds the region INT to a bare locale: a slug id needs a region, and en-INT stands for the en version', async () => {
    const owner = await createStory();
    const uriTitle = title('wingsuit');
    expect((await call(EDITOR, 'GET', `${LOOKUP}/rbcom:en:${uriTitle}`)).statusCode).toBe(400);
    expect((await claim(`rbcom:en:${uriTitle}`, owner)).statusCode).toBe(400);
    // en-US is a locale of its own: the en version cannot claim its slugs.
    expect((await claim(`rbcom:en-US:${uriTitle}`, owner)).statusCode).toBe(404);
    expect(await claimed(`rbcom:en-INT:${uriTitle}`, `${owner}-en`)).toEqual(FREE);
    expect((await claim(`rbcom:en-INT:${uriTitle}`, `${owner}-de`)).statusCode).toBe(400);
  });

  it('makes a claim on a taken slug pending until the claimer is published, then moves the slug to it', async () => {
    const owner = await createStory();
    const claimer = await createStory();
    const slugId = `rbcom:en-INT:${title('air-race')}`;
    await claimed(slugId, owner);

    const pending = await claimed(slugId, claimer);
    expect(pending).toEqual({ conflictAssetId: owner, localization: 'en', message: `This URI title is used by asset ${owner} (en); it will be moved to this asset on publish.`, isClaimPending: true });
    expect(await lookup(slugId, claimer)).toEqual(pending);
    expect(await lookup(slugId, owner)).toEqual({ conflictAssetId: claimer, localization: 'en', message: `This URI title moves to asset ${claimer} (en) when that asset is published.`, isClaimPending: true });
    expect(await lookup(slugId)).toMatchObject({ conflictAssetId: owner, isClaimPending: true });

    // A publish that fails leaves the claim pending.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await completePendingClaims(trx, { assetId: claimer, locale: 'en' });
        throw new Error('publishing failed');
      }),
    ).rejects.toThrow('publishing failed');
    expect(await lookup(slugId, claimer)).toEqual(pending);

    expect(await t.database.db.transaction().execute((trx) => completePendingClaims(trx, { assetId: claimer, locale: 'en' }))).toEqual([slugId]);
    expect(await lookup(slugId, claimer)).toEqual(FREE);
    expect(await lookup(slugId)).toMatchObject({ conflictAssetId: claimer, isClaimPending: false });
    expect(await t.database.db.transaction().execute((trx) => completePendingClaims(trx, { assetId: claimer, locale: 'en' }))).toEqual([]);
  });

  it('refuses a second pending claim on the same slug, and a new title while a claim is pending', async () => {
    const owner = await createStory();
    const claimer = await createStory();
    const slugId = `rbcom:en-INT:${title('x-alps')}`;
    await claimed(slugId, owner);
    await claimed(slugId, claimer);
    expect(await claimed(slugId, claimer)).toMatchObject({ isClaimPending: true });

    const third = await claim(slugId, await createStory());
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ status: 409, code: 'conflict', messages: [`A claim on this URI title by asset ${claimer} (en) is pending.`] });

    const other = await claim(`rbcom:en-INT:${title('x-alps-other')}`, claimer);
    expect(other.statusCode).toBe(409);
    expect(other.json().messages).toEqual(['The URI title cannot be changed while a claim is pending.']);
  });

  it('locks the claimer\'s URI title on save while its claim is pending, and says so in the version', async () => {
    const owner = await createStory();
    const claimer = await createStory();
    const uriTitle = title('locked');
    await claimed(`rbcom:en-INT:${uriTitle}`, owner);
    await claimed(`rbcom:en-INT:${uriTitle}`, claimer);
    const url = `/api/v1/assets/${claimer}/localizations/en`;
    const version = (await call(EDITOR, 'GET', url)).json() as { _meta: { version: number; uriSlugClaimPending: boolean } };
    expect(version._meta.uriSlugClaimPending).toBe(true);
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${owner}/localizations/en`)).json()._meta.uriSlugClaimPending).toBe(false);

    const save = async (content: object) =>
      t.app.inject({ method: 'PUT', url, headers: { ...(await t.auth(EDITOR)), 'if-match': `"${version._meta.version}"` }, payload: { content } });
    const refused = await save({ title: { value: 'Cliff diving in Mostar' }, 'uri-title': { value: title('elsewhere') } });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().messages).toEqual(['You may not change "uri-title".']);
    const titleOnly = await save({ title: { value: 'Cliff diving, retitled' } });
    expect(titleOnly.statusCode, titleOnly.body).toBe(200);
    // Writing the claimed title itself keeps the claim (the event wizard does so right after claiming).
    const current = (await call(EDITOR, 'GET', url)).json() as { _meta: { version: number } };
    const claimedTitle = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...(await t.auth(EDITOR)), 'if-match': `"${current._meta.version}"` },
      payload: { content: { title: { value: 'Cliff diving, retitled' }, 'uri-title': { value: uriTitle } } },
    });
    expect(claimedTitle.statusCode, claimedTitle.body).toBe(200);
  });

  it('answers a failed claim with an error response (the app turns it into false) and changes nothing', async () => {
    const id = await createStory();
    const uriTitle = title('soapbox');
    const slugId = `rbcom:en-INT:${uriTitle}`;
    const refused = async (response: Awaited<ReturnType<typeof claim>>, status: number) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ status });
    };
    await refused(await claim(`rbcom:en-INT:${uriTitle.toUpperCase()}`, id), 400);
    await refused(await claim(slugId, id, { spaces: ['global'] }), 400);
    await refused(await claim(`global:en-INT:${uriTitle}`, id, { spaces: ['global'] }), 400);
    await refused(await claim(slugId, '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d'), 404);
    await refused(await claim(slugId, id, { user: CURATOR }), 403);
    await refused(await call(EDITOR, 'PATCH', `${CLAIM}/${slugId}/relationships/claimingResource`, { id, spaces: ['rbcom'], type: 'story' }), 400);
    expect((await t.app.inject({ method: 'PATCH', url: `${CLAIM}/${slugId}/relationships/claimingResource`, payload: { data: { id, spaces: ['rbcom'], type: 'story' } } })).statusCode).toBe(401);
    expect(await lookup(slugId)).toEqual(FREE);
  });

  it('lets only an admin or technician change the URI title of a published asset (spec 002 §5)', async () => {
    const id = await createStory();
    await t.database.db.updateTable('asset_localization').set({ first_published_at: '2026-01-05T09:30:00.000Z' }).where('asset_id', '=', id).execute();
    const slugId = `rbcom:en-INT:${title('published')}`;
    const refused = await claim(slugId, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages).toEqual(['You may not change "uri-title".']);
    expect(await claimed(slugId, id, { user: TECH_ADMIN })).toEqual(FREE);
  });

  it('answers a malformed slug id with 400 and a space the user does not hold with 403', async () => {
    expect((await call(EDITOR, 'GET', `${LOOKUP}/not-a-slug-id`)).statusCode).toBe(400);
    expect((await call(EDITOR, 'GET', `${LOOKUP}/rbcom:en-INT:Cliff_Diving`)).statusCode).toBe(400);
    const hidden = await call(HUB, 'GET', `${LOOKUP}/rbcom:en-INT:${title('hidden')}`);
    expect(hidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${LOOKUP}/rbcom:en-INT:${title('anonymous')}` })).statusCode).toBe(401);
  });

  it('lets slugs and pending claims go with the version they name', async () => {
    const owner = await createStory();
    const claimer = await createStory();
    const slugId = `rbcom:en-INT:${title('gone')}`;
    await claimed(slugId, owner);
    await claimed(slugId, claimer);
    expect((await call(EDITOR, 'DELETE', `/api/v1/assets/${claimer}/localizations/en`)).statusCode).toBe(200);
    expect(await lookup(slugId)).toMatchObject({ conflictAssetId: owner, isClaimPending: false });
    expect((await call(EDITOR, 'DELETE', `/api/v1/assets/${owner}/localizations/en`)).statusCode).toBe(200);
    expect(await lookup(slugId)).toEqual(FREE);
  });
});
