import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/*
 * Spec 001 §4, §5: the installation's rules, enforced where the app shows them: a space that publishes in some
 * locales only takes no version in another (created or translated), and image galleries are created only in the
 * environments that allow them.
 */

const EDITOR_EVERYWHERE: TestUser = { ...EDITOR, rights: { ...EDITOR.rights, localizations: ['en', 'de', 'fr'] } };

describe.each(DIALECTS)('installation rules (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SPACE_LOCALES: 'rbcom=en,de', IMAGE_GALLERY_ENVIRONMENTS: 'design,staging', APP_ENV: 'production', EVENT_PROFILE_SPACES: 'global' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(EDITOR_EVERYWHERE), ...(payload ? { payload } : {}) });
  const create = (locale: string, stencil = 'story', space = 'rbcom') =>
    call('POST', `/api/v1/assets/-/localizations/${locale}?space=${space}&container.stencil=${stencil}`, { content: { title: { value: 'Rally day' } } });

  it('creates versions only in the locales the space allows', async () => {
    expect((await create('en')).statusCode).toBe(201);
    expect((await create('fr')).statusCode).toBe(403);
    expect((await create('fr', 'story', 'global')).statusCode).toBe(201);
    const offered = await call('GET', '/api/v1/stencils?space=rbcom&localization=fr');
    expect(offered.json()).toEqual([]);
  });

  it('translates only into a locale the asset’s first space allows', async () => {
    const id = (await create('en')).json().id as string;
    expect((await call('POST', `/api/v1/assets/${id}/localizations/de`, { reference: 'en' })).statusCode).toBe(201);
    expect((await call('POST', `/api/v1/assets/${id}/localizations/fr`, { reference: 'en' })).statusCode).toBe(403);
  });

  it('offers and creates no image gallery in an environment that does not allow them', async () => {
    const offered = (await call('GET', '/api/v1/stencils?space=rbcom&localization=en')).json() as Array<{ name: string }>;
    expect(offered.map((stencil) => stencil.name)).toContain('story');
    expect(offered.map((stencil) => stencil.name)).not.toContain('image-gallery');
    expect((await create('en', 'image-gallery')).statusCode).toBe(403);
  });

  it('tells the app its rules', async () => {
    const script = (await t.app.inject({ method: 'GET', url: '/app-config.js' })).body;
    expect(script).toContain('"spaceLocales":{"rbcom":["en","de"]}');
    expect(script).toContain('"eventProfileSpaces":["global"]');
    expect(script).toContain('"allowsImageGalleries":false');
  });
});
