import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, imageDescriptionSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../test/fakeChatCompletions.ts';
import { uploadAs } from '../../../test/uploadForm.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createImageStore } from '../media/imageStore.ts';
import { createMediaArchive } from '../media-archive/archiveStore.ts';
import { buildMediaItem } from '../media-archive/testFactories.ts';

const DESCRIPTOR = '/api/v1/image-descriptor';

async function saveImage(dataDir: string, size: { width: number; height: number }) {
  const data = await sharp({ create: { ...size, channels: 3, background: '#2f7d4f' } }).jpeg().toBuffer();
  const saved = await createImageStore({ dataDir }).saveImage(data, { filename: 'mostar-bridge.jpg' });
  return { provider: 'cloudinary', referenceId: saved.referenceId, width: saved.width, height: saved.height, imageFormat: saved.imageFormat };
}

describe.each(DIALECTS)('AI image description (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  let large: Awaited<ReturnType<typeof saveImage>>;
  let small: Awaited<ReturnType<typeof saveImage>>;
  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: 'sk-test' });
    t = await startTestApp(dialect, { AI_BASE_URL: fake.url, AI_MODEL: 'fake-vision', AI_API_KEY: 'sk-test' });
    large = await saveImage(t.config.dataDir, { width: 1600, height: 900 });
    small = await saveImage(t.config.dataDir, { width: 800, height: 600 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });
  const create = async (stencil: string, content: object, space = 'rbcom') => {
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=${space}&container.stencil=${stencil}`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const describeImage = (user: TestUser, assetId: string, langCode = 'de') => call(user, 'POST', DESCRIPTOR, { assetId, langCode });

  it("describes an image asset's image in the asked language from a 1024-wide JPEG, normalised", async () => {
    const id = await create('image', { image: { value: large }, title: { value: 'Stari Most' } });
    const before = fake.requests.length;
    const response = await describeImage(EDITOR, id, 'de');
    expect(response.statusCode, response.body).toBe(200);
    // The fake's "Picture of 1024 by 576 pixels [de]." loses its period, the teaser its "!", the file name its ".jpg".
    expect(imageDescriptionSchema.parse(response.json())).toEqual({ title: 'Picture of 1024 by 576 pixels [de]', teaser: 'A jpeg image described in de', 'seo-filename': 'picture-1024x576-de' });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1) as { model: string; response_format: unknown; messages: Array<{ role: string; content: unknown }> };
    expect(sent).toMatchObject({ model: 'fake-vision', response_format: { type: 'json_object' } });
    const user = sent.messages.find((message) => message.role === 'user');
    expect(user?.content).toEqual([
      { type: 'text', text: JSON.stringify({ langCode: 'de', language: 'German' }) },
      { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//) } },
    ]);
  });

  it("describes a story's hero image, and a smaller image at its own size", async () => {
    const id = await create('story', { title: { value: 'Diving in Mostar' }, 'hero-image': { value: small } });
    const response = await describeImage(EDITOR, id, 'pt-br');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ title: 'Picture of 800 by 600 pixels [pt-BR]', teaser: 'A jpeg image described in pt-BR', 'seo-filename': 'picture-800x600-pt-br' });
  });

  it.each([
    ['an error status', 'http-500', 'The AI endpoint answered 500.'],
    ['an answer that is not JSON', 'bad-json', 'The AI endpoint answered something other than a title, a teaser and an seo-filename.'],
    ['an answer without a teaser', 'incomplete', 'The AI endpoint answered something other than a title, a teaser and an seo-filename.'],
    ['a title of only punctuation', 'empty', 'The AI endpoint answered an empty title.'],
  ] as const)('answers 502 with the failure text on %s, and changes nothing', async (_label, how, reason) => {
    const id = await create('image', { image: { value: large }, title: { value: 'Unchanged' } });
    const version = `/api/v1/assets/${id}/localizations/en`;
    const before = await call(EDITOR, 'GET', version);
    fake.failNext(1, how);
    const response = await describeImage(EDITOR, id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: 502, messages: [IMAGE_UPLOAD_MESSAGES.descriptionFailed, reason], code: 'ai-failed' });
    const after = await call(EDITOR, 'GET', version);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.json().content).toEqual(before.json().content);
  });

  it('describes an image just uploaded for the asset before the asset is saved with it, and no other image', async () => {
    const id = await create('image', { title: { value: 'Not saved yet' } });
    const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b0452f' } }).png().toBuffer();
    const uploaded = await uploadAs(t, EDITOR, { filename: 'fresh.png', data }, { space: 'rbcom', context: { assetId: id, localization: 'en' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const referenceId = uploaded.json<{ public_id: string }>().public_id;
    const response = await call(EDITOR, 'POST', DESCRIPTOR, { assetId: id, langCode: 'en', referenceId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Picture of 1024 by 683 pixels [en]' });
    // An image of the store that was neither uploaded for this asset nor saved in it is as unknown as a missing one.
    const other = await call(EDITOR, 'POST', DESCRIPTOR, { assetId: id, langCode: 'en', referenceId: large.referenceId });
    expect(other.statusCode).toBe(404);
    const before = fake.requests.length;
    const elsewhere = await create('image', { title: { value: 'Another asset' } });
    expect((await call(EDITOR, 'POST', DESCRIPTOR, { assetId: elsewhere, langCode: 'en', referenceId })).statusCode).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('describes an archive image chosen through Add media before the asset is saved with it (spec 002 §4)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'describe-archive-'));
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const bytes = await sharp({ create: { width: 1400, height: 700, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const referenceId = await buildMediaItem(archive, { dir, contentType: 'image', bytes, title: 'Dune at dawn', width: 1400, height: 700 });
    const video = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Not an image' });
    const id = await create('image', { title: { value: 'Not saved yet' } });
    const response = await call(EDITOR, 'POST', DESCRIPTOR, { assetId: id, langCode: 'en', referenceId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Picture of 1024 by 512 pixels [en]' });
    expect((await call(EDITOR, 'POST', DESCRIPTOR, { assetId: id, langCode: 'en', referenceId: video })).statusCode).toBe(404);
  });

  it('answers 422 for an asset without an image, or whose image is missing from the store', async () => {
    const none = await create('story', { title: { value: 'Words only' } });
    const response = await describeImage(EDITOR, none);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, messages: [`The asset ${none} has no image to describe.`], code: 'no-image' });
    const gone = await create('image', { image: { value: { ...large, referenceId: 'deleted-image-1234' } }, title: { value: 'Gone' } });
    expect((await describeImage(EDITOR, gone)).statusCode).toBe(422);
  });

  it('tells the browser that images can be described', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain('"aiImageDescriptions":true');
  });

  it('answers 404 for an asset the user may not read, as for an unknown one, and 401 without sign-in', async () => {
    const id = await create('image', { image: { value: large }, title: { value: 'Rbcom only' } });
    const before = fake.requests.length;
    const hidden = await describeImage(HUB, id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ status: 404, code: 'not-found' });
    expect((await describeImage(EDITOR, '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: DESCRIPTOR, payload: { assetId: id, langCode: 'de' } })).statusCode).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 403 to a user who may read the asset but not edit it, without asking the AI endpoint', async () => {
    const id = await create('image', { image: { value: large }, title: { value: 'Read only' } });
    const before = fake.requests.length;
    const refused = await describeImage(CURATOR, id, 'en');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, code: 'forbidden' });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a malformed request with 400', async () => {
    const id = await create('image', { image: { value: large }, title: { value: 'Fine' } });
    for (const payload of [{ assetId: id }, { langCode: 'de' }, { assetId: id, langCode: 'de', extra: 1 }, { assetId: id, langCode: 'not a language' }]) {
      const response = await call(EDITOR, 'POST', DESCRIPTOR, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
  });
});

describe.each(DIALECTS)('AI image description without AI configuration (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the browser that images are not described', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain('"aiImageDescriptions":false');
  });

  it('answers 503 with a clear message', async () => {
    const media = await saveImage(t.config.dataDir, { width: 640, height: 480 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=image',
      headers: await t.auth(EDITOR),
      payload: { content: { image: { value: media }, title: { value: 'No AI here' } } },
    });
    const response = await t.app.inject({ method: 'POST', url: DESCRIPTOR, headers: await t.auth(EDITOR), payload: { assetId: created.json().id, langCode: 'en' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, messages: ['AI image descriptions are not available: no AI endpoint is configured.'], code: 'ai-unavailable' });
  });
});
