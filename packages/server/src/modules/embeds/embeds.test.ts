import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKAROO_CLIENT_ID, embedMediaSchema, zoeLocalizationListSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_ZOE_LOCALIZATIONS, seedDemoZoeLocalizationsIfEmpty } from '../../demo/demoZoeLocalizations.ts';

describe.each(DIALECTS)('embed media lookups and ZOE localizations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedDemoZoeLocalizationsIfEmpty({ db: t.database.db, audit: t.app.auditLog });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(EDITOR) });
  const media = (query: Record<string, string>) => get(`/api/v1/media?${new URLSearchParams(query).toString()}`);

  it('describes a YouTube video with its thumbnail and an embed frame on the embed host', async () => {
    const response = await media({ provider: 'youtube', referenceId: 'dQw4w9WgXcQ' });
    expect(response.statusCode).toBe(200);
    const item = embedMediaSchema.parse(response.json());
    expect(item).toMatchObject({ provider: 'youtube', referenceId: 'dQw4w9WgXcQ', mediaType: 'embed', title: 'YouTube embed', thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' });
    expect(item.embedHtml).toMatch(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" /);
  });

  it('keeps the subtype asked for and gives the default one otherwise', async () => {
    expect((await media({ provider: 'spotify', referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'album' })).json()).toMatchObject({ subtype: 'album', title: 'Spotify album embed' });
    expect((await media({ provider: 'spotify', referenceId: '4aawyAB9vmqN3uQ7FjRGTy' })).json()).toMatchObject({ subtype: 'track' });
  });

  it('describes a composed Tickaroo id', async () => {
    const referenceId = `clientId=${TICKAROO_CLIENT_ID}&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=WRC`;
    const response = await media({ provider: 'tickaroo', referenceId });
    expect(response.statusCode).toBe(200);
    expect(response.json().embedHtml).toContain('https://cdn.tickaroo.com/webng/embed/liveblog.html?clientId=');
  });

  it("answers 'Embed ID invalid' for an id that does not parse, a pasted link or markup", async () => {
    const invalid: Record<string, string>[] = [
      { provider: 'youtube', referenceId: 'nope' },
      { provider: 'youtube', referenceId: 'https://youtu.be/dQw4w9WgXcQ' },
      { provider: 'x', referenceId: '"><script>alert(1)</script>' },
      { provider: 'wrc-erc-results', referenceId: 'competition=wrc&idSas=abc' },
      { provider: 'spotify', referenceId: '4aawyAB9vmqN3uQ7FjRGTy', subtype: 'concert' },
    ];
    for (const query of invalid) {
      const response = await media(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(response.json())).toContain('Embed ID invalid');
    }
  });

  it('still hands images and unknown providers to the image branch', async () => {
    const unknown = await media({ provider: 'myspace', referenceId: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain("only 'cloudinary' images are supported");
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/media?provider=youtube&referenceId=dQw4w9WgXcQ' });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/media/zoe/localizations?locale=en' })).statusCode).toBe(401);
  });

  it('lists the ZOE localizations of the asset language and country, or of the language for an international family', async () => {
    const austrian = zoeLocalizationListSchema.parse((await get('/api/v1/media/zoe/localizations?locale=de-AT')).json()).localizations;
    expect(austrian.length).toBeGreaterThan(0);
    expect(austrian.every((item) => item.locale.language === 'de' && item.locale.country === 'AT')).toBe(true);
    const german = zoeLocalizationListSchema.parse((await get('/api/v1/media/zoe/localizations?locale=de')).json()).localizations;
    expect(german.map((item) => item.locale.country)).toEqual(expect.arrayContaining(['AT', 'DE', null]));
  });

  it('finds a localization by its id, or by title, engagement or slug', async () => {
    const target = DEMO_ZOE_LOCALIZATIONS.find((item) => item.slug === 'pit-stop-challenge' && item.locale === 'de-AT');
    expect(target).toBeDefined();
    const byId = (await get(`/api/v1/media/zoe/localizations?locale=de-AT&query=${target?.id ?? ''}`)).json();
    expect(byId.localizations).toEqual([
      { id: target?.id, title: 'Schlag die Boxencrew', engagement: 'Formula One pit stop challenge', slug: 'pit-stop-challenge', locale: { language: 'de', country: 'AT' }, fullscreenReady: true },
    ]);
    const bySlug = (await get('/api/v1/media/zoe/localizations?locale=en&query=power-stage')).json();
    expect(bySlug.localizations).toEqual([]);
    const byEngagement = (await get('/api/v1/media/zoe/localizations?locale=en-GB&query=rally%20stage')).json();
    expect(byEngagement.localizations.map((item: { slug: string }) => item.slug)).toEqual(['rally-stage-predictor']);
  });

  it('refuses a locale that is not a locale id', async () => {
    expect((await get('/api/v1/media/zoe/localizations?locale=german')).statusCode).toBe(400);
  });

  it('gives every localization a unique 24-hex id', () => {
    expect(new Set(DEMO_ZOE_LOCALIZATIONS.map((item) => item.id)).size).toBe(DEMO_ZOE_LOCALIZATIONS.length);
    expect(DEMO_ZOE_LOCALIZATIONS.every((item) => /^[0-9a-f]{24}$/.test(item.id))).toBe(true);
  });
});
