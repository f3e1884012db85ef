import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageStore, referenceIdOf, type ImageStore } from './imageStore.ts';

describe('storing and removing originals', () => {
  let dataDir: string;
  let store: ImageStore;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-store-save-'));
    store = createImageStore({ dataDir });
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const originals = () => fs.readdirSync(path.join(dataDir, 'media', 'originals'));
  const temporary = async (data: Buffer) => {
    const file = store.temporaryFile(await store.ensureTmpDir());
    fs.writeFileSync(file, data);
    return file;
  };

  it('names an original by the slug of its file name and its content hash', () => {
    expect(referenceIdOf({ filename: 'Start Line – Kitzbühel.JPG', sha256: 'ab'.repeat(32) })).toBe(`start-line-kitzbuhel-${'ab'.repeat(10)}`);
    expect(referenceIdOf({ sha256: 'cd'.repeat(32) })).toBe('cd'.repeat(10));
  });

  it('moves a checked file in as the original, and drops a second copy of the same one', async () => {
    const data = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } }).png().toBuffer();
    const first = await temporary(data);
    await store.storeOriginal({ sourceFile: first, referenceId: 'pic-1', format: 'png' });
    expect(fs.existsSync(first)).toBe(false);
    expect(originals()).toEqual(['pic-1.png']);
    expect(await store.originalFormat('pic-1')).toBe('png');
    const second = await temporary(data);
    await store.storeOriginal({ sourceFile: second, referenceId: 'pic-1', format: 'png' });
    expect(fs.existsSync(second)).toBe(false);
    expect(originals()).toEqual(['pic-1.png']);
  });

  it('removes an original with its renditions', async () => {
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#654321' } }).jpeg().toBuffer();
    const { referenceId } = await store.saveImage(data, { filename: 'gone.jpg' });
    const rendition = await store.renderImage({ referenceId, width: 100 });
    expect(fs.existsSync(rendition.file)).toBe(true);
    await store.removeOriginal(referenceId);
    expect(originals()).toEqual([]);
    expect(fs.existsSync(rendition.file)).toBe(false);
    expect(await store.originalFormat(referenceId)).toBeUndefined();
  });

  it('removes temporary files older than the given age and keeps younger ones', async () => {
    const old = await temporary(Buffer.from('left by a stopped instance'));
    const young = await temporary(Buffer.from('being received'));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    fs.utimesSync(old, dayAgo, dayAgo);
    expect(await store.removeStaleTemporaryFiles(24 * 60 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
  });
});
