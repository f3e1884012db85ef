import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLibraryPageSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import { importFolder } from './importFolder.ts';
import { findFfmpeg, NO_FFMPEG } from './ffmpegLookup.ts';
import { silentMp3, toneWav } from './sampleMedia.ts';
import type { MediaArchiveService } from './service.ts';

// Debian's ffmpeg when installed, the npm package's otherwise: one is always there after `npm ci`.
const ffmpeg = findFfmpeg();

describe.each(DIALECTS)('media archive import (%s)', (dialect) => {
  let t: TestApp;
  let archive: MediaArchiveService;
  let folder: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-import-'));
    const jpeg = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: '#d94f1e' } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(folder, 'alpine-sunrise.jpg'), jpeg);
    fs.writeFileSync(path.join(folder, 'team_logo.png'), await sharp({ create: { width: 300, height: 200, channels: 4, background: '#1e40af' } }).png().toBuffer());
    fs.writeFileSync(path.join(folder, 'engine-sound.wav'), toneWav({ seconds: 2, frequency: 330 }));
    fs.writeFileSync(path.join(folder, 'quiet-moment.mp3'), silentMp3(3));
    execFileSync(ffmpeg?.path ?? 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-t', '2', '-pix_fmt', 'yuv420p', path.join(folder, 'jump-replay.mp4')]);
    fs.writeFileSync(path.join(folder, 'broken-photo.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    fs.writeFileSync(path.join(folder, 'broken-video.mp4'), Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not media');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('imports each type with its size or duration, makes renditions and skips corrupt files with their reasons', async () => {
    const before = fs.readdirSync(folder).toSorted();
    const summary = await importFolder({ archive, folder, tmpDir: path.join(t.config.dataDir, 'media', 'tmp'), ffmpeg: ffmpeg?.path });
    expect(summary.skipped.map((skipped) => skipped.file)).toEqual(['broken-photo.jpg', 'broken-video.mp4', 'notes.txt']);
    expect(summary.skipped[2]?.reason).toContain('not an archive type');
    expect(summary.imported.map((imported) => imported.file)).toEqual(['alpine-sunrise.jpg', 'engine-sound.wav', 'jump-replay.mp4', 'quiet-moment.mp3', 'team_logo.png']);
    // The folder is left as it was; no temporary file stays behind.
    expect(fs.readdirSync(folder).toSorted()).toEqual(before);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'media', 'tmp'))).toEqual([]);

    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets?limit=100', headers: await t.auth(EDITOR) });
    const items = new Map(mediaLibraryPageSchema.parse(response.json()).data.map((item) => [item.attributes.title, item]));
    expect(items.get('alpine sunrise')?.attributes).toMatchObject({ width: 4000, height: 2000, duration: null });
    expect(items.get('alpine sunrise')?.attributes.resources.map((resource) => resource.type)).toEqual(['original', 'image-very-large']);
    const large = await t.app.inject({ method: 'GET', url: `/media/archive/${items.get('alpine sunrise')?.id}/image-very-large` });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 3000, height: 1500 });
    expect(items.get('team logo')?.attributes).toMatchObject({ width: 300, height: 200 });
    expect(items.get('engine sound')?.attributes.duration).toBe(2);
    expect(items.get('quiet moment')?.attributes.duration).toBeCloseTo(3, 1);
  });

  it('reads an MP4’s size and duration and makes its poster frame with ffmpeg', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets?contentType=video&q=replay', headers: await t.auth(EDITOR) });
    const video = mediaLibraryPageSchema.parse(response.json()).data[0];
    expect(video?.attributes).toMatchObject({ width: 320, height: 180, duration: 2 });
    const poster = await t.app.inject({ method: 'GET', url: `/media/archive/${video?.id}/poster` });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
  });

  it('makes the poster frame with the packaged ffmpeg when Debian’s is not there', async () => {
    const packaged = findFfmpeg({ debianPath: path.join(folder, 'no-such-dir', 'ffmpeg') });
    expect(packaged?.source).toBe('npm');
    const single = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-import-one-'));
    fs.copyFileSync(path.join(folder, 'jump-replay.mp4'), path.join(single, 'packaged-poster.mp4'));
    const summary = await importFolder({ archive, folder: single, tmpDir: path.join(t.config.dataDir, 'media', 'tmp'), ffmpeg: packaged?.path });
    expect(summary).toMatchObject({ skipped: [], warnings: [] });
    const poster = await t.app.inject({ method: 'GET', url: `/media/archive/${summary.imported[0]?.id}/poster` });
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    fs.rmSync(single, { recursive: true, force: true });
  });

  it('imports a video without a poster frame when there is no ffmpeg at all, and says what it left out and why', async () => {
    const none = findFfmpeg({ debianPath: path.join(folder, 'no-such-dir', 'ffmpeg'), packagedPath: () => undefined });
    expect(none).toBeUndefined();
    const single = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-import-one-'));
    fs.copyFileSync(path.join(folder, 'jump-replay.mp4'), path.join(single, 'no-poster.mp4'));
    const summary = await importFolder({ archive, folder: single, tmpDir: path.join(t.config.dataDir, 'media', 'tmp'), ffmpeg: none?.path });
    expect(summary.imported).toHaveLength(1);
    expect(summary.warnings).toEqual([`no-poster.mp4: no poster frame (${NO_FFMPEG})`]);
    expect(NO_FFMPEG).toBe('no ffmpeg: neither /usr/bin/ffmpeg (apt-get install ffmpeg) nor the binary of @ffmpeg-installer/ffmpeg (npm ci) is there');
    fs.rmSync(single, { recursive: true, force: true });
  });
});
