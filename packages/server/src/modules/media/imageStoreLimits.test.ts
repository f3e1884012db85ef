import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { createImageStore } from './imageStore.ts';
import { RENDER_SIZES } from './renditionLimits.ts';
import { createRenderQueue } from './renderQueue.ts';

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

/** Noise compresses badly, so renditions have sizes worth budgeting. */
const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Every file under a folder with its size. */
const filesUnder = (dir: string) =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((name) => path.join(dir, name)).filter((file) => fs.statSync(file).isFile() && !file.endsWith('.tmp'))
    : [];
const bytesUnder = (dir: string) => filesUnder(dir).reduce((sum, file) => sum + fs.statSync(file).size, 0);

describe('the limits of the image store', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-store-limits-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cacheDir = () => path.join(dataDir, 'media', 'cache');
  const originalsDir = () => path.join(dataDir, 'media', 'originals');

  it('renders any of 3000 widths as one of 15 renditions, and 100 qualities as 10', async () => {
    const store = createImageStore({ dataDir });
    const { referenceId } = await store.saveImage(await sharp({ create: { width: 3200, height: 1800, channels: 3, background: '#3a8dde' } }).png().toBuffer());
    for (let width = 1; width <= 3000; width += 53) await store.renderImage({ referenceId, width });
    expect(filesUnder(cacheDir())).toHaveLength(RENDER_SIZES.length);
    for (let quality = 1; quality <= 100; quality += 3) await store.renderImage({ referenceId, width: 200, format: 'jpg', quality });
    expect(filesUnder(cacheDir()).filter((file) => /_q\d+\.jpg$/.test(file))).toHaveLength(10);
  });

  it('keeps renditions within the cache budget, least recently used out, and never removes an original', async () => {
    const budget = 200 * 1024;
    const store = createImageStore({ dataDir, renditionCacheMaxBytes: budget });
    const photos = [];
    for (const [width, height] of [[1600, 900], [1200, 900]] as const) photos.push((await store.saveImage(await noisy(width, height))).referenceId);
    const originals = filesUnder(originalsDir());
    const first = await store.renderImage({ referenceId: photos[0]!, width: 400 });
    let last = first;
    for (const referenceId of photos) {
      for (const width of [200, 250, 500, 600, 750]) {
        // The first rendition is used again and again, so it stays.
        await store.renderImage({ referenceId: photos[0]!, width: 400 });
        last = await store.renderImage({ referenceId, width });
        await store.renditionCacheSettled();
        expect(bytesUnder(cacheDir())).toBeLessThanOrEqual(budget);
      }
    }
    expect(filesUnder(cacheDir()).length).toBeLessThan(10);
    expect(fs.existsSync(first.file)).toBe(true);
    expect(fs.existsSync(last.file)).toBe(true);
    expect(filesUnder(originalsDir())).toEqual(originals);
    expect(store.renditionCacheUsage().bytes).toBe(bytesUnder(cacheDir()));
  });

  it('renders a rendition the budget removed again when it is asked for', async () => {
    const store = createImageStore({ dataDir, renditionCacheMaxBytes: 1 });
    const { referenceId } = await store.saveImage(await noisy(800, 600));
    const small = await store.renderImage({ referenceId, width: 200 });
    await store.renderImage({ referenceId, width: 400 });
    await store.renditionCacheSettled();
    expect(fs.existsSync(small.file)).toBe(false);
    const again = await store.renderImage({ referenceId, width: 200 });
    expect(again).toMatchObject({ file: small.file, rendered: true });
    expect(fs.existsSync(again.file)).toBe(true);
  });

  it('refuses a new render with 503 while the render queue is full, and still answers what is cached', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 0 });
    const store = createImageStore({ dataDir, renderQueue: queue });
    const { referenceId } = await store.saveImage(await noisy(800, 600));
    const cached = await store.renderImage({ referenceId, width: 200 });
    let release: (() => void) | undefined;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await statusOf(store.renderImage({ referenceId, width: 400 }))).toBe(503);
    expect(filesUnder(cacheDir())).toEqual([cached.file]);
    expect(await store.renderImage({ referenceId, width: 200 })).toMatchObject({ file: cached.file, rendered: false });
    // The original needs no render.
    expect(await store.renderImage({ referenceId })).toMatchObject({ rendered: false, format: 'jpg' });
    release?.();
    await busy;
    expect(await store.renderImage({ referenceId, width: 400 })).toMatchObject({ rendered: true });
  });

  it('forgets the renditions of a removed original in its budget', async () => {
    const store = createImageStore({ dataDir });
    const { referenceId } = await store.saveImage(await noisy(800, 600));
    await store.renderImage({ referenceId, width: 200 });
    await store.renditionCacheSettled();
    expect(store.renditionCacheUsage().files).toBe(1);
    await store.removeOriginal(referenceId);
    expect(store.renditionCacheUsage()).toEqual({ files: 0, bytes: 0 });
  });
});
