import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, bulkPatchResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const VALID_STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  'story-content': { value: [{ type: 'text', value: '<p>Frozen waterfalls all winter.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
};
/** The editor without French: may read every locale of the asset but edit and translate only English and German. */
const NO_FRENCH: TestUser = { ...EDITOR, sub: 'no-french', name: 'Nora NoFrench', rights: { ...EDITOR.rights, localizations: ['en', 'de'] } };
const path = (id: string, locale: string) => `/api/v1/assets/${id}/localizations/${locale}`;

describe.each(DIALECTS)('bulk edit (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  /** A story in English, German and French. */
  const createStory = async () => {
    const created = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: VALID_STORY });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const locale of ['de', 'fr']) expect((await call(EDITOR, 'POST', path(id, locale), { reference: 'en' })).statusCode).toBe(201);
    return id;
  };
  const bulkPatch = async (user: TestUser, id: string, body: object) => call(user, 'POST', `/api/v1/assets/${id}/actions/bulk-patch`, body);
  const rows = async (id: string) => {
    const stored = await t.database.db.selectFrom('asset_localization').select(['locale', 'status', 'version', 'content']).where('asset_id', '=', id).orderBy('locale').execute();
    return Object.fromEntries(stored.map((row) => [row.locale, { status: row.status, version: row.version, content: JSON.parse(row.content) as Record<string, { value: unknown }> }]));
  };

  it('saves the values into each named locale and leaves the other inputs', async () => {
    const id = await createStory();
    const response = await bulkPatch(EDITOR, id, { locales: ['en', 'de', 'fr'], content: { teaser: { value: 'Cold all winter.' } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkPatchResponseSchema.parse(response.json())).toEqual({
      data: {
        en: { updateStatus: 'save-success', messages: [] },
        de: { updateStatus: 'save-success', messages: [] },
        fr: { updateStatus: 'save-success', messages: [] },
      },
    });
    for (const [locale, row] of Object.entries(await rows(id))) {
      expect(row.content.teaser?.value, locale).toBe('Cold all winter.');
      expect(row.content.title?.value, locale).toBe('Ice climbing in Rjukan');
      expect(row).toMatchObject({ status: 'draft', version: 2 });
    }
  });

  it('publishes each saved locale, and a locale that fails the publish check keeps its save', async () => {
    const id = await createStory();
    // French loses its required authorship, so it cannot be published.
    expect((await call(EDITOR, 'PATCH', path(id, 'fr'), { content: { authorship: { value: [] } } })).statusCode).toBe(200);
    const response = await bulkPatch(EDITOR, id, { locales: ['en', 'de', 'fr'], content: { teaser: { value: 'Cold all winter.' } }, publish: true });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = bulkPatchResponseSchema.parse(response.json());
    expect(data.en).toEqual({ updateStatus: 'save-and-publish-success', messages: [] });
    expect(data.de).toEqual({ updateStatus: 'save-and-publish-success', messages: [] });
    expect(data.fr).toMatchObject({ updateStatus: 'error', error: 'publish' });
    expect(data.fr?.messages.join(' ')).toContain(VALIDATION_MESSAGES.required);
    const stored = await rows(id);
    expect(stored.en).toMatchObject({ status: 'published' });
    expect(stored.de).toMatchObject({ status: 'published' });
    expect(stored.fr).toMatchObject({ status: 'draft' });
    expect(stored.fr?.content.teaser?.value).toBe('Cold all winter.');
  });

  it('answers a save error for a locale the user may not edit or that does not exist, and writes only the others', async () => {
    const id = await createStory();
    const before = await rows(id);
    const response = await bulkPatch(NO_FRENCH, id, { locales: ['en', 'fr', 'es'], content: { teaser: { value: 'Cold all winter.' } }, publish: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkPatchResponseSchema.parse(response.json()).data).toEqual({
      en: { updateStatus: 'save-and-publish-success', messages: [] },
      fr: { updateStatus: 'error', error: 'save', messages: ['You may not edit this asset.'] },
      es: { updateStatus: 'error', error: 'save', messages: [`No asset ${id} in locale es.`] },
    });
    const after = await rows(id);
    expect(after.fr).toEqual(before.fr);
    expect(after.de).toEqual(before.de);
    expect(after.en?.content.teaser?.value).toBe('Cold all winter.');
  });

  it('refuses unknown inputs and values of the wrong shape with 400 before writing anything', async () => {
    const id = await createStory();
    const before = await rows(id);
    const unknown = await bulkPatch(EDITOR, id, { locales: ['en', 'de'], content: { teaser: { value: 'Fine' }, colour: { value: 'blue' } }, publish: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual(['colour: the Story stencil has no input named "colour".']);
    const wrongShape = await bulkPatch(EDITOR, id, { locales: ['en', 'de'], content: { title: { value: 42 } } });
    expect(wrongShape.statusCode).toBe(400);
    expect((await bulkPatch(EDITOR, id, { locales: [], content: { teaser: { value: 'Fine' } } })).statusCode).toBe(400);
    expect(await rows(id)).toEqual(before);
    expect((await bulkPatch(EDITOR, 'no-such-asset', { locales: ['en'], content: { teaser: { value: 'Fine' } } })).statusCode).toBe(404);
  });

  it('bulk-ships only into the target locales the user may edit, answering 403 for the others', async () => {
    const id = await createStory();
    expect((await call(EDITOR, 'PATCH', path(id, 'en'), { content: { teaser: { value: 'Shipped teaser' } } })).statusCode).toBe(200);
    const shipped = await call(NO_FRENCH, 'PATCH', `/api/v1/assets/${id}/actions/bulk-ship`, { sourceLocale: 'en', localesToShip: ['de', 'fr'], propertiesToShip: ['teaser'] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toEqual([
      { localization: 'de', status: 200, messages: [] },
      { localization: 'fr', status: 403, messages: ['You may not edit this asset.'] },
    ]);
    const stored = await rows(id);
    expect(stored.de?.content.teaser?.value).toBe('Shipped teaser');
    expect(stored.fr?.content.teaser).toBeUndefined();
  });
});
