import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioMediaSchema, mediaLibraryPageSchema, mediaRenditionsSchema, videoMediaSchema, type MediaLibraryItem } from '@editor/domain';
import { DIALECTS, EDITOR, TAXONOMY_MANAGER, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { createMediaArchive } from './archiveStore.ts';
import type { MediaArchiveService } from './service.ts';
import { buildMediaItem, insertVersionUsingMedia } from './testFactories.ts';

const PARTNER: TestUser = { sub: 'partner', name: 'Pia Partner', rights: { roles: ['content-editor'], spaces: ['rbcom', 'media-partnerships'], localizations: ['en'] } };

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const titles = (items: MediaLibraryItem[]) => items.map((item) => item.attributes.title);

describe.each(DIALECTS)('media archive search (%s)', (dialect) => {
  let t: TestApp;
  let archive: MediaArchiveService;
  let dir: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    archive = createMediaArchive({ db: t.database.db, dataDir: t.config.dataDir });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-test-'));
    ids.cliff = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Cliff Diving in Mostar', description: 'Divers jump from the Old Bridge', ingestTimestamp: at(1) });
    ids.surf = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Big wave surfing', description: 'Nazaré in WINTER', ingestTimestamp: at(2), blockedCountries: ['AT', 'DE'] });
    ids.podcast = await buildMediaItem(archive, { dir, contentType: 'audio', title: 'Cliff talk podcast', description: 'An interview', ingestTimestamp: at(3) });
    ids.photo = await buildMediaItem(archive, { dir, contentType: 'image', title: 'Summit photo', description: '100% cliff', ingestTimestamp: at(4), width: 800, height: 600 });
    ids.cartoon = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Cartoon cliff episode', channel: 'cartoons', ingestTimestamp: at(5) });
    ids.partner = await buildMediaItem(archive, { dir, contentType: 'video', title: 'Partner cliff film', channel: 'media-partnerships', ingestTimestamp: at(6) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const search = async (query: string, user: TestUser = EDITOR) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/sparkle/assets?${query}`, headers: await t.auth(user) });
    return response;
  };
  const page = async (query: string, user: TestUser = EDITOR) => {
    const response = await search(query, user);
    expect(response.statusCode, response.body).toBe(200);
    return mediaLibraryPageSchema.parse(response.json());
  };

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sparkle/assets' })).statusCode).toBe(401);
  });

  it('lists newest ingest first with the item fields and resources', async () => {
    const result = await page('sort=-ingest_timestamp');
    expect(titles(result.data)).toEqual(['Summit photo', 'Cliff talk podcast', 'Big wave surfing', 'Cliff Diving in Mostar']);
    expect(result.meta).toEqual({ afterSearchPointer: null, total: 4 });
    const surf = result.data[2];
    expect(surf).toMatchObject({ id: ids.surf, contentType: 'video', attributes: { blockedCountries: ['AT', 'DE'], duration: 10, renditionsAvailable: true, channel: null } });
    expect(surf?.attributes.resources).toEqual([{ type: 'original', url: `/media/archive/${ids.surf}/original`, contentType: 'video/mp4' }]);
  });

  it('filters by content type and by words in title or description, case-insensitive, every word', async () => {
    expect(titles((await page('contentType=audio')).data)).toEqual(['Cliff talk podcast']);
    expect(titles((await page('q=CLIFF')).data)).toEqual(['Summit photo', 'Cliff talk podcast', 'Cliff Diving in Mostar']);
    expect(titles((await page('q=cliff%20bridge')).data)).toEqual(['Cliff Diving in Mostar']);
    expect(titles((await page('q=winter')).data)).toEqual(['Big wave surfing']);
    expect(titles((await page('q=cliff&contentType=video')).data)).toEqual(['Cliff Diving in Mostar']);
    // LIKE's wildcards are plain characters in a search.
    expect(titles((await page('q=100%25')).data)).toEqual(['Summit photo']);
    expect(titles((await page('q=_')).data)).toEqual([]);
  });

  it('shows the cartoons channel to taxonomy managers and the media-partnerships channel to that space only', async () => {
    expect(titles((await page('channel=cartoons')).data)).toEqual([]);
    expect(titles((await page('channel=cartoons', TAXONOMY_MANAGER)).data)).toEqual(['Cartoon cliff episode']);
    expect(titles((await page('q=cliff', TAXONOMY_MANAGER)).data)).toContain('Cartoon cliff episode');
    expect(titles((await page('q=cliff', TAXONOMY_MANAGER)).data)).not.toContain('Partner cliff film');
    expect(titles((await page('channel=media-partnerships', PARTNER)).data)).toEqual(['Partner cliff film']);
    const editorMedia = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=media-partnerships-video&referenceId=${ids.partner}`, headers: await t.auth(EDITOR) });
    expect(editorMedia.statusCode).toBe(404);
  });

  it('pages with the cursor without duplicates or gaps while items are added between pages', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const result: ReturnType<typeof mediaLibraryPageSchema.parse> = await page(`limit=3${cursor ? `&searchAfter=${cursor}` : ''}`, TAXONOMY_MANAGER);
      seen.push(...result.data.map((item) => item.id));
      cursor = result.meta.afterSearchPointer;
      // A newer item and one tied with the oldest's minute arrive between pages.
      if (added < 2) {
        await buildMediaItem(archive, { dir, title: `Arrived ${added}`, ingestTimestamp: added === 0 ? at(30) : at(1) });
        added += 1;
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [ids.cliff, ids.surf, ids.podcast, ids.photo, ids.cartoon]) expect(seen).toContain(id);
  });

  it('refuses a forged or foreign cursor and a limit out of range with 400', async () => {
    for (const cursor of ['abc!', Buffer.from('["yesterday","x"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url'), 'bm90IGpzb24']) {
      const response = await search(`searchAfter=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
    }
    expect((await search('limit=0')).statusCode).toBe(400);
    expect((await search('limit=101')).statusCode).toBe(400);
    expect((await search('sort=title')).statusCode).toBe(400);
  });

  it('lists the asset versions that use an item, in the user’s spaces', async () => {
    const assetId = await insertVersionUsingMedia(t.database.db, { mediaId: ids.surf as string, space: 'rbcom' });
    await insertVersionUsingMedia(t.database.db, { mediaId: ids.surf as string, space: 'rbtv' });
    const surf = (await page('q=surfing')).data[0];
    expect(surf?.relationships.usedIn.data).toEqual([{ id: assetId, localization: 'en' }]);
    expect((await page('q=podcast')).data[0]?.relationships.usedIn.data).toEqual([]);
  });

  it('answers the media call for video and audio and keeps images with the image store', async () => {
    const video = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=rbmn-video&referenceId=${ids.surf}`, headers: await t.auth(EDITOR) });
    expect(videoMediaSchema.parse(video.json())).toMatchObject({ referenceId: ids.surf, contentType: 'video', duration: 10, blockedIn: ['AT', 'DE'], renditionsAvailable: true });
    const audio = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=rbmn-audio&referenceId=${ids.podcast}`, headers: await t.auth(EDITOR) });
    expect(audioMediaSchema.parse(audio.json())).toMatchObject({ referenceId: ids.podcast, contentType: 'audio', mediaType: 'audio/mpeg' });
    const wrongKind = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=rbmn-audio&referenceId=${ids.surf}`, headers: await t.auth(EDITOR) });
    expect(wrongKind.statusCode).toBe(404);
    const partner = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=media-partnerships-video&referenceId=${ids.partner}`, headers: await t.auth(PARTNER) });
    expect(videoMediaSchema.parse(partner.json()).provider).toBe('media-partnerships-video');
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/media?provider=youtube&referenceId=${ids.surf}`, headers: await t.auth(EDITOR) });
    expect(other.statusCode).toBe(400);
  });

  it('answers the renditions of a video by reference id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/media/renditions/${ids.surf}`, headers: await t.auth(EDITOR) });
    expect(mediaRenditionsSchema.parse(response.json())).toEqual({
      renditionsAvailable: true,
      renditions: [{ type: 'rendition', url: `/media/archive/${ids.surf}/original`, contentType: 'video/mp4' }],
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/media/renditions/no-such-item', headers: await t.auth(EDITOR) });
    expect(unknown.statusCode).toBe(404);
  });
});
