import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetLinksResponseSchema } from '@editor/domain';
import { readConfig } from '../../config.ts';
import { DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const CONFIGURED = {
  PUBLIC_URL: 'https://editor.example.com',
  ASSET_LINK_WEB: 'https://www.example.com/{locale}/assets/{id}',
  ASSET_LINK_WEB_PREVIEW: 'https://preview.example.com/{locale}/assets/{id}?draft=true',
  ASSET_LINK_EXPLORER: 'https://explorer.example.com/resources/{id}',
  ASSET_LINK_FEATURING_APP: 'https://featuring.example.com/assets/{id}/{locale}',
};

const links = async (t: TestApp, url: string, user: TestUser = EDITOR) => {
  const response = await t.app.inject({ method: 'GET', url, headers: await t.auth(user) });
  return { status: response.statusCode, body: response.json() };
};

describe.each(DIALECTS)('url-composer links (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp(dialect, env);
    apps.push(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/de?space=rbcom&container.stencil=story',
      headers: await t.auth(EDITOR),
      payload: { content: { title: { value: 'Eisklettern in Rjukan' } } },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { t, id: response.json().id as string };
  };

  describe('with every link configured', () => {
    let app: { t: TestApp; id: string };
    beforeAll(async () => {
      app = await start(CONFIGURED);
    });

    it('answers the five links of an asset in its only locale', async () => {
      const { status, body } = await links(app.t, `/api/crepo/url-composer/v1/resources/${app.id}/links`);
      expect(status).toBe(200);
      expect(assetLinksResponseSchema.strict().parse(body).data.links).toEqual([
        { rel: 'web', href: `https://www.example.com/de/assets/${app.id}` },
        { rel: 'webPreview', href: `https://preview.example.com/de/assets/${app.id}?draft=true` },
        { rel: 'editorApp', href: `https://editor.example.com/assets/${app.id}/localizations/de/edit` },
        { rel: 'explorer', href: `https://explorer.example.com/resources/${app.id}` },
        { rel: 'featuringApp', href: `https://featuring.example.com/assets/${app.id}/de` },
      ]);
    });

    it('takes the asked locale, and 404s for a locale, an asset or a space the user cannot read', async () => {
      expect((await links(app.t, `/api/crepo/url-composer/v1/resources/${app.id}/links?localization=de`)).status).toBe(200);
      expect((await links(app.t, `/api/crepo/url-composer/v1/resources/${app.id}/links?localization=fr`)).status).toBe(404);
      expect((await links(app.t, '/api/crepo/url-composer/v1/resources/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/links')).status).toBe(404);
      const hidden = await links(app.t, `/api/crepo/url-composer/v1/resources/${app.id}/links`, HUB);
      expect(hidden).toMatchObject({ status: 404, body: { status: 404, code: 'not-found' } });
    });
  });

  it('leaves out the links without configuration; the editor link is always there', async () => {
    const { t, id } = await start({ PUBLIC_URL: 'https://editor.example.com' });
    const { body } = await links(t, `/api/crepo/url-composer/v1/resources/${id}/links`);
    expect(body).toEqual({ data: { links: [{ rel: 'editorApp', href: `https://editor.example.com/assets/${id}/localizations/de/edit` }] } });
  });
});

describe('url-composer configuration', () => {
  it('reads ASSET_LINK_* templates and stops the start on one that is not an http(s) address with {id}', () => {
    expect(readConfig({ PUBLIC_URL: 'http://localhost:8080' }).assetLinks).toEqual({ editorApp: 'http://localhost:8080/assets/{id}/localizations/{locale}/edit' });
    expect(readConfig({ ASSET_LINK_EXPLORER: 'https://explorer.example.com/{id}' }).assetLinks.explorer).toBe('https://explorer.example.com/{id}');
    expect(() => readConfig({ ASSET_LINK_WEB: 'https://www.example.com/assets' })).toThrow('ASSET_LINK_WEB must be an http(s) address with {id} in it, got "https://www.example.com/assets"');
    expect(() => readConfig({ ASSET_LINK_WEB: 'javascript:alert({id})' })).toThrow(/ASSET_LINK_WEB must be/);
  });
});
