import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, TAXONOMY_MANAGER, TECH_ADMIN, insertTaxonomyAsset, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const PARTNER = 'a0000000-0000-4000-8000-00000000a001';
const OTHER_PARTNER = 'a0000000-0000-4000-8000-00000000a002';
const partnerRef = (id: string) => ({ id, stencil: 'partner' });
const versionUrl = (id: string, locale = 'en') => `/api/v1/assets/${id}/localizations/${locale}`;
/** Raw values back into a content payload. */
const asPayload = (content: Record<string, unknown>) => Object.fromEntries(Object.entries(content).map(([name, value]) => [name, { value }]));

describe.each(DIALECTS)('field-level edit rights (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await insertTaxonomyAsset(t.database, { id: PARTNER, stencil: 'partner', space: 'global', title: 'Mountain Gear Co.' });
    await insertTaxonomyAsset(t.database, { id: OTHER_PARTNER, stencil: 'partner', space: 'global', title: 'Alpine Watches' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });

  /** A story with a main partner, made by a taxonomy manager; answers its id. */
  const storyWithPartner = async (content: object = {}) => {
    const response = await call(TAXONOMY_MANAGER, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', {
      content: { title: { value: 'Kayaking the Zambezi' }, 'main-partner': { value: partnerRef(PARTNER) }, ...content },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const rawContent = async (id: string, locale = 'en') => {
    const response = await call(EDITOR, 'GET', `${versionUrl(id, locale)}?raw=true`);
    return { etag: response.headers.etag as string, content: response.json().content as Record<string, unknown> };
  };
  const markPublished = (id: string) =>
    t.database.db.updateTable('asset_localization').set({ status: 'published', first_published_at: '2026-01-10T09:00:00.000Z', last_published_at: '2026-01-10T09:00:00.000Z' }).where('asset_id', '=', id).execute();

  it('refuses an editor changing the main partner with 403 naming the input, and writes nothing', async () => {
    const id = await storyWithPartner();
    const before = await rawContent(id);
    const saved = await call(EDITOR, 'PUT', versionUrl(id), { content: asPayload({ ...before.content, title: 'Changed too', 'main-partner': partnerRef(OTHER_PARTNER) }) }, { 'if-match': before.etag });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({ status: 403, code: 'forbidden', messages: ['You may not change "main-partner".'], inputs: ['main-partner'] });
    const after = await rawContent(id);
    expect(after).toEqual(before);
    const removed = await call(EDITOR, 'PATCH', versionUrl(id), { content: { 'main-partner': { value: null } } });
    expect(removed.statusCode).toBe(403);
    expect((await rawContent(id)).content['main-partner']).toEqual(partnerRef(PARTNER));
  });

  it('lets a taxonomy manager change the main partner', async () => {
    const id = await storyWithPartner();
    const patched = await call(TAXONOMY_MANAGER, 'PATCH', versionUrl(id), { content: { 'main-partner': { value: partnerRef(OTHER_PARTNER) } } }, { 'if-match': '"1"' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().content['main-partner'].value).toEqual(partnerRef(OTHER_PARTNER));
  });

  it('lets an editor save a story that keeps its main partner, whatever the key order of the value', async () => {
    const id = await storyWithPartner({ 'no-monetization': { value: true } });
    const before = await rawContent(id);
    const content = asPayload({ ...before.content, title: 'Kayaking the Zambezi, day two', 'main-partner': { stencil: 'partner', id: PARTNER } });
    const saved = await call(EDITOR, 'PUT', versionUrl(id), { content }, { 'if-match': before.etag });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().content.title.value).toBe('Kayaking the Zambezi, day two');
    expect(saved.json().content['main-partner'].value).toEqual(partnerRef(PARTNER));
  });

  it('takes a missing checkbox for an unticked one: an editor may leave out no-monetization when it is off, not when it is on', async () => {
    const off = await storyWithPartner();
    expect((await call(EDITOR, 'PUT', versionUrl(off), { content: { title: { value: 'Only a title' }, 'main-partner': { value: partnerRef(PARTNER) } } })).statusCode).toBe(200);
    const on = await storyWithPartner({ 'no-monetization': { value: true } });
    const refused = await call(EDITOR, 'PUT', versionUrl(on), { content: { title: { value: 'Only a title' }, 'main-partner': { value: partnerRef(PARTNER) } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages).toEqual(['You may not change "no-monetization".']);
  });

  it('names every refused input at once', async () => {
    const id = await storyWithPartner();
    const patched = await call(EDITOR, 'PATCH', versionUrl(id), {
      content: { 'motorsport-event-id': { value: 'wrc-2026-07' }, 'product-related-quote': { value: 'Best wings ever.' }, teaser: { value: 'Fine to change' } },
    });
    expect(patched.statusCode).toBe(403);
    expect(patched.json().messages).toEqual(['You may not change "motorsport-event-id".', 'You may not change "product-related-quote".']);
    expect((await rawContent(id)).content.teaser).toBeUndefined();
  });

  it('keeps motorsport ids for admins and the URI title of a published asset for admins and technicians', async () => {
    const id = await storyWithPartner({ 'uri-title': { value: 'kayaking-the-zambezi' } });
    expect((await call(TECH_ADMIN, 'PATCH', versionUrl(id), { content: { 'motorsport-event-id': { value: 'wrc-2026-07' } } })).statusCode).toBe(200);
    // Unpublished so far: anyone who may edit chooses the URI title.
    expect((await call(EDITOR, 'PATCH', versionUrl(id), { content: { 'uri-title': { value: 'zambezi-by-kayak' } } })).statusCode).toBe(200);
    await markPublished(id);
    const refused = await call(EDITOR, 'PATCH', versionUrl(id), { content: { 'uri-title': { value: 'zambezi-kayak-trip' } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages).toEqual(['You may not change "uri-title".']);
    expect((await call(TECH_ADMIN, 'PATCH', versionUrl(id), { content: { 'uri-title': { value: 'zambezi-kayak-trip' } } })).statusCode).toBe(200);
    expect((await rawContent(id)).content).toMatchObject({ 'uri-title': 'zambezi-kayak-trip', 'motorsport-event-id': 'wrc-2026-07' });
  });

  it('refuses shipping a restricted input to a locale where it would change', async () => {
    const id = await storyWithPartner();
    expect((await call(EDITOR, 'POST', versionUrl(id, 'de'), { reference: 'en' })).statusCode).toBe(201);
    expect((await call(TAXONOMY_MANAGER, 'PATCH', versionUrl(id), { content: { 'main-partner': { value: partnerRef(OTHER_PARTNER) } } })).statusCode).toBe(200);
    const shipped = await call(EDITOR, 'PATCH', `${versionUrl(id)}/actions/ship`, { propertiesToShip: ['main-partner'] });
    expect(shipped.json().data).toEqual([{ localization: 'de', status: 403, messages: ['You may not change "main-partner".'] }]);
    expect((await rawContent(id, 'de')).content['main-partner']).toEqual(partnerRef(PARTNER));
  });
});
