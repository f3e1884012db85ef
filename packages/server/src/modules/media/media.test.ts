import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMediaSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { MEDIA_POLICY } from '../../http/securityHeaders.ts';
import { isAppRoute } from '../../web/webApp.ts';
import { createImageStore } from './imageStore.ts';
import { RENDER_QUEUE_LENGTH, RENDER_CONCURRENCY } from './renderQueue.ts';

describe.each(DIALECTS)('image delivery (%s)', (dialect) => {
  let t: TestApp;
  let photo: string;
  let logo: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const images = createImageStore({ dataDir: t.config.dataDir });
    const data = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a8dde' } }).jpeg().toBuffer();
    photo = (await images.saveImage(data, { filename: 'kitzbuehel.jpg' })).referenceId;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#e11d48"/></svg>');
    logo = (await images.saveImage(svg, { filename: 'logo.svg' })).referenceId;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const cacheDir = () => path.join(t.config.dataDir, 'media', 'cache', photo);

  it('serves a resized image without sign-in, with long caching and its content type', async () => {
    const response = await get(`/media/image/upload/w_400/${photo}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 225 });
  });

  it('crops to a box with c_fill, serves the original without transformations and converts by extension', async () => {
    const filled = await get(`/media/image/upload/w_400,h_300,c_fill/${photo}`);
    expect(await sharp(filled.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const original = await get(`/media/image/upload/${photo}`);
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 1600, height: 900 });
    const webp = await get(`/media/image/upload/w_200/v1700000000/${photo}.webp`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200 });
  });

  it('answers the same rendition from its cache', async () => {
    const first = await get(`/media/image/upload/w_600/${photo}`);
    const second = await get(`/media/image/upload/w_580/${photo}`);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('delivers an svg unchanged and unable to run scripts, and as png when resized', async () => {
    const svg = await get(`/media/image/upload/${logo}`);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    const png = await get(`/media/image/upload/c_fit,w_60/${logo}`);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('refuses an unsupported transformation with 400', async () => {
    for (const transformation of ['e_blur', 'w_abc', 'c_scale', 'w_400,w_400', 'w_0']) {
      const response = await get(`/media/image/upload/${transformation}/${photo}`);
      expect(response.statusCode, transformation).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
  });

  it('answers 404 for an unknown image', async () => {
    const response = await get('/media/image/upload/w_400/no-such-image-1234');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not-found' });
  });

  it('never reads a file outside the image store', async () => {
    for (const url of [
      '/media/image/upload/..%2F..%2Feditor.db',
      '/media/image/upload/w_400/..%2Feditor.db',
      '/media/image/upload/%2e%2e/%2e%2e/editor.db',
      '/media/image/upload/w_400/../../editor.db',
      '/media/image/upload/..%5C..%5Ceditor.db',
      `/media/image/upload/${photo}%00.jpg`,
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('cuts a crop region before resizing: the chained form of Cloudinary URLs', async () => {
    const response = await get(`/media/image/upload/c_crop,x_100,y_50,w_800,h_600/w_400/${photo}`);
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const clamped = await get(`/media/image/upload/c_crop,x_1200,y_0,w_800,h_450/${photo}`);
    expect(await sharp(clamped.rawPayload).metadata()).toMatchObject({ width: 400, height: 450 });
    const outside = await get(`/media/image/upload/c_crop,x_1600,y_0,w_100,h_100/w_400/${photo}`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ status: 400, messages: [expect.stringContaining('lies outside the image')] });
  });

  it('answers f_auto with AVIF, WebP or the original format by the Accept header, and says so with Vary', async () => {
    const url = `/media/image/upload/w_250,f_auto,q_auto/${photo}`;
    const chrome = await get(url, { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' });
    expect(chrome.headers['content-type']).toBe('image/avif');
    expect(chrome.headers.vary).toBe('Accept');
    expect(await sharp(chrome.rawPayload).metadata()).toMatchObject({ compression: 'av1', width: 250 });
    const older = await get(url, { accept: 'image/webp,*/*' });
    expect(older.headers['content-type']).toBe('image/webp');
    const plain = await get(url, { accept: '*/*' });
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(plain.headers.vary).toBe('Accept');
    // A fixed format does not depend on the header.
    const fixed = await get(`/media/image/upload/w_300,f_avif,q_40/${photo}`, { accept: '*/*' });
    expect(fixed.headers['content-type']).toBe('image/avif');
    expect(fixed.headers.vary).toBeUndefined();
  });

  it('renders a new rendition once for 20 requests at the same moment, all answers equal', async () => {
    const url = `/media/image/upload/c_crop,x_7,y_7,w_900,h_600/w_250,f_auto/${photo}`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(url, { accept: 'image/webp' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.every((response) => response.rawPayload.equals(responses[0]!.rawPayload))).toBe(true);
    expect(Number(responses[0]!.headers['content-length'])).toBe(responses[0]!.rawPayload.length);
    const renditions = fs.readdirSync(cacheDir()).filter((name) => name.startsWith('x7_y7_w900_h600_w250'));
    expect(renditions).toEqual(['x7_y7_w900_h600_w250_h0_cfit.webp']);
    expect(fs.readdirSync(cacheDir()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('still answers a rendition after its cache folder was cleaned while the server ran', async () => {
    const url = `/media/image/upload/w_150/${photo}`;
    const first = await get(url);
    fs.rmSync(cacheDir(), { recursive: true, force: true });
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('serves thumbnails of our images through the thumbnail proxy, cached for good', async () => {
    const thumbnail = await get(`/media/thumbnail/cloudinary/${photo}`, { accept: 'image/webp' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 200, height: 113 });
    const medium = await get(`/media/thumbnail/cloudinary/${photo}?w=600`);
    expect(await sharp(medium.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 600 });
    expect((await get(`/media/thumbnail/cloudinary/${photo}?w=123`)).statusCode).toBe(400);
  });

  it('falls back to a neutral placeholder, briefly cached, when the thumbnail cannot be shown', async () => {
    const originals = path.join(t.config.dataDir, 'media', 'originals');
    fs.writeFileSync(path.join(originals, 'broken-image-1234.jpg'), 'not a picture at all');
    for (const url of ['/media/thumbnail/cloudinary/no-such-image-1234', '/media/thumbnail/youtube/dQw4w9WgXcQ', '/media/thumbnail/cloudinary/..%2F..%2Feditor.db', '/media/thumbnail/cloudinary/broken-image-1234?w=400']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/png');
      expect(response.headers['cache-control'], url).toBe('public, max-age=60');
      const { width, height } = await sharp(response.rawPayload).metadata();
      expect([width, height], url).toEqual(url.endsWith('w=400') ? [400, 300] : [200, 150]);
    }
  });

  it('sends the browser protections of an image: nothing runs, everything is sandboxed, errors and unknown paths too', async () => {
    expect(MEDIA_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    const image = await get(`/media/image/upload/w_400/${photo}`);
    expect(image.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': MEDIA_POLICY, 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect((await get(`/media/image/upload/${logo}`)).headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const answers = [
      await get('/media/image/upload/w_400/no-such-image-1234'),
      await get('/media/image/upload/e_blur/no-such-image-1234'),
      await get('/media/thumbnail/youtube/abc'),
      await get('/media/no-such-path'),
      await get('/media/image/fetch/https://example.org/x.jpg'),
      await get('/media'),
      await t.app.inject({ method: 'DELETE', url: `/media/image/upload/${photo}` }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 400, 200, 404, 404, 404, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': MEDIA_POLICY });
  });

  it('refuses a crop or a filled box of a ratio the app does not offer with 400, and rounds sizes up', async () => {
    for (const url of [`c_crop,x_0,y_0,w_1000,h_600/w_400/${photo}`, `c_crop,x_3,y_0,w_1610,h_900/${photo}`, `w_400,h_310,c_fill/${photo}`]) {
      const response = await get(`/media/image/upload/${url}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().messages[0], url).toContain('2x1, 3x1, 3x2');
    }
    const rounded = await get(`/media/image/upload/c_crop,x_0,y_0,w_1600,h_900/w_401,h_226,c_fill/${photo}`);
    expect(rounded.statusCode).toBe(200);
    expect(await sharp(rounded.rawPayload).metadata()).toMatchObject({ width: 500, height: 281 });
  });

  it('keeps /media out of the single-page app fallback', () => {
    expect(isAppRoute('/media/image/upload/nothing')).toBe(false);
    expect(isAppRoute('/all-content')).toBe(true);
  });
});

/** The bytes of every file under a folder. */
const bytesIn = (dir: string) =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[])
        .map((name) => fs.statSync(path.join(dir, name)))
        .filter((stat) => stat.isFile())
        .reduce((sum, stat) => sum + stat.size, 0)
    : 0;

// Rendering does not depend on the database: once, on SQLite.
describe('image delivery under a burst of new renditions', () => {
  let t: TestApp;
  let photo: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const data = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a8dde' } }).jpeg().toBuffer();
    photo = (await createImageStore({ dataDir: t.config.dataDir }).saveImage(data, { filename: 'kitzbuehel.jpg' })).referenceId;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers 503 with Retry-After to new renditions beyond the render queue, while it answers cached ones at once', async () => {
    // Cutting a region out of a 24-megapixel photo decodes all of it: a render of 0.1 to 0.3 s.
    const photoOf24Mp = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    const big = (await createImageStore({ dataDir: t.config.dataDir }).saveImage(photoOf24Mp, { filename: 'big.jpg' })).referenceId;
    const cached = `/media/image/upload/w_200/${photo}`;
    expect((await get(cached)).statusCode).toBe(200);
    // Each a crop never asked before, all at the same moment.
    const burst = Array.from({ length: RENDER_CONCURRENCY + RENDER_QUEUE_LENGTH + 6 }, (_, index) => get(`/media/image/upload/c_crop,x_${index},y_0,w_3200,h_1800/w_200/${big}`));
    // Once one is refused, the queue is full for the next few hundred milliseconds.
    await Promise.any(burst.map(async (answer) => ((await answer).statusCode === 503 ? undefined : Promise.reject(new Error('rendered')))));
    const meanwhile = await get(cached);
    expect(meanwhile.statusCode).toBe(200);
    // A thumbnail that would need a render now gets the placeholder, kept by nobody, so the next view asks again.
    const thumbnail = await get(`/media/thumbnail/cloudinary/${big}?w=400`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'no-store' });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const answers = await Promise.all(burst);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(RENDER_CONCURRENCY + RENDER_QUEUE_LENGTH);
    for (const answer of busy) {
      expect(answer.headers).toMatchObject({ 'retry-after': '2', 'x-content-type-options': 'nosniff', 'content-security-policy': MEDIA_POLICY });
      expect(answer.json()).toMatchObject({ status: 503, code: 'rendering-busy' });
    }
  });
});

describe.each(DIALECTS)('the rendition cache within RENDITION_CACHE_MAX_BYTES (%s)', (dialect) => {
  const budget = 150 * 1024;
  let t: TestApp;
  let photo: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { RENDITION_CACHE_MAX_BYTES: '150KB' });
    // Noise compresses badly: renditions of 20 to 120 KB.
    const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).jpeg({ quality: 90 }).toBuffer();
    photo = (await createImageStore({ dataDir: t.config.dataDir }).saveImage(data, { filename: 'noise.jpg' })).referenceId;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const media = (name: string) => path.join(t.config.dataDir, 'media', name);

  it('removes the least recently used renditions past the budget, never the original, and renders a removed one again', async () => {
    const original = fs.readdirSync(media('originals'));
    const first = await get(`/media/image/upload/w_200/${photo}`);
    for (const transformation of ['w_250', 'w_400', 'w_500', 'w_600', 'w_750', 'w_200,f_webp', 'w_400,f_webp']) {
      expect((await get(`/media/image/upload/${transformation}/${photo}`)).statusCode).toBe(200);
    }
    await expect.poll(() => bytesIn(media('cache'))).toBeLessThanOrEqual(budget);
    expect(fs.readdirSync(path.join(media('cache'), photo))).not.toContain('w200_h0_cfit.jpg');
    expect(fs.readdirSync(media('originals'))).toEqual(original);
    const again = await get(`/media/image/upload/w_200/${photo}`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.readdirSync(path.join(media('cache'), photo))).toContain('w200_h0_cfit.jpg');
  });
});

describe.each(DIALECTS)('image metadata call (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = async (image: Sharp, filename: string) => (await createImageStore({ dataDir: t.config.dataDir }).saveImage(await image.toBuffer(), { filename })).referenceId;
  const media = async (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/media${query}`, headers: await t.auth(EDITOR) });

  it("answers an image's size, format, bytes and its very large resource, which serves", async () => {
    const referenceId = await save(sharp({ create: { width: 1600, height: 900, channels: 3, background: '#d97706' } }).jpeg(), 'dune.jpg');
    const response = await media(`?provider=cloudinary&referenceId=${referenceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = imageMediaSchema.parse(response.json());
    const bytes = fs.statSync(path.join(t.config.dataDir, 'media', 'originals', `${referenceId}.jpg`)).size;
    expect(body).toEqual({
      provider: 'cloudinary',
      referenceId,
      contentType: 'image',
      mediaType: 'image',
      width: 1600,
      height: 900,
      imageFormat: 'jpg',
      bytes,
      resources: [{ type: 'image-very-large', url: `/media/image/upload/w_1600/${referenceId}` }],
    });
    const large = await t.app.inject({ method: 'GET', url: body.resources[0]!.url });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 1600, height: 900 });
  });

  it('caps the very large resource at 3000 wide and calls a GIF animated', async () => {
    const wide = await save(sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#0ea5e9' } }).png(), 'panorama.png');
    expect((await media(`?provider=cloudinary&referenceId=${wide}`)).json()).toMatchObject({ width: 4000, imageFormat: 'png', resources: [{ url: `/media/image/upload/w_3000/${wide}` }] });
    const gif = await save(sharp({ create: { width: 60, height: 40, channels: 3, background: '#16a34a' } }).gif(), 'loop.gif');
    expect((await media(`?provider=cloudinary&referenceId=${gif}`)).json()).toMatchObject({ mediaType: 'animated', imageFormat: 'gif', width: 60, height: 40 });
  });

  it('answers 404 for an unknown image, 400 for another provider or missing parameters, 401 without sign-in', async () => {
    const unknown = await media('?provider=cloudinary&referenceId=no-such-image-1234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, code: 'not-found' });
    const other = await media('?provider=myspace&referenceId=abc');
    expect(other.statusCode).toBe(400);
    expect(other.json().messages).toEqual(["provider: only 'cloudinary' images are supported, not 'myspace'."]);
    for (const query of ['', '?provider=cloudinary', '?referenceId=abc', '?provider=&referenceId=abc']) {
      const response = await media(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 400 });
    }
    expect((await media('?provider=cloudinary&referenceId=..%2F..%2Feditor')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/media?provider=cloudinary&referenceId=abc' })).statusCode).toBe(401);
  });
});
