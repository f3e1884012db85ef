import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { mediaLibraryPageSchema } from '@editor/domain';
import { DIALECTS, TAXONOMY_MANAGER, startTestApp, type TestApp } from '../../test/harness.ts';
import { createMediaArchive } from '../modules/media-archive/archiveStore.ts';
import { findFfmpeg } from '../modules/media-archive/ffmpegLookup.ts';
import { seedDemoArchiveIfEmpty } from './demoArchive.ts';

const DEMO_VIDEO_TITLES = ['Slow motion replay of the jump', 'Partner film: behind the scenes'];

describe.each(DIALECTS)('demo media archive (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('makes its videos with the packaged ffmpeg when Debian’s is not there, seeds once, and every file plays', async () => {
    t = await startTestApp(dialect);
    // Debian's path points where no ffmpeg is: the lookup falls back to the binary of the npm package.
    const ffmpeg = findFfmpeg({ debianPath: path.join(t.config.dataDir, 'usr-bin-without-ffmpeg', 'ffmpeg') });
    expect(ffmpeg?.source).toBe('npm');
    expect(ffmpeg?.path).toContain(`${path.sep}@ffmpeg-installer${path.sep}`);
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const tmpDir = path.join(t.config.dataDir, 'media', 'tmp');
    expect(await seedDemoArchiveIfEmpty({ archive, tmpDir, ffmpeg: ffmpeg?.path })).toEqual({ added: 7, skippedVideos: [] });
    expect(await seedDemoArchiveIfEmpty({ archive, tmpDir, ffmpeg: ffmpeg?.path })).toEqual({ added: 0, skippedVideos: [] });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets', headers: await t.auth(TAXONOMY_MANAGER) });
    const page = mediaLibraryPageSchema.parse(response.json());
    // The media-partnerships film is not the taxonomy manager's to see.
    expect(page.meta.total).toBe(6);
    for (const item of page.data) {
      const original = item.attributes.resources.find((resource) => resource.type === 'original');
      const file = await t.app.inject({ method: 'GET', url: original?.url ?? '', headers: { range: 'bytes=0-9' } });
      expect(file.statusCode, item.attributes.title).toBe(206);
    }
    const replay = page.data.find((item) => item.attributes.title === DEMO_VIDEO_TITLES[0]);
    expect(replay?.attributes).toMatchObject({ width: 640, height: 360, duration: 6 });
    const poster = await t.app.inject({ method: 'GET', url: `/media/archive/${replay?.id}/poster` });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });

  it('without any ffmpeg seeds images and audio and names the videos it left out', async () => {
    t = await startTestApp(dialect);
    const ffmpeg = findFfmpeg({ debianPath: path.join(t.config.dataDir, 'no-ffmpeg'), packagedPath: () => undefined });
    expect(ffmpeg).toBeUndefined();
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const seeded = await seedDemoArchiveIfEmpty({ archive, tmpDir: path.join(t.config.dataDir, 'media', 'tmp'), ffmpeg: ffmpeg?.path });
    expect(seeded).toEqual({ added: 5, skippedVideos: DEMO_VIDEO_TITLES });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets?contentType=video', headers: await t.auth(TAXONOMY_MANAGER) });
    expect(mediaLibraryPageSchema.parse(response.json()).meta.total).toBe(0);
  });
});
