import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uriSlugClaimSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../test/fakeChatCompletions.ts';

/*
 * Spec 000 §9: a locale of a worldwide region (es-LAT, en-CAR, ar-MEA, sq-KV) is a locale wherever one is: created,
 * listed, translated by hand and by AI, shipped into, and claiming URI slugs in its own region.
 */

const LATAM: TestUser = { ...EDITOR, sub: 'latam-editor', name: 'Lola Latam', rights: { ...EDITOR.rights, localizations: ['en', 'es-LAT', 'en-CAR'] } };
const path = (id: string, locale: string) => `/api/v1/assets/${id}/localizations/${locale}`;

describe.each(DIALECTS)('worldwide locales (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  beforeAll(async () => {
    fake = await startFakeChatCompletions();
    t = await startTestApp(dialect, { LOCALES: 'en,de,es,es-LAT,en-CAR', AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(LATAM), ...(payload ? { payload } : {}) });
  const createStory = async (title: string) => {
    const response = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: { title: { value: title }, teaser: { value: 'Seen from the summit.' } } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };

  it('creates an es-LAT version from English, lists it under its locale and ships into it', async () => {
    const id = await createStory('Volcano run');
    const created = await call('POST', path(id, 'es-LAT'), { reference: 'en' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ localization: 'es-LAT', _meta: { status: 'draft' } });

    const list = await call('GET', `/api/v1/assets?localization=es-LAT&stencil=story&limit=50`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json()._embedded.item as Array<{ id: string; localization: string }>).filter((item) => item.id === id).map((item) => item.localization)).toEqual(['es-LAT']);

    await call('PUT', path(id, 'en'), { content: { title: { value: 'Volcano run, shipped' }, teaser: { value: 'Seen from the summit.' } } });
    const shipped = await call('PATCH', `${path(id, 'en')}/actions/ship`, { propertiesToShip: ['title'] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toEqual([{ localization: 'es-LAT', status: 200, messages: [] }]);
    expect((await call('GET', path(id, 'es-LAT'))).json().content.title.value).toBe('Volcano run, shipped');
  });

  it('translates into es-LAT by AI, telling the model the standard tag es-419', async () => {
    const id = await createStory('Night ride');
    const response = await call('POST', `${path(id, 'es-LAT')}/ai-translations?reference=en`, { id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().localization).toBe('es-LAT');
    const messages = (fake.requests.at(-1)?.messages ?? []) as Array<{ content: string }>;
    const sent = JSON.parse(String(messages.at(-1)?.content)) as { sourceLocale: string; targetLocale: string };
    expect(sent).toMatchObject({ sourceLocale: 'en', targetLocale: 'es-419' });
  });

  it('claims a URI slug in the es-LAT region, apart from the same title in Spanish', async () => {
    const id = await createStory('Ridge line');
    expect((await call('POST', path(id, 'es-LAT'), { reference: 'en' })).statusCode).toBe(201);
    const slugId = `rbcom:es-LAT:cresta-${dialect}`;
    const claimed = await call('PATCH', `/api/crepo/urislug-registry/uriSlugs/${slugId}/relationships/claimingResource`, { data: { id, spaces: ['rbcom'], type: 'story' } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const seen = await call('GET', `/api/crepo/urislug-registry/v2/uriSlugs/${slugId}`);
    expect(uriSlugClaimSchema.parse(seen.json())).toMatchObject({ conflictAssetId: id, localization: 'es-LAT' });
    const spanish = await call('GET', `/api/crepo/urislug-registry/v2/uriSlugs/rbcom:es-ES:cresta-${dialect}`);
    expect(uriSlugClaimSchema.parse(spanish.json()).conflictAssetId).toBeNull();
  });

  it('refuses a locale of no region, as any unknown locale', async () => {
    const id = await createStory('Unknown region');
    const refused = await call('POST', path(id, 'es-LATAM'), { reference: 'en' });
    expect(refused.statusCode).toBe(400);
  });
});
