import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_TEXTS, assetVersionSchema, availableAiTranslationsSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../test/fakeChatCompletions.ts';
import { ABANDONED_LOCK_MS } from './translationLock.ts';

const IMAGE = { provider: 'cloudinary', referenceId: 'rjukan-ice', width: 1600, height: 900 };
const RICH_TEXT = '<p>Frozen <strong>waterfalls</strong> &amp; <a href="https://example.com/rjukan">blue ice</a>.</p><p>&nbsp;</p>';
const STORY = {
  title: { value: 'Ice climbing in Rjukan' },
  teaser: { value: 'Frozen waterfalls all winter.' },
  'hero-image': { value: IMAGE },
  'uri-title': { value: 'ice-climbing-in-rjukan' },
  'no-monetization': { value: true },
  'story-content': {
    value: [
      { type: 'text', value: RICH_TEXT },
      { type: 'headline', value: { 'headline-text': 'The climb', 'headline-chapter': true } },
      { type: 'image', value: IMAGE },
    ],
  },
  authorship: { value: [{ type: 'author-link', value: { id: 'some-author', stencil: 'author' } }] },
};
const NOT_TRANSLATOR: TestUser = { ...EDITOR, sub: 'no-translator', rights: { ...EDITOR.rights, roles: ['content-editor'] } };
const path = (id: string, locale: string) => `/api/v1/assets/${id}/localizations/${locale}`;
const aiPath = (id: string, target: string, reference = 'en') => `${path(id, target)}/ai-translations?reference=${reference}`;

describe.each(DIALECTS)('AI translation (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: 'sk-test' });
    t = await startTestApp(dialect, { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-test' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const createStory = async (content: object = STORY) => {
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const available = async (user: TestUser, id: string, locale = 'en') => {
    const response = await call(user, 'GET', `${path(id, locale)}/ai-translations/available-ai-translations`);
    expect(response.statusCode, response.body).toBe(200);
    return availableAiTranslationsSchema.parse(response.json());
  };
  const locks = () => t.database.db.selectFrom('translation_lock').selectAll().execute();
  const locales = async (id: string) => (await t.database.db.selectFrom('asset_localization').select('locale').where('asset_id', '=', id).orderBy('locale').execute()).map((row) => row.locale);

  it('creates the target locale as an AI draft: texts translated, markup and other inputs exactly kept', async () => {
    const id = await createStory();
    const response = await call(EDITOR, 'POST', aiPath(id, 'de'), { id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const version = assetVersionSchema.parse(response.json());
    expect(version.localization).toBe('de');
    expect(version._meta).toMatchObject({ status: 'draft', version: 1, aiTranslationNeedsConfirmation: true });
    expect(version._meta.aiGeneratedProperties).toEqual(['title', 'teaser', 'story-content']);
    const content = response.json().content as Record<string, { value: unknown }>;
    expect(content.title?.value).toBe('[de] Ice climbing in Rjukan');
    expect(content.teaser?.value).toBe('[de] Frozen waterfalls all winter.');
    expect(content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>[de] Frozen <strong>waterfalls</strong> &amp; <a href="https://example.com/rjukan">blue ice</a>.</p><p>&nbsp;</p>' },
      { type: 'headline', value: { 'headline-text': '[de] The climb', 'headline-chapter': true } },
      { type: 'image', value: IMAGE },
    ]);
    for (const name of ['hero-image', 'uri-title', 'no-monetization', 'authorship'] as const) expect(content[name]?.value).toEqual(STORY[name].value);
    const messages = (fake.requests.at(-1)?.messages ?? []) as Array<{ content: string }>;
    const user = JSON.parse(messages[1]?.content ?? '{}');
    // Rich text goes out per block, its inline tags as numbered tokens.
    expect(user).toEqual({
      sourceLocale: 'en',
      targetLocale: 'de',
      texts: ['Ice climbing in Rjukan', 'Frozen waterfalls all winter.', 'Frozen <1>waterfalls</1> & <2>blue ice</2>.', 'The climb'],
    });
    const history = await t.database.db.selectFrom('asset_history').select(['action', 'user_name']).where('asset_id', '=', id).where('locale', '=', 'de').execute();
    expect(history).toEqual([{ action: 'ai-translate:en', user_name: 'Emma Editor' }]);
    expect(await locks()).toEqual([]);
    // The source is untouched.
    expect((await call(EDITOR, 'GET', path(id, 'en'))).json().content.title.value).toBe('Ice climbing in Rjukan');
  });

  it('stores the confirmation of an AI translation with the fields still marked', async () => {
    const id = await createStory();
    const translated = await call(EDITOR, 'POST', aiPath(id, 'fr'));
    expect(translated.statusCode, translated.body).toBe(201);
    const content = translated.json().content as object;
    const confirmed = await call(EDITOR, 'PUT', path(id, 'fr'), { content, _meta: { aiTranslationNeedsConfirmation: false, aiGeneratedProperties: ['teaser'] } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()._meta).toMatchObject({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: ['teaser'], version: 2 });
    const row = await t.database.db.selectFrom('asset_localization').select('meta').where('asset_id', '=', id).where('locale', '=', 'fr').executeTakeFirstOrThrow();
    expect(JSON.parse(row.meta)).toMatchObject({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: ['teaser'] });
  });

  it('does not publish an AI draft until it is accepted', async () => {
    const id = await createStory();
    const translated = await call(EDITOR, 'POST', aiPath(id, 'it'));
    expect(translated.statusCode, translated.body).toBe(201);
    const check = await call(EDITOR, 'GET', `${path(id, 'it')}/publish-check`);
    expect(check.json()).toMatchObject({ readyToPublish: false });
    expect(check.json().errorItems[0].errorMessages).toContainEqual({ path: '', message: TRANSLATION_TEXTS.acceptBeforePublishing });
    const refused = await call(EDITOR, 'POST', `${path(id, 'it')}/publish`, {});
    expect(refused.statusCode, refused.body).toBe(409);

    const accepted = await call(EDITOR, 'PUT', path(id, 'it'), { content: translated.json().content, _meta: { aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const published = await call(EDITOR, 'POST', `${path(id, 'it')}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()._meta.status).toBe('published');
  });

  it('answers 503 when the AI fails, writes nothing, releases the lock, and a retry succeeds', async () => {
    const id = await createStory();
    for (const how of ['http-500', 'bad-json', 'wrong-count'] as const) {
      fake.failNext(1, how);
      const failed = await call(EDITOR, 'POST', aiPath(id, 'es'));
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().messages).toEqual([TRANSLATION_TEXTS.aiUnavailable]);
      expect(await locks()).toEqual([]);
      expect(await locales(id)).toEqual(['en']);
    }
    const retried = await call(EDITOR, 'POST', aiPath(id, 'es'));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await locales(id)).toEqual(['en', 'es']);
  });

  it('translates a block whose numbered tags the AI broke once more, run by run, and the other blocks per block', async () => {
    const richText = `${RICH_TEXT}<p>Cold nights.</p>`;
    const id = await createStory({ ...STORY, 'story-content': { value: [{ type: 'text', value: richText }] } });
    const before = fake.requests.length;
    fake.failNext(1, 'broken-tokens');
    const response = await call(EDITOR, 'POST', aiPath(id, 'de'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().content['story-content'].value).toEqual([
      {
        type: 'text',
        value: '<p>[de] Frozen <strong>[de] waterfalls</strong> [de] &amp; <a href="https://example.com/rjukan">[de] blue ice</a>[de] .</p><p>&nbsp;</p><p>[de] Cold nights.</p>',
      },
    ]);
    expect(response.json().content.title.value).toBe('[de] Ice climbing in Rjukan');
    const sent = fake.requests.slice(before).map((body) => JSON.parse((body.messages as Array<{ content: string }>)[1]?.content ?? '{}').texts);
    expect(sent).toEqual([
      ['Ice climbing in Rjukan', 'Frozen waterfalls all winter.', 'Frozen <1>waterfalls</1> & <2>blue ice</2>.', 'Cold nights.'],
      ['Frozen', 'waterfalls', '&', 'blue ice', '.'],
    ]);
  });

  it('refuses a second AI translation into the same locale while the first runs, with 409', async () => {
    const id = await createStory();
    const release = fake.hold();
    const before = fake.requests.length;
    const first = call(EDITOR, 'POST', aiPath(id, 'it'));
    try {
      await expect.poll(() => fake.requests.length, { timeout: 5000 }).toBeGreaterThan(before);
      expect(await locks()).toMatchObject([{ asset_id: id, locale: 'it', user_name: 'Emma Editor' }]);
      const second = await call(EDITOR, 'POST', aiPath(id, 'it'));
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().messages).toEqual(['An AI translation into it is already running for this asset.']);
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(201);
    expect(await locks()).toEqual([]);
    const again = await call(EDITOR, 'POST', aiPath(id, 'it'));
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([TRANSLATION_TEXTS.localeExists('it')]);
  });

  it('takes over a lock abandoned by a server that went away', async () => {
    const id = await createStory();
    const abandonedAt = new Date(Date.now() - ABANDONED_LOCK_MS - 1000).toISOString();
    await t.database.db.insertInto('translation_lock').values({ asset_id: id, locale: 'de', token: 'gone', user_name: 'Someone', created_at: abandonedAt }).execute();
    const response = await call(EDITOR, 'POST', aiPath(id, 'de'));
    expect(response.statusCode, response.body).toBe(201);
    expect(await locks()).toEqual([]);
  });

  it('applies the rights of a manual translation', async () => {
    const id = await createStory();
    const outside = await call(EDITOR, 'POST', aiPath(id, 'ja'));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().messages).toEqual([TRANSLATION_TEXTS.missingRights]);
    expect((await call(NOT_TRANSLATOR, 'POST', aiPath(id, 'de'))).statusCode).toBe(403);
    expect((await call(EDITOR, 'POST', aiPath(id, 'xx'))).statusCode).toBe(400);
    expect((await call(EDITOR, 'POST', `${path(id, 'de')}/ai-translations`)).statusCode).toBe(400);
    expect((await call(EDITOR, 'POST', aiPath('no-such-asset', 'de'))).statusCode).toBe(404);
    expect(await locales(id)).toEqual(['en']);
    expect(await locks()).toEqual([]);
  });

  it('offers the locales the user may translate into that the asset does not have yet', async () => {
    const id = await createStory();
    expect(await available(EDITOR, id)).toEqual({ translatable: true, localizations: ['de', 'fr', 'es', 'it'] });
    expect((await call(EDITOR, 'POST', aiPath(id, 'fr'))).statusCode).toBe(201);
    expect(await available(EDITOR, id)).toEqual({ translatable: true, localizations: ['de', 'es', 'it'] });
    // The path's locale is only the source: another source of the same asset offers the same targets.
    expect(await available(EDITOR, id, 'fr')).toEqual({ translatable: true, localizations: ['de', 'es', 'it'] });
    expect(await available(NOT_TRANSLATOR, id)).toEqual({ translatable: false, localizations: [] });
    expect((await call(CURATOR, 'GET', `${path('no-such-asset', 'en')}/ai-translations/available-ai-translations`)).statusCode).toBe(404);
  });

  it('offers nothing and refuses with 503 when no AI endpoint is configured', async () => {
    const plain = await startTestApp(dialect);
    try {
      const headers = await plain.auth(EDITOR);
      const created = await plain.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers, payload: { content: STORY } });
      const id = created.json().id as string;
      const offer = await plain.app.inject({ method: 'GET', url: `${path(id, 'en')}/ai-translations/available-ai-translations`, headers });
      expect(offer.json()).toEqual({ translatable: false, localizations: [] });
      const refused = await plain.app.inject({ method: 'POST', url: aiPath(id, 'de'), headers });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().messages).toEqual([TRANSLATION_TEXTS.aiUnavailable]);
    } finally {
      await plain.close();
    }
  });
});
