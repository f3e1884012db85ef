import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDescriptionSchema, imageMediaSchema, previewResponseSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../test/fakeChatCompletions.ts';
import { startFakeCloudinary, type FakeCloudinary } from '../../../test/fakeCloudinary.ts';
import { readConfig } from '../../config.ts';
import { createCloudinaryImages } from './cloudinaryImages.ts';

/** A crop from its corners, in pixels of the original. */
const crop = (x1: number, y1: number, x2: number, y2: number) => ({ p1: { x: x1, y: y1 }, p2: { x: x2, y: y2 } });

const WAVE = { provider: 'cloudinary', referenceId: 'nazare-wave', width: 1600, height: 900, imageFormat: 'jpg' };

describe.each(DIALECTS)('images of a Cloudinary account (%s)', (dialect) => {
  let t: TestApp;
  let cloud: FakeCloudinary;
  let ai: FakeChatCompletions;
  beforeAll(async () => {
    cloud = await startFakeCloudinary();
    ai = await startFakeChatCompletions();
    await cloud.addImage('nazare-wave', { width: 1600, height: 900, format: 'jpg' });
    await cloud.addImage('panorama', { width: 4000, height: 1000, format: 'png' });
    await cloud.addImage('loop', { width: 60, height: 40, format: 'gif' });
    await cloud.addImage('small-summit', { width: 800, height: 600, format: 'jpg' });
    t = await startTestApp(dialect, { ...cloud.env, AI_BASE_URL: ai.url, AI_MODEL: 'fake-vision' });
  });
  afterAll(async () => {
    await t.close();
    await cloud.close();
    await ai.close();
  });

  const call = async (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? await t.auth(user) : {}, ...(payload ? { payload } : {}) });
  const create = async (stencil: string, content: object) => {
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=${stencil}`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const media = (referenceId: string) => call(EDITOR, 'GET', `/api/v1/media?provider=cloudinary&referenceId=${referenceId}`);
  const thumbnail = (referenceId: string, query = '?w=200', accept = 'image/avif,image/webp,*/*') =>
    t.app.inject({ method: 'GET', url: `/media/thumbnail/cloudinary/${referenceId}${query}`, headers: { accept } });
  const requestsFor = (fragment: string) => cloud.requests.filter((url) => url.includes(fragment)).length;

  it("points card, list and image-url addresses at the account's delivery base, and they serve there", async () => {
    const ratios = { '16x9': crop(0, 0, 1600, 900) };
    const id = await create('image', { image: { value: { ...WAVE, ratios } }, title: { value: 'Big wave at Nazaré' } });
    const expected = `${cloud.deliveryBase}/image/upload/c_crop,x_0,y_0,w_1600,h_900/w_400,f_auto,q_auto/nazare-wave`;
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`)).json()).toEqual({ imageUrl: expected });
    const list = await call(EDITOR, 'GET', '/api/v1/assets?limit=50');
    const item = list.json<{ _embedded: { item: Array<{ id: string; imageUrl: string | null }> } }>()._embedded.item.find((entry) => entry.id === id);
    expect(item?.imageUrl).toBe(expected);
    const served = await fetch(expected, { headers: { accept: 'image/webp' } });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 400 });
  });

  it("points the preview's hero, inline and card images at the account, and the page's policy allows it", async () => {
    const story = await create('story', { title: { value: 'Surfing Nazaré' } });
    const content = {
      title: { value: 'Unsaved' },
      teaser: { value: 'A teaser' },
      'hero-image': { value: { ...WAVE, ratios: { '4x3': crop(200, 0, 1400, 900), '16x9': crop(0, 0, 1600, 900) } } },
      'story-content': { value: [{ type: 'image', value: { ...WAVE, referenceId: 'small-summit' } }] },
    };
    const response = await call(EDITOR, 'POST', `/api/v1/assets/${story}/localizations/en/preview`, { content });
    expect(response.statusCode, response.body).toBe(201);
    const { links } = previewResponseSchema.parse(response.json());
    const page = await call(undefined, 'GET', links.page);
    expect(page.body).toContain(`src="${cloud.deliveryBase}/image/upload/c_crop,x_0,y_0,w_1600,h_900/w_600,f_auto,q_auto/nazare-wave"`);
    expect(page.body).toContain(`src="${cloud.deliveryBase}/image/upload/w_600,f_auto,q_auto/small-summit"`);
    expect(page.headers['content-security-policy']).toContain(new URL(cloud.deliveryBase).origin);
    const card = await call(undefined, 'GET', links.featureCard);
    expect(card.body).toContain(`src="${cloud.deliveryBase}/image/upload/c_crop,x_200,y_0,w_1200,h_900/w_400,f_auto,q_auto/nazare-wave"`);
  });

  it("answers the media call from the Admin API: size, format, bytes and the very large image from the delivery base", async () => {
    const response = await media('nazare-wave');
    expect(response.statusCode, response.body).toBe(200);
    const body = imageMediaSchema.parse(response.json());
    expect(body).toEqual({
      provider: 'cloudinary',
      referenceId: 'nazare-wave',
      contentType: 'image',
      mediaType: 'image',
      width: 1600,
      height: 900,
      imageFormat: 'jpg',
      bytes: expect.any(Number),
      resources: [{ type: 'image-very-large', url: `${cloud.deliveryBase}/image/upload/w_1600/nazare-wave` }],
    });
    expect(body.bytes).toBeGreaterThan(0);
    expect((await media('panorama')).json()).toMatchObject({ width: 4000, imageFormat: 'png', resources: [{ url: `${cloud.deliveryBase}/image/upload/w_3000/panorama` }] });
    expect((await media('loop')).json()).toMatchObject({ mediaType: 'animated', imageFormat: 'gif', width: 60, height: 40 });
  });

  it("answers 404 when the account has no such image, 502 when the service fails, 400 for an id that cannot be one", async () => {
    const unknown = await media('no-such-image');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'not-found', messages: ['No image with the id no-such-image.'] });
    cloud.failNext(1, 'http-500');
    const failing = await media('nazare-wave');
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toEqual({ status: 502, code: 'image-service-failed', messages: ['The image service did not answer.', 'The Admin API of the image service answered 500.'] });
    cloud.failNext(1, 'reset');
    expect((await media('nazare-wave')).json()).toMatchObject({ status: 502, messages: ['The image service did not answer.', 'The Admin API of the image service could not be reached.'] });
    expect((await media('..%2F..%2Feditor')).statusCode).toBe(400);
  });

  it("serves the thumbnail proxy from the account's rendition, cached on disk, per kind of browser", async () => {
    const before = requestsFor('/w_400,f_auto,q_auto/nazare-wave');
    const first = await thumbnail('nazare-wave', '?w=400');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'content-type': 'image/avif', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept' });
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ width: 400 });
    const again = await thumbnail('nazare-wave', '?w=400');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(requestsFor('/w_400,f_auto,q_auto/nazare-wave')).toBe(before + 1);
    const plain = await thumbnail('nazare-wave', '?w=400', 'image/*');
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(requestsFor('/w_400,f_auto,q_auto/nazare-wave')).toBe(before + 2);
    const cached = fs.readdirSync(path.join(t.config.dataDir, 'media', 'account-cache', 'nazare-wave')).toSorted();
    expect(cached).toEqual(['thumbnail_w400_avif.avif', 'thumbnail_w400_plain.jpg']);
  });

  it('fetches a thumbnail once for requests arriving together', async () => {
    const before = requestsFor('/w_200,f_auto,q_auto/panorama');
    const answers = await Promise.all(Array.from({ length: 6 }, () => thumbnail('panorama', '?w=200', 'image/webp')));
    expect(answers.map((answer) => answer.headers['content-type'])).toEqual(Array(6).fill('image/webp'));
    expect(requestsFor('/w_200,f_auto,q_auto/panorama')).toBe(before + 1);
  });

  it('falls back to the placeholder, cached briefly, for an unknown image or a failing service, and caches no failure', async () => {
    const unknown = await thumbnail('no-such-image');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=60' });
    expect(await sharp(unknown.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
    cloud.failNext(1, 'http-500');
    const failing = await thumbnail('small-summit', '?w=600');
    expect(failing.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=60' });
    const healed = await thumbnail('small-summit', '?w=600');
    expect(healed.headers['content-type']).toBe('image/avif');
    expect(await sharp(healed.rawPayload).metadata()).toMatchObject({ width: 600 });
  });

  it("describes an account image from its 1024-wide JPEG rendition; a smaller one at its size", async () => {
    const id = await create('image', { image: { value: WAVE }, title: { value: 'Stari Most' } });
    const response = await call(EDITOR, 'POST', '/api/v1/image-descriptor', { assetId: id, langCode: 'de' });
    expect(response.statusCode, response.body).toBe(200);
    expect(imageDescriptionSchema.parse(response.json())).toEqual({ title: 'Picture of 1024 by 576 pixels [de]', teaser: 'A jpeg image described in de', 'seo-filename': 'picture-1024x576-de' });
    expect(cloud.requests.at(-1)).toBe(`/${cloud.cloudName}/image/upload/w_1024,c_limit,f_jpg/nazare-wave`);
    const story = await create('story', { title: { value: 'Summit' }, 'hero-image': { value: { ...WAVE, referenceId: 'small-summit', width: 800, height: 600 } } });
    expect((await call(EDITOR, 'POST', '/api/v1/image-descriptor', { assetId: story, langCode: 'en' })).json()).toMatchObject({ title: 'Picture of 800 by 600 pixels [en]' });
  });

  it('answers the description 422 when the account lacks the image and 502 when the service fails', async () => {
    const gone = await create('image', { image: { value: { ...WAVE, referenceId: 'deleted-at-cloudinary' } }, title: { value: 'Gone' } });
    const missing = await call(EDITOR, 'POST', '/api/v1/image-descriptor', { assetId: gone, langCode: 'en' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'no-image' });
    const id = await create('image', { image: { value: WAVE }, title: { value: 'Wave' } });
    cloud.failNext(1, 'http-500');
    const failing = await call(EDITOR, 'POST', '/api/v1/image-descriptor', { assetId: id, langCode: 'en' });
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toEqual({ status: 502, code: 'image-service-failed', messages: ['The image service did not answer.', 'The image delivery of the image service answered 500.'] });
  });
});

const clientOf = (env: Record<string, string>, options: { timeoutMs?: number; dataDir?: string } = {}) => {
  const account = readConfig(env).cloudinary;
  if (!account) throw new Error('no account');
  const timeouts = options.timeoutMs ? { adminTimeoutMs: options.timeoutMs, deliveryTimeoutMs: options.timeoutMs } : {};
  return createCloudinaryImages({ account, dataDir: options.dataDir ?? '/nonexistent', ...timeouts });
};

describe('the Cloudinary account client', () => {
  let cloud: FakeCloudinary;
  beforeAll(async () => {
    cloud = await startFakeCloudinary();
    await cloud.addImage('nazare-wave', { width: 1600, height: 900, format: 'jpg' });
  });
  afterAll(async () => {
    await cloud.close();
  });

  it('gives up on a service that does not answer within its timeout, with 502', async () => {
    cloud.failNext(1, 'hang');
    await expect(clientOf(cloud.env, { timeoutMs: 200 }).describeImage('nazare-wave')).rejects.toMatchObject({ status: 502, messages: ['The image service did not answer.', 'The Admin API of the image service gave no answer within 0.2 s.'] });
  });

  it('sends the account key and secret as basic auth: a wrong secret is a 502 naming the answer, not the secret', async () => {
    const wrong = { ...cloud.env, CLOUDINARY_URL: cloud.env.CLOUDINARY_URL!.replace('fake-account-secret', 'not-the-secret') };
    const error = await clientOf(wrong).describeImage('nazare-wave').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, messages: ['The image service did not answer.', 'The Admin API of the image service answered 401.'] });
    expect(JSON.stringify(error)).not.toContain('not-the-secret');
  });

  it('names a cached thumbnail until told it is gone, then fetches it again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-account-'));
    try {
      const client = clientOf(cloud.env, { dataDir });
      const first = await client.thumbnail({ referenceId: 'nazare-wave', width: 200, accepts: [] });
      expect(first).toMatchObject({ format: 'jpg', contentType: 'image/jpeg', rendered: true });
      expect(await client.thumbnail({ referenceId: 'nazare-wave', width: 200, accepts: [] })).toEqual({ ...first, rendered: false });
      fs.rmSync(first.file);
      client.forgetThumbnail(first.file);
      expect(await client.thumbnail({ referenceId: 'nazare-wave', width: 200, accepts: [] })).toEqual(first);
      expect(fs.existsSync(first.file)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Cloudinary configuration', () => {
  it("derives the API and delivery bases from CLOUDINARY_URL, which the overrides replace; demo content then defaults to off", () => {
    const config = readConfig({ CLOUDINARY_URL: 'cloudinary://123:secret@acme' });
    expect(config.cloudinary).toEqual({ cloudName: 'acme', apiKey: '123', apiSecret: 'secret', apiUrl: 'https://api.cloudinary.com/v1_1/acme', deliveryBaseUrl: 'https://res.cloudinary.com/acme' });
    expect(config.demoContent).toBe(false);
    expect(readConfig({ CLOUDINARY_URL: 'cloudinary://123:secret@acme', DEMO_CONTENT: 'on' }).demoContent).toBe(true);
    expect(readConfig({}).demoContent).toBe(true);
    const overridden = readConfig({ CLOUDINARY_URL: 'cloudinary://123:secret@acme', CLOUDINARY_API_BASE: 'http://127.0.0.1:9000/', CLOUDINARY_DELIVERY_BASE: 'https://images.example.org' });
    expect(overridden.cloudinary).toMatchObject({ apiUrl: 'http://127.0.0.1:9000/v1_1/acme', deliveryBaseUrl: 'https://images.example.org' });
  });

  it('stops the start for an override without an account or one that is no http(s) address', () => {
    expect(() => readConfig({ CLOUDINARY_DELIVERY_BASE: 'https://images.example.org' })).toThrow('CLOUDINARY_API_BASE and CLOUDINARY_DELIVERY_BASE need CLOUDINARY_URL');
    expect(() => readConfig({ CLOUDINARY_URL: 'cloudinary://123:secret@acme', CLOUDINARY_API_BASE: 'ftp://example.org' })).toThrow('CLOUDINARY_API_BASE must be an http(s) address');
  });
});
