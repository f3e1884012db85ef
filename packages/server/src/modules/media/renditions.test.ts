import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { createImageStore, type ImageStore } from './imageStore.ts';
import { createRenditionCache } from './renditions.ts';

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()) : []);

/** A photo whose top half is red and bottom half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width, height: height / 2, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 });

const meanColour = async (file: string) => {
  const { channels } = await sharp(file).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
};

/** One frame of an animation. */
const frame = (colour: string) => sharp({ create: { width: 480, height: 320, channels: 4, background: colour } }).png().toBuffer();

/** An `exists` whose answers the test gives, one per call, in order. */
function controlledExists() {
  const pending: Array<(present: boolean) => void> = [];
  return { exists: () => new Promise<boolean>((resolve) => pending.push(resolve)), answer: (present: boolean) => pending.shift()?.(present), pending };
}

describe('renditions of the image store', () => {
  let dataDir: string;
  let store: ImageStore;
  let photo: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renditions-'));
    store = createImageStore({ dataDir });
    photo = (await store.saveImage(await halves(1600, 900).toBuffer(), { filename: 'halves.jpg' })).referenceId;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cacheOf = (referenceId: string) => path.join(dataDir, 'media', 'cache', referenceId);

  it('renders a rendition once for 20 requests at the same moment, and leaves no temporary file', async () => {
    const request = { referenceId: photo, region: { x: 11, y: 0, width: 800, height: 450 }, width: 400 };
    const results = await Promise.all(Array.from({ length: 20 }, () => store.renderImage(request)));
    expect(results.filter((result) => result.rendered)).toHaveLength(1);
    expect(new Set(results.map((result) => result.file)).size).toBe(1);
    expect(filesUnder(cacheOf(photo)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await sharp(results[0]!.file).metadata()).toMatchObject({ width: 400, height: 225 });
    // Later requests find it without rendering.
    expect(await store.renderImage(request)).toMatchObject({ rendered: false, file: results[0]!.file });
  });

  it('renders at most once per process when two processes share the cache, all readers seeing a whole file', async () => {
    const other = createImageStore({ dataDir });
    const request = { referenceId: photo, region: { x: 12, y: 0, width: 800, height: 450 }, width: 250, format: 'webp' as const };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).renderImage(request)));
    expect(results.filter((result) => result.rendered).length).toBeLessThanOrEqual(2);
    const bodies = results.map((result) => fs.readFileSync(result.file));
    expect(bodies.every((body) => body.equals(bodies[0]!))).toBe(true);
    expect(await sharp(bodies[0]).metadata()).toMatchObject({ format: 'webp', width: 250 });
    expect(filesUnder(cacheOf(photo)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('cuts the region from the image as shown before resizing it', async () => {
    const top = await store.renderImage({ referenceId: photo, region: { x: 0, y: 0, width: 1600, height: 440 }, width: 400 });
    expect(await sharp(top.file).metadata()).toMatchObject({ width: 400, height: 110 });
    const [red, , blue] = await meanColour(top.file);
    expect(red).toBeGreaterThan(240);
    expect(blue).toBeLessThan(15);
    // A photo stored on its side with an EXIF orientation: the region counts in pixels as shown (600 wide, 800 high).
    const upright = await halves(600, 800).toBuffer();
    const turned = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const saved = await store.saveImage(turned);
    expect(saved).toMatchObject({ width: 600, height: 800 });
    const bottom = await store.renderImage({ referenceId: saved.referenceId, region: { x: 0, y: 420, width: 600, height: 380 } });
    expect(await sharp(bottom.file).metadata()).toMatchObject({ width: 600, height: 380 });
    const [r, , b] = await meanColour(bottom.file);
    expect(b).toBeGreaterThan(240);
    expect(r).toBeLessThan(15);
  });

  it('clamps a region to the image and refuses one outside it with 400', async () => {
    const clamped = await store.renderImage({ referenceId: photo, region: { x: 1200, y: 600, width: 800, height: 800 } });
    expect(await sharp(clamped.file).metadata()).toMatchObject({ width: 400, height: 300 });
    expect(await statusOf(store.renderImage({ referenceId: photo, region: { x: 1600, y: 0, width: 10, height: 10 }, width: 200 }))).toBe(400);
    expect(filesUnder(cacheOf(photo)).some((name) => name.startsWith('x1600_'))).toBe(false);
  });

  it('picks the f_auto format from what the browser accepts, and encodes AVIF and a chosen quality', async () => {
    expect(await store.renderImage({ referenceId: photo, width: 200, format: 'auto', accepts: ['avif', 'webp'] })).toMatchObject({ format: 'avif', contentType: 'image/avif' });
    expect(await store.renderImage({ referenceId: photo, width: 200, format: 'auto', accepts: ['webp'] })).toMatchObject({ format: 'webp' });
    expect(await store.renderImage({ referenceId: photo, width: 200, format: 'auto' })).toMatchObject({ format: 'jpg' });
    const avif = await store.renderImage({ referenceId: photo, width: 200, format: 'avif' });
    expect(await sharp(avif.file).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 200 });
    const noise = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 95 }).toBuffer();
    const { referenceId: noisy } = await store.saveImage(noise);
    const low = await store.renderImage({ referenceId: noisy, width: 400, quality: 5 });
    const high = await store.renderImage({ referenceId: noisy, width: 400, quality: 100 });
    expect(fs.statSync(low.file).size).toBeLessThan(fs.statSync(high.file).size / 2);
    // A quality alone re-encodes the original; a lossless format has none, so the original itself is delivered.
    expect(await store.renderImage({ referenceId: photo, quality: 40 })).toMatchObject({ rendered: true, format: 'jpg' });
    const png = await store.saveImage(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } }).png().toBuffer());
    expect(await store.renderImage({ referenceId: png.referenceId, quality: 40 })).toMatchObject({ rendered: false, format: 'png' });
  });

  it('keeps an animated GIF animated through a crop (WebP or GIF, never AVIF)', async () => {
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } }).gif().toBuffer();
    const { referenceId } = await store.saveImage(gif);
    const auto = await store.renderImage({ referenceId, region: { x: 40, y: 40, width: 300, height: 200 }, width: 200, format: 'auto', accepts: ['avif', 'webp'] });
    expect(auto.format).toBe('webp');
    expect(await sharp(auto.file, { animated: true }).metadata()).toMatchObject({ pages: 3, width: 200, pageHeight: 133 });
  });
});

describe('the rendition cache', () => {
  it('does not render again on a "missing" answer that came before a render finished', async () => {
    const disk = controlledExists();
    const cache = createRenditionCache({ exists: disk.exists });
    let renders = 0;
    const produce = async () => {
      renders += 1;
    };
    const first = cache.ensure('a.jpg', produce);
    const second = cache.ensure('a.jpg', produce);
    expect(disk.pending).toHaveLength(2);
    disk.answer(false);
    expect(await first).toBe(true);
    // The second check was answered while nothing was on disk; the render has finished since.
    disk.answer(false);
    expect(await second).toBe(false);
    expect(renders).toBe(1);
    // Known now: no further file check.
    expect(await cache.ensure('a.jpg', produce)).toBe(false);
    expect(disk.pending).toHaveLength(0);
  });

  it('lets waiters share a failed render, and tries again on the next call', async () => {
    const cache = createRenditionCache({ exists: async () => false });
    let renders = 0;
    const failing = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('disk full');
    };
    const results = await Promise.allSettled([cache.ensure('b.jpg', failing), cache.ensure('b.jpg', failing), cache.ensure('b.jpg', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(renders).toBe(1);
    expect(await cache.ensure('b.jpg', async () => undefined)).toBe(true);
  });

  it('checks the disk again for a rendition it forgot', async () => {
    let checks = 0;
    const cache = createRenditionCache({
      exists: async () => {
        checks += 1;
        return false;
      },
    });
    await cache.ensure('c.jpg', async () => undefined);
    cache.forget('c.jpg');
    expect(await cache.ensure('c.jpg', async () => undefined)).toBe(true);
    expect(checks).toBe(2);
  });
});
