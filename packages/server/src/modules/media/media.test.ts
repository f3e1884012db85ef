import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { isAppRoute } from '../../web/webApp.ts';
import { createImageStore } from './imageStore.ts';

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

  const get = (url: string) => t.app.inject({ method: 'GET', url });

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

  it('keeps /media out of the single-page app fallback', () => {
    expect(isAppRoute('/media/image/upload/nothing')).toBe(false);
    expect(isAppRoute('/all-content')).toBe(true);
  });
});
