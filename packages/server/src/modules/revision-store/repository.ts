import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialects/dialect.ts';
import type { DB, DeletedVersionTable } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Which history: a version's own (`deletedId` '') or that of a deleted version in the trash. */
export interface HistoryKey {
  id: string;
  locale: string;
  deletedId: string;
}

export interface RevisionListRow {
  version: number;
  action: string;
  user_id: string;
  user_name: string;
  at: string;
  changed_paths: string;
  if_match: number | null;
}

export interface RevisionFormRow {
  version: number;
  content_form: 'snapshot' | 'patch';
  content: string;
  base_version: number | null;
}

const of = (db: Executor, key: HistoryKey) =>
  db.selectFrom('asset_history').where('asset_id', '=', key.id).where('locale', '=', key.locale).where('deleted_id', '=', key.deletedId);

/** The newest revision of a history, which a new one chains to. */
export async function findHead(db: Executor, key: HistoryKey): Promise<{ version: number; base_version: number | null } | undefined> {
  return of(db, key).select(['version', 'base_version']).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function insertRevision(db: Executor, row: Insertable<DB['asset_history']>): Promise<void> {
  await db.insertInto('asset_history').values(row).execute();
}

/** A page of revisions, newest first, older than `before` when given. */
export async function listRevisions(db: Executor, key: HistoryKey, page: { before: number | undefined; limit: number }): Promise<RevisionListRow[]> {
  let query = of(db, key).select(['version', 'action', 'user_id', 'user_name', 'at', 'changed_paths', 'if_match']);
  if (page.before !== undefined) query = query.where('version', '<', page.before);
  return query.orderBy('version', 'desc').limit(page.limit).execute();
}

export async function findRevision(db: Executor, key: HistoryKey, version: number): Promise<(RevisionListRow & { base_version: number | null }) | undefined> {
  return of(db, key).select(['version', 'action', 'user_id', 'user_name', 'at', 'changed_paths', 'if_match', 'base_version']).where('version', '=', version).executeTakeFirst();
}

/** The stored forms from `from` to `to`, in version order: a chain to rebuild. */
export async function listForms(db: Executor, key: HistoryKey, range: { from: number; to: number }): Promise<RevisionFormRow[]> {
  return of(db, key).select(['version', 'content_form', 'content', 'base_version']).where('version', '>=', range.from).where('version', '<=', range.to).orderBy('version').execute();
}

/** Every revision of a history with its stored form, in version order (the retention's re-encoding). */
export async function listAllRevisions(db: Executor, key: HistoryKey): Promise<Array<RevisionFormRow & { action: string; at: string }>> {
  return of(db, key).select(['version', 'content_form', 'content', 'base_version', 'action', 'at']).orderBy('version').execute();
}

export async function deleteRevisions(db: Executor, key: HistoryKey, versions: readonly number[]): Promise<void> {
  if (versions.length === 0) return;
  await db.deleteFrom('asset_history').where('asset_id', '=', key.id).where('locale', '=', key.locale).where('deleted_id', '=', key.deletedId).where('version', 'in', [...versions]).execute();
}

export async function updateForm(db: Executor, key: HistoryKey, row: { version: number; content_form: 'snapshot' | 'patch'; content: string; base_version: number }): Promise<void> {
  await db
    .updateTable('asset_history')
    .set({ content_form: row.content_form, content: row.content, base_version: row.base_version })
    .where('asset_id', '=', key.id)
    .where('locale', '=', key.locale)
    .where('deleted_id', '=', key.deletedId)
    .where('version', '=', row.version)
    .execute();
}

/** Hands a history over to a trash entry, or (restore) back to its version. */
export async function moveHistory(db: Executor, key: HistoryKey, toDeletedId: string): Promise<void> {
  await db.updateTable('asset_history').set({ deleted_id: toDeletedId }).where('asset_id', '=', key.id).where('locale', '=', key.locale).where('deleted_id', '=', key.deletedId).execute();
}

/** The other locales of an asset: none left means the version being deleted is its last. */
export async function listOtherLocales(db: Executor, key: { id: string; locale: string }): Promise<string[]> {
  const rows = await db.selectFrom('asset_localization').select('locale').where('asset_id', '=', key.id).where('locale', '!=', key.locale).execute();
  return rows.map((row) => row.locale);
}

/** The URI slugs a version owns, and those it has a pending claim on, for the trash to remember. */
export async function listSlugsHeld(db: Executor, key: { id: string; locale: string }): Promise<Array<{ slug_id: string; space: string; region_locale: string; uri_title: string; is_claim: boolean }>> {
  const owned = await db.selectFrom('uri_slug').select(['slug_id', 'space', 'region_locale', 'uri_title']).where('asset_id', '=', key.id).where('locale', '=', key.locale).orderBy('slug_id').execute();
  const claimed = await db
    .selectFrom('uri_slug_claim as c')
    .innerJoin('uri_slug as s', 's.slug_id', 'c.slug_id')
    .select(['s.slug_id', 's.space', 's.region_locale', 's.uri_title'])
    .where('c.asset_id', '=', key.id)
    .where('c.locale', '=', key.locale)
    .orderBy('s.slug_id')
    .execute();
  return [...owned.map((slug) => ({ ...slug, is_claim: false })), ...claimed.map((slug) => ({ ...slug, is_claim: true }))];
}

export async function insertDeletedVersion(db: Executor, row: DeletedVersionTable): Promise<void> {
  await db.insertInto('deleted_version').values(row).execute();
}

export async function findDeletedVersion(db: Executor, id: string): Promise<DeletedVersionTable | undefined> {
  return db.selectFrom('deleted_version').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deleted versions, most recently deleted first, older than the cursor (`deleted_at`, `id`) when given. */
export async function listDeletedVersions(db: Executor, page: { after: { at: string; id: string } | undefined; limit: number }): Promise<DeletedVersionTable[]> {
  let query = db.selectFrom('deleted_version').selectAll();
  const after = page.after;
  if (after) query = query.where((eb) => eb.or([eb('deleted_at', '<', after.at), eb.and([eb('deleted_at', '=', after.at), eb('id', '<', after.id)])]));
  return query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** The asset row a trash entry of the asset kept when the asset went with its last version. */
export async function findKeptContainer(db: Executor, assetId: string): Promise<string | undefined> {
  const row = await db.selectFrom('deleted_version').select('asset_row').where('asset_id', '=', assetId).where('asset_row', 'is not', null).executeTakeFirst();
  return row?.asset_row ?? undefined;
}

/** Trash entries deleted before `before`, oldest first: what the trash retention lets go. */
export async function listExpiredTrash(db: Executor, input: { before: string; limit: number }): Promise<DeletedVersionTable[]> {
  return db.selectFrom('deleted_version').selectAll().where('deleted_at', '<', input.before).orderBy('deleted_at').orderBy('id').limit(input.limit).execute();
}

/** The revisions a trash entry holds, gone with it. */
export async function deleteTrashHistory(db: Executor, deletedId: string): Promise<void> {
  await db.deleteFrom('asset_history').where('deleted_id', '=', deletedId).execute();
}

/** Whether the asset lives (a version of `locale`, or any version), and whether the trash still holds others of it. */
export async function assetPresence(db: Executor, key: { assetId: string; locale: string }): Promise<{ localeLives: boolean; assetLives: boolean; inTrash: boolean }> {
  const [locale, asset, trash] = await Promise.all([
    db.selectFrom('asset_localization').select('locale').where('asset_id', '=', key.assetId).where('locale', '=', key.locale).executeTakeFirst(),
    db.selectFrom('asset').select('id').where('id', '=', key.assetId).executeTakeFirst(),
    db.selectFrom('deleted_version').select('id').where('asset_id', '=', key.assetId).executeTakeFirst(),
  ]);
  return { localeLives: locale !== undefined, assetLives: asset !== undefined, inTrash: trash !== undefined };
}

export async function deleteDeletedVersion(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('deleted_version').where('id', '=', id).execute();
}

/**
 * Histories with more than one revision other than publishes on some day before `before`: the retention's work.
 * A history is named by its key; `deleted_id` '' is an existing version's.
 */
export async function listHistoriesToThin(db: Executor, input: { before: string; limit: number }): Promise<HistoryKey[]> {
  const day = sql<string>`substr(at, 1, 10)`;
  const rows = await db
    .selectFrom('asset_history')
    .select(['asset_id', 'locale', 'deleted_id'])
    .where('at', '<', input.before)
    .where('action', '!=', 'publish')
    .groupBy(['asset_id', 'locale', 'deleted_id'])
    .having((eb) => eb(eb.fn.countAll(), '>', eb.fn.count(day).distinct()))
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ id: row.asset_id, locale: row.locale, deletedId: row.deleted_id }));
}

/**
 * Takes the write lock of what a history belongs to before the retention reads it: the version's row (which a save's
 * compare-and-set writes first) or the trash entry's. PostgreSQL locks the row itself (FOR UPDATE, no trigger
 * runs); SQLite has one writer at a time, so any write, here one that changes nothing in the history, takes it.
 */
export async function lockHistoryOwner(db: Executor, key: HistoryKey): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await db.updateTable('asset_history').set((eb) => ({ deleted_id: eb.ref('deleted_id') })).where('asset_id', '=', key.id).where('locale', '=', key.locale).where('deleted_id', '=', key.deletedId).where('version', '=', -1).execute();
  } else if (key.deletedId === '') {
    await db.selectFrom('asset_localization').select('version').where('asset_id', '=', key.id).where('locale', '=', key.locale).forUpdate().execute();
  } else {
    await db.selectFrom('deleted_version').select('id').where('id', '=', key.deletedId).forUpdate().execute();
  }
}
