import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import { buildMediaItem } from './testFactories.ts';

describe.each(DIALECTS)('media archive files (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let video: string;
  const bytes = Buffer.from(Array.from({ length: 2000 }, (_, index) => index % 251));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-files-'));
    video = await buildMediaItem(createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir }), { dir, contentType: 'video', bytes, title: 'Ranges' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the whole file without sign-in, with its type and Accept-Ranges', async () => {
    const response = await get(`/media/archive/${video}/original`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe('2000');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 206 with the first hundred bytes', async () => {
    const response = await get(`/media/archive/${video}/original`, { range: 'bytes=0-99' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 0-99/2000');
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('answers a range from the middle and an open-ended one', async () => {
    const middle = await get(`/media/archive/${video}/original`, { range: 'bytes=1000-1499' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 1000-1499/2000');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 1500))).toBe(true);
    const open = await get(`/media/archive/${video}/original`, { range: 'bytes=1990-' });
    expect(open.headers['content-range']).toBe('bytes 1990-1999/2000');
    expect(open.rawPayload.equals(bytes.subarray(1990))).toBe(true);
  });

  it('answers the last 500 bytes of a suffix range', async () => {
    const response = await get(`/media/archive/${video}/original`, { range: 'bytes=-500' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 1500-1999/2000');
    expect(response.rawPayload.equals(bytes.subarray(1500))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await get(`/media/archive/${video}/original`, { range: 'bytes=2000-2100' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */2000');
  });

  it('answers 404 for an unknown item or a resource the item does not have', async () => {
    expect((await get('/media/archive/no-such-item/original')).statusCode).toBe(404);
    expect((await get(`/media/archive/${video}/poster`)).statusCode).toBe(404);
    expect((await get(`/media/archive/${video}/..%2F..%2Feditor.db`)).statusCode).toBe(404);
  });
});
