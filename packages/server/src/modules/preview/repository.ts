import type { Kysely } from 'kysely';
import type { DB, PreviewTable } from '../../db/schema.ts';

export type PreviewRow = PreviewTable;

export async function insertPreview(db: Kysely<DB>, row: PreviewRow): Promise<void> {
  await db.insertInto('preview').values(row).execute();
}

/** The preview under a token while it has not expired. */
export async function findLivePreview(db: Kysely<DB>, token: string, now: string): Promise<PreviewRow | undefined> {
  return db.selectFrom('preview').selectAll().where('token', '=', token).where('expires_at', '>', now).executeTakeFirst();
}

/** Removes the previews that expired; answers how many went. */
export async function deleteExpiredPreviews(db: Kysely<DB>, now: string): Promise<number> {
  const result = await db.deleteFrom('preview').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
