import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MediaArchiveService, NewMediaItem } from './service.ts';

/** Adds an archive item whose original is `bytes` (by default 2,000 numbered bytes); answers its id. */
export async function buildMediaItem(
  archive: MediaArchiveService,
  input: { dir: string; bytes?: Buffer } & Partial<Omit<NewMediaItem, 'original'>>,
): Promise<string> {
  const { dir, bytes, ...item } = input;
  const body = bytes ?? Buffer.from(Array.from({ length: 2000 }, (_, index) => index % 251));
  const file = path.join(dir, `${crypto.randomUUID()}.bin`);
  fs.writeFileSync(file, body);
  const contentType = item.contentType ?? 'video';
  const original = { video: { extension: 'mp4', contentType: 'video/mp4' }, audio: { extension: 'mp3', contentType: 'audio/mpeg' }, image: { extension: 'jpg', contentType: 'image/jpeg' } }[contentType];
  return archive.addItem({ title: 'Untitled clip', duration: contentType === 'image' ? null : 10, ...item, contentType, original: { file, bytes: body.length, ...original } });
}

/** Stores an asset version whose content names the media item in a media value (tests of usedIn). */
export async function insertVersionUsingMedia(db: Kysely<DB>, input: { mediaId: string; space: string; locale?: string }): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const content = JSON.stringify({ title: { value: 'A film story' }, video: { value: { provider: 'rbmn-video', referenceId: input.mediaId } } });
  await db.insertInto('asset').values({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }).execute();
  await db.insertInto('asset_space').values({ asset_id: id, space: input.space }).execute();
  await db.insertInto('asset_localization').values({
    asset_id: id, locale: input.locale ?? 'en', stencil: 'story', status: 'draft', title: 'A film story', content, meta: '{}', changed_properties: '[]', published_content: null, version: 1,
    created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
    publish_start: null, publish_end: null,
  }).execute();
  return id;
}
