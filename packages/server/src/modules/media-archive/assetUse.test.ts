import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLibraryPageSchema } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import { mediaReferenceIdsOf } from './assetUse.ts';
import { buildMediaItem } from './testFactories.ts';

const ITEM = '7c1f3a52-0001-4b8e-9a10-5d0a1e000006';
const videoContent = (itemId: string, title: string) => ({ title: { value: title }, video: { value: { provider: 'rbmn-video', referenceId: itemId, mediaType: 'video' } }, duration: { value: 10 } });

describe('mediaReferenceIdsOf', () => {
  it('finds the archive ids of media values anywhere in a content, once each', () => {
    const content = {
      video: { value: { provider: 'rbmn-video', referenceId: ITEM } },
      'story-content': { value: [{ type: 'image', value: { image: { provider: 'cloudinary', referenceId: ITEM } } }] },
      thumbnail: { value: { provider: 'cloudinary', referenceId: 'alpine-sunrise-0a1b2c3d4e5f60718293' } },
      text: { value: { referenceId: '7c1f3a52-0001-4b8e-9a10-5d0a1e000007' } },
    };
    expect(mediaReferenceIdsOf(content)).toEqual([ITEM]);
    expect(mediaReferenceIdsOf({ title: { value: 'No media' } })).toEqual([]);
  });
});

describe.each(DIALECTS)('archive items know their asset (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-use-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: await t.auth(EDITOR), ...(payload ? { payload } : {}) });
  const itemOf = async (id: string) => {
    const response = await call('GET', '/api/v1/sparkle/assets?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return mediaLibraryPageSchema.parse(response.json()).data.find((item) => item.id === id);
  };
  const createVideo = async (itemId: string, title: string) => {
    const response = await call('POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=video', { content: videoContent(itemId, title) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it('names the asset created from an item; a second asset using it leaves it so', async () => {
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const itemId = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Jump replay' });
    expect((await itemOf(itemId))?.attributes.assetId).toBeNull();
    const first = await createVideo(itemId, 'Jump replay');
    expect((await itemOf(itemId))?.attributes.assetId).toBe(first);
    await createVideo(itemId, 'Jump replay again');
    expect((await itemOf(itemId))?.attributes.assetId).toBe(first);
    expect((await itemOf(itemId))?.meta.lastPublished).toBeNull();
  });

  it('names the first asset that saves a value of the item, and its publish date as the last publication', async () => {
    const archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    const itemId = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Finish line' });
    const other = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Start line' });
    const id = await createVideo(other, 'Lines');
    const url = `/api/v1/assets/${id}/localizations/en`;
    const saved = await call('PUT', url, { content: videoContent(itemId, 'Lines') });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await itemOf(itemId))?.attributes.assetId).toBe(id);
    const published = await call('POST', `${url}/publish`, { publishSchedule: {} });
    expect(published.statusCode, published.body).toBe(200);
    const row = await t.database.db.selectFrom('asset_localization').select('last_published_at').where('asset_id', '=', id).executeTakeFirstOrThrow();
    const item = await itemOf(itemId);
    expect(item?.meta.lastPublished).toBe(row.last_published_at);
    // The item the asset no longer uses was not published with it.
    expect((await itemOf(other))?.meta.lastPublished).toBeNull();
  });
});
