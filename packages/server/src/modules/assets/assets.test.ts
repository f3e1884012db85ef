import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATOR, DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const MANAGER: TestUser = {
  sub: 'manager',
  name: 'Mia Manager',
  rights: {
    roles: ['content-manager', 'taxonomy-manager', 'all-localizations', 'embargo-date-manager', 'translator'],
    spaces: ['rbcom', 'global', 'rbtv'],
    localizations: ['en', 'de', 'fr'],
  },
};
const TRANSLATOR: TestUser = { sub: 'translator', name: 'Theo Translator', rights: { roles: ['translator'], spaces: ['rbcom'], localizations: ['de', 'fr', 'es'] } };

describe.each(DIALECTS)('assets (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(await t.auth(user)), ...headers }, ...(payload ? { payload } : {}) });

  const createStory = async (user: TestUser = EDITOR, content: object = { title: { value: 'Cliff diving in Mostar' }, teaser: { value: 'Twenty-seven metres above the Neretva.' } }, locale = 'en', space = 'rbcom') => {
    const response = await call(user, 'POST', `/api/v1/assets/-/localizations/${locale}?space=${space}&container.stencil=story`, { content });
    return response;
  };

  const created = async (user: TestUser = EDITOR) => {
    const response = await createStory(user);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; _meta: { version: number; updatedDate: string }; _links: Record<string, { href: string; methods: string[] }> };
  };

  const save = async (id: string, title: string, ifMatch?: string, user: TestUser = EDITOR) =>
    call(user, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: title } } }, ifMatch ? { 'if-match': ifMatch } : {});

  describe('create and read', () => {
    it('creates a story as a draft, with its content, links and ETag', async () => {
      const response = await createStory();
      expect(response.statusCode).toBe(201);
      expect(response.headers.etag).toBe('"1"');
      const asset = response.json();
      expect(asset.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(asset).toMatchObject({ localization: 'en', stencil: 'story', _meta: { status: 'draft', version: 1, createdBy: 'Emma Editor', aiTranslationNeedsConfirmation: false } });
      expect(asset.content.title).toMatchObject({ name: 'title', type: 'text', value: 'Cliff diving in Mostar', constraints: { required: true } });
      expect(asset.content['story-content']).toMatchObject({ type: 'one-of-container', multiple: true });
      expect(asset._links.self.methods).toEqual(['GET', 'PUT', 'PATCH', 'DELETE']);
      expect(asset._links['p:publish'].methods).toEqual(['POST']);
      expect(asset._links['p:changeSpaces'].methods).toEqual([]);
      expect(asset._embedded.about._meta).toMatchObject({ spaces: ['rbcom'], bookmarked: false, localizations: [{ localization: 'en', status: 'draft' }] });
      expect(response.headers.location).toBe(`/api/v1/assets/${asset.id}/localizations/en`);
    });

    it('reads a version back, raw when asked', async () => {
      const { id } = await created();
      const read = await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`);
      expect(read.statusCode).toBe(200);
      expect(read.headers.etag).toBe('"1"');
      const raw = await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en?raw=true`);
      // Inputs the request left out get the stencil's defaults.
      expect(raw.json().content).toEqual({ title: 'Cliff diving in Mostar', teaser: 'Twenty-seven metres above the Neretva.', standalone: true, 'no-monetization': false });
    });

    it('answers 404 for an unknown asset or locale, and outside the user spaces the same 404', async () => {
      const { id } = await created();
      const unknown = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${unknown}/localizations/en`)).statusCode).toBe(404);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/ja`)).statusCode).toBe(404);
      const foreign = await call(HUB, 'GET', `/api/v1/assets/${id}/localizations/en`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ status: 404, code: 'not-found', messages: [`No asset ${id} in locale en.`] });
    });

    it('refuses creation to a non-creator, outside the creatable spaces and for unknown stencils or locales', async () => {
      expect((await createStory(CURATOR)).statusCode).toBe(403);
      expect((await createStory(EDITOR, {}, 'en', 'rbtv')).statusCode).toBe(403);
      expect((await createStory(EDITOR, {}, 'ja')).statusCode).toBe(403);
      expect((await createStory(EDITOR, {}, 'xx-yy')).statusCode).toBe(400);
      const unknown = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=poem', { content: {} });
      expect(unknown.statusCode).toBe(400);
      const noSpace = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?container.stencil=story', { content: {} });
      expect(noSpace.statusCode).toBe(400);
    });

    it('refuses a value of the wrong type or an unknown input with 400 naming the input, and stores nothing', async () => {
      const wrong = await createStory(EDITOR, { title: { value: 42 } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().messages.join(' ')).toContain('title');
      const unknown = await createStory(EDITOR, { colour: { value: 'red' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().messages[0]).toContain('colour');
    });

    it('keeps a draft that breaks validation rules: errors block publishing, not saving', async () => {
      const response = await createStory(EDITOR, { teaser: { value: 'No title yet' } });
      expect(response.statusCode).toBe(201);
      expect(response.json().content.title.value).toBeUndefined();
    });

    it('gives the container with a p:localization link per locale, and the most relevant locale', async () => {
      const { id } = await created(MANAGER);
      expect((await call(MANAGER, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
      const container = (await call(MANAGER, 'GET', `/api/v1/assets/${id}`)).json();
      expect(container._links['p:localization'].map((l: { localization: string }) => l.localization)).toEqual(['en', 'de']);
      const relevant = async (wanted: string) => (await call(MANAGER, 'GET', `/api/v1/assets/${id}/localization?localization=${wanted}`)).json().localization;
      expect(await relevant('de')).toBe('de');
      expect(await relevant('de-AT')).toBe('de');
      expect(await relevant('fr')).toBe('en');
    });
  });

  describe('saving with optimistic concurrency', () => {
    it('saves a version based on the current one and keeps the history', async () => {
      const { id } = await created();
      const saved = await save(id, 'Cliff diving in Mostar: the final', '"1"');
      expect(saved.statusCode).toBe(200);
      expect(saved.headers.etag).toBe('"2"');
      expect(saved.json()._meta).toMatchObject({ version: 2, updatedBy: 'Emma Editor' });
      // A PUT carries the whole content: what it leaves out is removed.
      expect(saved.json().content.teaser.value).toBeUndefined();
      const history = (await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en?includeHistory=true`)).json()._meta.history;
      expect(history).toMatchObject([
        { version: 2, action: 'save', user: 'Emma Editor', changedProperties: ['no-monetization', 'standalone', 'teaser', 'title'], basedOnVersion: 1 },
        { version: 1, action: 'create', user: 'Emma Editor' },
      ]);
    });

    it('refuses a stale save with 412 naming the newer version, and overwrites only when asked with that version', async () => {
      const { id } = await created();
      expect((await save(id, 'First edit', '"1"', MANAGER)).statusCode).toBe(200);
      const stale = await save(id, 'Second edit', '"1"');
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ status: 412, code: 'version-conflict', current: { version: 2, updatedBy: 'Mia Manager' } });
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json().content.title.value).toBe('First edit');
      const overwrite = await save(id, 'Second edit', `"${stale.json().current.version}"`);
      expect(overwrite.statusCode).toBe(200);
      expect(overwrite.json().content.title.value).toBe('Second edit');
    });

    it('accepts a save without If-Match and records it as such', async () => {
      const { id } = await created();
      expect((await save(id, 'Blind save')).statusCode).toBe(200);
      const history = (await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en?includeHistory=true`)).json()._meta.history;
      expect(history[0]).toMatchObject({ version: 2, basedOnVersion: null });
    });

    it('refuses a malformed If-Match or body with 400 and changes nothing', async () => {
      const { id } = await created();
      expect((await save(id, 'x', 'yesterday')).statusCode).toBe(400);
      expect((await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/en`, { title: 'no content' })).statusCode).toBe(400);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).headers.etag).toBe('"1"');
    });

    it('patches named inputs and leaves the others', async () => {
      const { id } = await created();
      const patched = await call(EDITOR, 'PATCH', `/api/v1/assets/${id}/localizations/en`, { content: { teaser: { value: 'A new teaser' } } }, { 'if-match': '"1"' });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().content).toMatchObject({ title: { value: 'Cliff diving in Mostar' }, teaser: { value: 'A new teaser' } });
    });

    it('refuses saves by users who may only read', async () => {
      const { id } = await created();
      expect((await save(id, 'Curated', '"1"', CURATOR)).statusCode).toBe(403);
      const asCurator = (await call(CURATOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json();
      expect(asCurator._links.self.methods).toEqual(['GET']);
    });

    it('lets exactly one of two saves based on the same version win, every time', async () => {
      const { id } = await created();
      const headers = await t.auth(EDITOR);
      const rounds = 1000;
      for (let round = 1; round <= rounds; round++) {
        const put = (title: string) =>
          t.app.inject({ method: 'PUT', url: `/api/v1/assets/${id}/localizations/en`, headers: { ...headers, 'if-match': `"${round}"` }, payload: { content: { title: { value: title } } } });
        const statuses = (await Promise.all([put(`A ${round}`), put(`B ${round}`)])).map((r) => r.statusCode).toSorted();
        expect(statuses).toEqual([200, 412]);
      }
      const final = await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en?includeHistory=true`);
      expect(final.json()._meta.version).toBe(rounds + 1);
      expect(final.json()._meta.history).toHaveLength(rounds + 1);
    }, 120_000);
  });

  describe('translate and ship', () => {
    it('creates a locale from a reference locale, once', async () => {
      const { id } = await created();
      const translated = await call(EDITOR, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' });
      expect(translated.statusCode).toBe(201);
      expect(translated.json()).toMatchObject({ localization: 'de', _meta: { status: 'draft', version: 1 }, content: { title: { value: 'Cliff diving in Mostar' } } });
      const again = await call(EDITOR, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' });
      expect(again.statusCode).toBe(409);
      expect(again.json().messages).toEqual(['Locale de already exists for this asset.']);
    });

    it('refuses translation into a locale the user lacks, or without the translator role', async () => {
      const { id } = await created(MANAGER);
      expect((await call(TRANSLATOR, 'POST', `/api/v1/assets/${id}/localizations/xx`, { reference: 'en' })).statusCode).toBe(400);
      const { id: other } = await created();
      expect((await call(TRANSLATOR, 'POST', `/api/v1/assets/${other}/localizations/it`, { reference: 'en' })).statusCode).toBe(403);
      const noRole = { ...EDITOR, rights: { ...EDITOR.rights, roles: ['content-editor'] } };
      const refused = await call(noRole, 'POST', `/api/v1/assets/${other}/localizations/fr`, { reference: 'en' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messages).toEqual(["You're missing the user rights for this action"]);
    });

    it('ships named properties to every other locale the user may edit, locale by locale', async () => {
      const { id } = await created(MANAGER);
      for (const locale of ['de', 'fr']) expect((await call(MANAGER, 'POST', `/api/v1/assets/${id}/localizations/${locale}`, { reference: 'en' })).statusCode).toBe(201);
      await call(MANAGER, 'PUT', `/api/v1/assets/${id}/localizations/en`, { content: { title: { value: 'Shipped title' }, teaser: { value: 'Kept local' } } });
      const limited = { ...MANAGER, rights: { ...MANAGER.rights, localizations: ['en', 'de'] } };
      const shipped = await call(limited, 'PATCH', `/api/v1/assets/${id}/localizations/en/actions/ship`, { propertiesToShip: ['title'] });
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json().data).toEqual([
        { localization: 'de', status: 200, messages: [] },
        { localization: 'fr', status: 403, messages: ['You may not edit this asset.'] },
      ]);
      const de = (await call(MANAGER, 'GET', `/api/v1/assets/${id}/localizations/de`)).json();
      expect(de.content.title.value).toBe('Shipped title');
      expect(de.content.teaser.value).toBe('Twenty-seven metres above the Neretva.');
      expect((await call(MANAGER, 'GET', `/api/v1/assets/${id}/localizations/fr`)).json().content.title.value).toBe('Cliff diving in Mostar');
      expect((await call(MANAGER, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._meta.lastShipped).not.toBeNull();
    });

    it('bulk-ships from a named source to named locales and refuses unknown properties', async () => {
      const { id } = await created(MANAGER);
      await call(MANAGER, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' });
      await call(MANAGER, 'PATCH', `/api/v1/assets/${id}/localizations/de`, { content: { teaser: { value: 'Deutscher Teaser' } } });
      const result = await call(MANAGER, 'PATCH', `/api/v1/assets/${id}/actions/bulk-ship`, { sourceLocale: 'de', localesToShip: ['en', 'es'], propertiesToShip: ['teaser'] });
      expect(result.json().data).toEqual([
        { localization: 'en', status: 200, messages: [] },
        { localization: 'es', status: 404, messages: ['The asset has no locale es.'] },
      ]);
      expect((await call(MANAGER, 'GET', `/api/v1/assets/${id}/localizations/en`)).json().content.teaser.value).toBe('Deutscher Teaser');
      expect((await call(MANAGER, 'PATCH', `/api/v1/assets/${id}/actions/bulk-ship`, { sourceLocale: 'de', localesToShip: ['en'], propertiesToShip: ['colour'] })).statusCode).toBe(400);
    });
  });

  describe('bookmarks, spaces, embargo, delete, bulk-get', () => {
    it('bookmarks per user', async () => {
      const { id } = await created();
      expect((await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/en/bookmark`)).statusCode).toBe(204);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.bookmarked).toBe(true);
      expect((await call(MANAGER, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.bookmarked).toBe(false);
      expect((await call(EDITOR, 'DELETE', `/api/v1/assets/${id}/localizations/en/bookmark`)).statusCode).toBe(204);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.bookmarked).toBe(false);
    });

    it('changes spaces only for taxonomy managers with all localisations, within their spaces', async () => {
      const { id } = await created();
      expect((await call(EDITOR, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['global'] })).statusCode).toBe(403);
      expect((await call(MANAGER, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: [] })).statusCode).toBe(400);
      expect((await call(MANAGER, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['rbcom'] })).statusCode).toBe(400);
      expect((await call(MANAGER, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['illume'] })).statusCode).toBe(400);
      const changed = await call(MANAGER, 'PUT', `/api/v1/assets/${id}/spaces`, { spaces: ['rbcom', 'global'] });
      expect(changed.json()).toEqual({ spaces: ['global', 'rbcom'] });
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.spaces).toEqual(['global', 'rbcom']);
    });

    it('sets embargo dates only for embargo-date managers, start before end', async () => {
      const { id } = await created();
      const dates = { startDate: '2026-12-01T08:00:00.000Z', endDate: '2026-12-24T18:00:00.000Z' };
      expect((await call(EDITOR, 'POST', `/api/v1/assets/${id}/embargo`, dates)).statusCode).toBe(403);
      expect((await call(MANAGER, 'POST', `/api/v1/assets/${id}/embargo`, { startDate: dates.endDate, endDate: dates.startDate })).statusCode).toBe(400);
      expect((await call(MANAGER, 'POST', `/api/v1/assets/${id}/embargo`, dates)).json()).toEqual(dates);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.embargo).toEqual(dates);
    });

    it('deletes a locale version, and the container with its last one', async () => {
      const { id } = await created();
      await call(EDITOR, 'POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' });
      await call(EDITOR, 'PUT', `/api/v1/assets/${id}/localizations/de/bookmark`);
      expect((await call(CURATOR, 'DELETE', `/api/v1/assets/${id}/localizations/de`)).statusCode).toBe(403);
      const deleted = await call(EDITOR, 'DELETE', `/api/v1/assets/${id}/localizations/de`);
      expect(deleted.json()).toEqual({ id, localization: 'de', deleted: true, remainingLocalizations: ['en'] });
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/localizations/en`)).json()._embedded.about._meta.localizations).toEqual([{ localization: 'en', status: 'draft' }]);
      await call(EDITOR, 'DELETE', `/api/v1/assets/${id}/localizations/en`);
      expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}`)).statusCode).toBe(404);
    });

    it('bulk-gets versions, each answering on its own', async () => {
      const { id } = await created();
      const response = await call(EDITOR, 'POST', '/api/v1/assets/localizations/bulk-get?raw=true', {
        assetLocalizationIdentifiers: [
          { id, localization: 'en' },
          { id, localization: 'ja' },
        ],
      });
      expect(response.statusCode).toBe(200);
      const [found, missing] = response.json().data;
      expect(found).toMatchObject({ id, localization: 'en', status: 200, data: { content: { title: 'Cliff diving in Mostar' } } });
      expect(missing).toMatchObject({ id, localization: 'ja', status: 404 });
    });
  });
});
