import type { Kysely, Selectable } from 'kysely';
import type { DB, UploadTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Kysely<DB>, row: UploadRow): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

export async function isSignatureUsed(db: Kysely<DB>, signature: string): Promise<boolean> {
  const row = await db.selectFrom('upload').select('id').where('signature', '=', signature).executeTakeFirst();
  return row !== undefined;
}

/** The newest upload of a public id, for what the image service answers about it. */
export async function findUpload(db: Kysely<DB>, publicId: string): Promise<UploadRow | undefined> {
  return db.selectFrom('upload').selectAll().where('public_id', '=', publicId).orderBy('created_at', 'desc').executeTakeFirst();
}

export async function listUploadsOf(db: Kysely<DB>, publicId: string): Promise<UploadRow[]> {
  return db.selectFrom('upload').selectAll().where('public_id', '=', publicId).execute();
}

/** The uploads made for a version of an asset; without a locale, those made for any of its versions. */
export async function listUploadsOfAsset(db: Kysely<DB>, key: { assetId: string; localization?: string | undefined }): Promise<UploadRow[]> {
  let query = db.selectFrom('upload').selectAll().where('asset_id', '=', key.assetId);
  if (key.localization !== undefined) query = query.where('localization', '=', key.localization);
  return query.execute();
}

/** Whether an image was uploaded with this asset named in its context. */
export async function isUploadOfAsset(db: Kysely<DB>, key: { publicId: string; assetId: string }): Promise<boolean> {
  const row = await db.selectFrom('upload').select('id').where('public_id', '=', key.publicId).where('asset_id', '=', key.assetId).executeTakeFirst();
  return row !== undefined;
}

export async function deleteUploads(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('upload').where('id', 'in', ids).execute();
}

/**
 * Whether anything still uses a stored original: another upload, or a version whose current or published content
 * names it. Content is JSON text in both dialects, so one LIKE on the quoted id serves both ('_' may match any
 * character there, which can only keep a file longer, never remove one in use).
 */
export async function isOriginalInUse(db: Kysely<DB>, publicId: string): Promise<boolean> {
  const upload = await db.selectFrom('upload').select('id').where('public_id', '=', publicId).executeTakeFirst();
  if (upload) return true;
  const quoted = `%${JSON.stringify(publicId)}%`;
  const version = await db
    .selectFrom('asset_localization')
    .select('asset_id')
    .where((eb) => eb.or([eb('content', 'like', quoted), eb('published_content', 'like', quoted)]))
    .executeTakeFirst();
  return version !== undefined;
}
