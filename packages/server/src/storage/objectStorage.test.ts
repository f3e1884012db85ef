import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '@editor/domain';
import { startObjectStore, type ObjectStore } from '../../test/objectStore.ts';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';
import { uploadAs } from '../../test/uploadForm.ts';
import { createMediaArchive } from '../modules/media-archive/archiveStore.ts';
import { buildMediaItem } from '../modules/media-archive/testFactories.ts';

/** Every file below a folder, as paths relative to it. */
const filesBelow = (dir: string): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()) : []);

describe.each(DIALECTS)('originals and archive files in object storage, STORAGE=s3 (%s)', (dialect) => {
  let objects: ObjectStore;
  let uploader: TestApp;
  let other: TestApp;
  let dir: string;

  beforeAll(async () => {
    objects = await startObjectStore();
    // Two servers with data folders of their own and one bucket: what one stores, the other delivers.
    uploader = await startTestApp(dialect, objects.env);
    other = await startTestApp(dialect, objects.env);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'object-storage-'));
  });
  afterAll(async () => {
    await uploader.close();
    await other.close();
    await objects.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps an uploaded original in the bucket, and another server delivers it and its renditions', async () => {
    const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0b7a75' } }).png().toBuffer();
    const response = await uploadAs(uploader, EDITOR, { filename: 'Finish Line.png', data });
    expect(response.statusCode, response.body).toBe(200);
    const uploaded = uploadResponseSchema.parse(response.json());
    expect(filesBelow(path.join(uploader.config.dataDir, 'media', 'originals'))).toEqual([]);
    expect(filesBelow(objects.directory).some((name) => name.includes(`originals/${uploaded.public_id}.png`))).toBe(true);

    const original = await other.app.inject({ method: 'GET', url: `/media/image/upload/${uploaded.public_id}` });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(data)).toBe(true);
    const rendition = await other.app.inject({ method: 'GET', url: `/media/image/upload/w_200/${uploaded.public_id}.webp` });
    expect(rendition.statusCode).toBe(200);
    expect(await sharp(rendition.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 150 });
    const media = await other.app.inject({ method: 'GET', url: `/api/v1/media?provider=cloudinary&referenceId=${uploaded.public_id}`, headers: await other.auth(EDITOR) });
    expect(media.json()).toMatchObject({ width: 640, height: 480, imageFormat: 'png', bytes: data.length });
  });

  it('keeps an archive file in the bucket and serves byte ranges of it', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 253));
    const video = await buildMediaItem(createMediaArchive({ db: uploader.database.db, dataDir: uploader.config.dataDir, storage: uploader.config.storage }), { dir, contentType: 'video', bytes, title: 'Bucket clip' });
    expect(filesBelow(path.join(uploader.config.dataDir, 'media', 'archive'))).toEqual([]);
    const whole = await uploader.app.inject({ method: 'GET', url: `/media/archive/${video}/original` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await uploader.app.inject({ method: 'GET', url: `/media/archive/${video}/original`, headers: { range: 'bytes=4000-4099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 4000-4099/5000');
    expect(part.rawPayload.equals(bytes.subarray(4000, 4100))).toBe(true);
  });
});
