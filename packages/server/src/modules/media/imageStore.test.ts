import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { createImageStore, type ImageStore } from './imageStore.ts';
import { imageUrlOf, parseDeliveryPath, parseTransformations } from './delivery.ts';

const picture = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).toFormat(format).toBuffer();

const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#08f"/></svg>');

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe('image store', () => {
  let dataDir: string;
  let store: ImageStore;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-store-'));
    store = createImageStore({ dataDir });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps an original under media/originals with its size and format, named after the file and its content', async () => {
    const data = await picture('jpeg');
    const saved = await store.saveImage(data, { filename: 'Cliff Diving – Mostar.JPG' });
    expect(saved).toMatchObject({ width: 800, height: 600, imageFormat: 'jpg' });
    expect(saved.referenceId).toMatch(/^cliff-diving-mostar-[0-9a-f]{20}$/);
    expect(fs.readFileSync(path.join(dataDir, 'media', 'originals', `${saved.referenceId}.jpg`))).toEqual(data);
    // The same file again is the same image.
    expect(await store.saveImage(data, { filename: 'Cliff Diving – Mostar.JPG' })).toEqual(saved);
  });

  it('accepts png, gif, webp and svg', async () => {
    expect(await store.saveImage(await picture('png', 40, 30))).toMatchObject({ imageFormat: 'png', width: 40, height: 30 });
    expect(await store.saveImage(await picture('gif', 40, 30))).toMatchObject({ imageFormat: 'gif' });
    expect(await store.saveImage(await picture('webp', 40, 30))).toMatchObject({ imageFormat: 'webp' });
    expect(await store.saveImage(SVG, { filename: 'logo.svg' })).toMatchObject({ imageFormat: 'svg', width: 300, height: 150 });
  });

  it('reports the size as shown: a photo turned by its EXIF orientation is upright', async () => {
    const turned = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#000' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const saved = await store.saveImage(turned);
    expect(saved).toMatchObject({ width: 60, height: 80 });
    expect(await sharp((await store.renderImage({ referenceId: saved.referenceId, width: 50 })).file).metadata()).toMatchObject({ width: 60, height: 80 });
  });

  it('refuses a file that is not an image, or an image of another format, with 400', async () => {
    expect(await statusOf(store.saveImage(Buffer.from('just some text')))).toBe(400);
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer();
    expect(await statusOf(store.saveImage(tiff))).toBe(400);
  });

  it('renders a width rounded up to the next rendered size, caches it, and serves the cached file the next time', async () => {
    const { referenceId } = await store.saveImage(await picture('jpeg', 1600, 900));
    const first = await store.renderImage({ referenceId, width: 380 });
    expect(first).toMatchObject({ format: 'jpg', contentType: 'image/jpeg', rendered: true });
    expect(first.file.startsWith(path.join(dataDir, 'media', 'cache', referenceId))).toBe(true);
    expect(await sharp(first.file).metadata()).toMatchObject({ width: 400, height: 225, format: 'jpeg' });
    const second = await store.renderImage({ referenceId, width: 400 });
    expect(second).toMatchObject({ file: first.file, rendered: false });
  });

  it('fills a box by cropping, fits inside it otherwise, and never enlarges', async () => {
    const { referenceId } = await store.saveImage(await picture('png', 1600, 900));
    expect(await sharp((await store.renderImage({ referenceId, width: 400, height: 400, crop: 'fill' })).file).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(await sharp((await store.renderImage({ referenceId, width: 400, height: 400, crop: 'fit' })).file).metadata()).toMatchObject({ width: 400, height: 225 });
    expect(await sharp((await store.renderImage({ referenceId, width: 2400 })).file).metadata()).toMatchObject({ width: 1600 });
    expect(await sharp((await store.renderImage({ referenceId, width: 2000, height: 1000, crop: 'fill' })).file).metadata()).toMatchObject({ width: 1600, height: 800 });
    // A filled box keeps its crop ratio while its width is rounded up: 4x3 at 300 wide is rendered 4x3 at 400.
    expect(await sharp((await store.renderImage({ referenceId, width: 300, height: 225, crop: 'fill' })).file).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('delivers the original without transformations and converts on request', async () => {
    const data = await picture('png', 64, 64);
    const { referenceId } = await store.saveImage(data);
    const original = await store.renderImage({ referenceId });
    expect(original).toMatchObject({ format: 'png', rendered: false });
    expect(fs.readFileSync(original.file)).toEqual(data);
    expect(await sharp((await store.renderImage({ referenceId, format: 'webp' })).file).metadata()).toMatchObject({ format: 'webp' });
  });

  it('rasterises an svg to png when it is resized, and delivers it unchanged otherwise', async () => {
    const { referenceId } = await store.saveImage(SVG);
    expect(await store.renderImage({ referenceId })).toMatchObject({ format: 'svg', contentType: 'image/svg+xml' });
    const resized = await store.renderImage({ referenceId, width: 100 });
    expect(resized.format).toBe('png');
    // Rounded up to 200 wide, never enlarged past its own 300 × 150.
    expect(await sharp(resized.file).metadata()).toMatchObject({ width: 200, height: 100, format: 'png' });
    expect(await statusOf(store.renderImage({ referenceId, width: 100, format: 'svg' }))).toBe(400);
  });

  it('answers 404 for an unknown id and 400 for an id that could be a path', async () => {
    expect(await statusOf(store.renderImage({ referenceId: 'no-such-image' }))).toBe(404);
    for (const referenceId of ['../editor', '..', 'a/b', '.hidden', 'x%2F..', '']) {
      expect(await statusOf(store.renderImage({ referenceId }))).toBe(400);
    }
  });
});

describe('delivery URLs', () => {
  it('reads Cloudinary-style transformations', () => {
    expect(parseTransformations('w_400')).toEqual({ width: 400 });
    expect(parseTransformations('w_400,h_300,c_fill')).toEqual({ width: 400, height: 300, crop: 'fill' });
    expect(parseTransformations('c_fit')).toEqual({ crop: 'fit' });
    expect(parseTransformations('f_webp,w_200')).toEqual({ format: 'webp', width: 200 });
  });

  it('refuses any other transformation with 400', () => {
    for (const segment of ['e_blur', 'w_abc', 'w_0', 'w_-4', 'w_400,w_500', 'c_scale', 'c_fill,', 'w_400;h_300', 'f_tiff', 'W_400', 'w_99999999']) {
      expect(() => parseTransformations(segment), segment).toThrow(HttpError);
    }
  });

  it('reads a delivery path with an optional version segment and extension', () => {
    expect(parseDeliveryPath('abc-123')).toEqual({ referenceId: 'abc-123' });
    expect(parseDeliveryPath('w_400,c_fit/abc-123')).toEqual({ referenceId: 'abc-123', width: 400, crop: 'fit' });
    expect(parseDeliveryPath('w_400/v1712345678/abc-123.webp')).toEqual({ referenceId: 'abc-123', width: 400, format: 'webp' });
    expect(parseDeliveryPath('abc_123.jpeg')).toEqual({ referenceId: 'abc_123', format: 'jpg' });
    for (const rest of ['w_400/c_fill/abc', '../abc', 'w_400/../../abc', 'abc.exe', '', 'abc/']) {
      expect(() => parseDeliveryPath(rest), rest).toThrow(HttpError);
    }
  });

  it('turns an image of our image service into a delivery URL, and nothing else', () => {
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: 'abc-123' }, { width: 400 })).toBe('/media/image/upload/w_400/abc-123');
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: 'abc' }, { width: 200, height: 150, crop: 'fill' })).toBe('/media/image/upload/w_200,h_150,c_fill/abc');
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: 'abc' })).toBe('/media/image/upload/abc');
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: 'abc' }, { width: 600, baseUrl: 'https://res.cloudinary.com/demo/' })).toBe('https://res.cloudinary.com/demo/image/upload/w_600/abc');
    expect(imageUrlOf({ provider: 'youtube', referenceId: 'abc' }, { width: 400 })).toBeUndefined();
    expect(imageUrlOf({ provider: 'cloudinary', referenceId: '../x' }, { width: 400 })).toBeUndefined();
  });
});
