import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewClipMarkerSchema } from '@editor/domain';
import { CURATOR, DIALECTS, EDITOR, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import { buildMediaItem } from './testFactories.ts';

const markersOf = (id: string) => `/api/v1/media/preview-clip-markers/assets/${id}/markers`;

describe.each(DIALECTS)('preview clip markers (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let video: string;
  let audio: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-markers-'));
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    video = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Ten seconds', duration: 10 });
    audio = await buildMediaItem(archive, { dir, contentType: 'audio', title: 'A song', duration: 10 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, user: TestUser = EDITOR) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

  it('creates a marker, lists it first and moves it', async () => {
    expect((await call('GET', markersOf(video))).json()).toEqual([]);
    const created = await call('POST', markersOf(video), { inpoint: 1000, outpoint: 6000 });
    expect(created.statusCode).toBe(201);
    const marker = previewClipMarkerSchema.parse(created.json());
    expect(marker).toMatchObject({ inpoint: 1000, outpoint: 6000 });
    // Markers made in the same millisecond would tie on their creation time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', markersOf(video), { inpoint: 0, outpoint: 10_000 });
    const listed = (await call('GET', markersOf(video))).json() as unknown[];
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual(marker);
    const moved = await call('PUT', `${markersOf(video)}/${marker.id}`, { inpoint: 2000, outpoint: 9000 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id: marker.id, inpoint: 2000, outpoint: 9000 });
    expect(((await call('GET', markersOf(video))).json() as unknown[])[0]).toEqual({ id: marker.id, inpoint: 2000, outpoint: 9000 });
  });

  it('refuses markers outside the video with 400 and stores nothing', async () => {
    const before = (await call('GET', markersOf(video))).json() as Array<{ id: string }>;
    for (const body of [{ inpoint: -1, outpoint: 500 }, { inpoint: 500, outpoint: 500 }, { inpoint: 0, outpoint: 10_001 }, { inpoint: 0.5, outpoint: 500 }, { inpoint: 0 }]) {
      expect((await call('POST', markersOf(video), body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const first = before[0]?.id ?? '';
    expect((await call('PUT', `${markersOf(video)}/${first}`, { inpoint: 9000, outpoint: 11_000 })).statusCode).toBe(400);
    expect((await call('GET', markersOf(video))).json()).toEqual(before);
  });

  it('answers 404 for an unknown reference id, an audio item and an unknown marker', async () => {
    expect((await call('GET', markersOf('no-such-video'))).statusCode).toBe(404);
    expect((await call('POST', markersOf('no-such-video'), { inpoint: 0, outpoint: 100 })).statusCode).toBe(404);
    expect((await call('GET', markersOf(audio))).statusCode).toBe(404);
    expect((await call('PUT', `${markersOf(video)}/no-such-marker`, { inpoint: 0, outpoint: 100 })).statusCode).toBe(404);
  });

  it('lets only creators set markers', async () => {
    expect((await call('GET', markersOf(video), undefined, CURATOR)).statusCode).toBe(200);
    expect((await call('POST', markersOf(video), { inpoint: 0, outpoint: 100 }, CURATOR)).statusCode).toBe(403);
  });
});
