import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import { buildMediaItem } from './testFactories.ts';

describe.each(DIALECTS)('archive images in the image store (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let image: string;
  let video: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-images-'));
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
    image = await buildMediaItem(archive, { dir, contentType: 'image', bytes, title: 'Blue sky', width: 640, height: 400 });
    video = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Not an image' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('delivers an archive image under its item id, resized like an upload', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/image/upload/w_200/${image}.jpg` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(200);
  });

  it('describes it in the media call as an image', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=cloudinary&referenceId=${image}`, headers: await t.auth(EDITOR) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ width: 640, height: 400 });
  });

  it('shares the bytes with the archive instead of copying them', () => {
    const archived = fs.readdirSync(path.join(t.config.dataDir, 'media', 'archive')).find((name) => name.startsWith(`${image}-original`));
    expect(archived).toBeDefined();
    const inArchive = fs.statSync(path.join(t.config.dataDir, 'media', 'archive', archived ?? ''));
    const inStore = fs.statSync(path.join(t.config.dataDir, 'media', 'originals', `${image}.jpg`));
    expect(inStore.ino).toBe(inArchive.ino);
  });

  it('leaves videos out of the image store', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/media/image/upload/${video}` })).statusCode).toBe(404);
  });
});
