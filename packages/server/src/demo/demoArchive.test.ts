import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLibraryPageSchema } from '@editor/domain';
import { DIALECTS, TAXONOMY_MANAGER, startTestApp, type TestApp } from '../../test/harness.ts';
import { createMediaArchive } from '../modules/media-archive/archiveStore.ts';
import { FFMPEG_PATH } from '../modules/media-archive/probe.ts';
import { seedDemoArchiveIfEmpty } from './demoArchive.ts';

const ffmpeg = fs.existsSync(FFMPEG_PATH) ? FFMPEG_PATH : undefined;

describe.each(DIALECTS)('demo media archive (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds images and audio (and videos with ffmpeg) once, playable from the archive', async () => {
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const tmpDir = path.join(t.config.dataDir, 'media', 'tmp');
    const expected = ffmpeg ? 7 : 5;
    expect(await seedDemoArchiveIfEmpty({ archive, tmpDir, ffmpeg })).toBe(expected);
    expect(await seedDemoArchiveIfEmpty({ archive, tmpDir, ffmpeg })).toBe(0);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets', headers: await t.auth(TAXONOMY_MANAGER) });
    const page = mediaLibraryPageSchema.parse(response.json());
    // The media-partnerships film is not the taxonomy manager's to see.
    expect(page.meta.total).toBe(ffmpeg ? 6 : 5);
    for (const item of page.data) {
      const original = item.attributes.resources.find((resource) => resource.type === 'original');
      const file = await t.app.inject({ method: 'GET', url: original?.url ?? '', headers: { range: 'bytes=0-9' } });
      expect(file.statusCode, item.attributes.title).toBe(206);
    }
    expect(fs.readdirSync(tmpDir)).toEqual([]);
  });
});
