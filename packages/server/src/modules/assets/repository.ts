import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AssetHistoryTable, AssetLocalizationTable, AssetReferenceTable, AssetSpaceTable, AssetTable, BookmarkTable, DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type AssetRow = AssetTable;
/** A stored version; its `spaces` column is the list's copy of the asset's spaces, kept by the database (read them with `findSpaces`). */
export type LocalizationRow = Omit<Selectable<AssetLocalizationTable>, 'spaces' | 'tag_ids'>;
/** A history entry as `includeHistory` lists it: who changed what when, without the stored content. */
export type HistoryRow = Pick<Selectable<AssetHistoryTable>, 'version' | 'action' | 'user_name' | 'at' | 'changed_properties' | 'if_match'>;
export type NewHistoryRow = Insertable<AssetHistoryTable>;

export async function insertAsset(db: Executor, row: AssetRow, spaces: readonly string[]): Promise<void> {
  await db.insertInto('asset').values(row).execute();
  await replaceSpaces(db, row.id, spaces);
}

export async function findAsset(db: Executor, id: string): Promise<AssetRow | undefined> {
  return db.selectFrom('asset').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSpaces(db: Executor, assetIds: readonly string[]): Promise<Map<string, string[]>> {
  const spaces = new Map<string, string[]>();
  if (assetIds.length === 0) return spaces;
  const rows = await db.selectFrom('asset_space').select(['asset_id', 'space']).where('asset_id', 'in', assetIds).orderBy('space').execute();
  for (const row of rows) spaces.set(row.asset_id, [...(spaces.get(row.asset_id) ?? []), row.space]);
  return spaces;
}

export async function replaceSpaces(db: Executor, assetId: string, spaces: readonly string[]): Promise<void> {
  await db.deleteFrom('asset_space').where('asset_id', '=', assetId).execute();
  if (spaces.length > 0) await db.insertInto('asset_space').values(spaces.map((space) => ({ asset_id: assetId, space }))).execute();
}

export async function updateAsset(db: Executor, id: string, values: Partial<Omit<AssetRow, 'id'>>): Promise<void> {
  await db.updateTable('asset').set(values).where('id', '=', id).execute();
}

export async function deleteAsset(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('asset').where('id', '=', id).execute();
}

export async function insertLocalization(db: Executor, row: Insertable<AssetLocalizationTable>): Promise<void> {
  await db.insertInto('asset_localization').values(row).execute();
}

export async function findLocalization(db: Executor, id: string, locale: string): Promise<LocalizationRow | undefined> {
  return db.selectFrom('asset_localization').selectAll().where('asset_id', '=', id).where('locale', '=', locale).executeTakeFirst();
}

/** The locales an asset exists in, in the order they were created. */
export async function listLocales(db: Executor, id: string): Promise<Array<{ locale: string; status: string }>> {
  return db.selectFrom('asset_localization').select(['locale', 'status']).where('asset_id', '=', id).orderBy('created_at').orderBy('locale').execute();
}

/**
 * Writes a version only if the stored one is still `expectedVersion`: one compare-and-set, so of two writes
 * based on the same version exactly one wins. Returns false when another write came first.
 */
export async function updateLocalizationIfVersion(
  db: Executor,
  input: { id: string; locale: string; expectedVersion: number; values: Partial<Omit<Insertable<AssetLocalizationTable>, 'asset_id' | 'locale' | 'version'>> },
): Promise<boolean> {
  const result = await db
    .updateTable('asset_localization')
    .set({ ...input.values, version: input.expectedVersion + 1 })
    .where('asset_id', '=', input.id)
    .where('locale', '=', input.locale)
    .where('version', '=', input.expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteLocalization(db: Executor, id: string, locale: string): Promise<boolean> {
  const result = await db.deleteFrom('asset_localization').where('asset_id', '=', id).where('locale', '=', locale).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The history of an existing version (not the revisions of a deleted one in the trash), newest first. */
export async function listHistory(db: Executor, id: string, locale: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('asset_history')
    .select(['version', 'action', 'user_name', 'at', 'changed_properties', 'if_match'])
    .where('asset_id', '=', id)
    .where('locale', '=', locale)
    .where('deleted_id', '=', '')
    .orderBy('version', 'desc')
    .execute();
}

export async function findBookmarked(db: Executor, userId: string, keys: ReadonlyArray<{ id: string; locale: string }>): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('bookmark')
    .select(['asset_id', 'locale'])
    .where('user_id', '=', userId)
    .where('asset_id', 'in', [...new Set(keys.map((key) => key.id))])
    .execute();
  return new Set(rows.map((row) => `${row.asset_id}-${row.locale}`));
}

/** Spec 000 §3: the URI titles of the slugs this version has a pending claim on (the claim moves each to it on publish). */
export async function listPendingSlugTitles(db: Executor, id: string, locale: string): Promise<string[]> {
  const rows = await db.selectFrom('uri_slug_claim').select('slug_id').where('asset_id', '=', id).where('locale', '=', locale).execute();
  // A slug id is `{space}:{region locale}:{uri title}`.
  return rows.map((row) => row.slug_id.split(':')[2] ?? '');
}

export async function setBookmark(db: Executor, input: { userId: string; id: string; locale: string; at: string }): Promise<void> {
  await db
    .insertInto('bookmark')
    .values({ user_id: input.userId, asset_id: input.id, locale: input.locale, created_at: input.at })
    .onConflict((oc) => oc.columns(['user_id', 'asset_id', 'locale']).doNothing())
    .execute();
}

export async function removeBookmark(db: Executor, input: { userId: string; id: string; locale: string }): Promise<void> {
  await db.deleteFrom('bookmark').where('user_id', '=', input.userId).where('asset_id', '=', input.id).where('locale', '=', input.locale).execute();
}

/** Marks when a version's properties were last shipped to other locales; no new version, as its content is unchanged. */
export async function updateLocalizationShipped(db: Executor, input: { id: string; locale: string; at: string }): Promise<void> {
  await db.updateTable('asset_localization').set({ last_shipped_at: input.at }).where('asset_id', '=', input.id).where('locale', '=', input.locale).execute();
}

/** Stores the columns derived from a version's content (title, error count, main image, search text...). */
export async function updateDerived(
  db: Executor,
  input: { id: string; locale: string; values: Pick<LocalizationRow, 'title'> & { error_count: number; main_image: string | null; search_text: string; infographic: number; tag_ids: string } },
): Promise<void> {
  await db.updateTable('asset_localization').set(input.values).where('asset_id', '=', input.id).where('locale', '=', input.locale).execute();
}

/** Replaces the references a version makes to other assets. */
export async function replaceReferences(db: Executor, input: { id: string; locale: string; references: ReadonlyArray<{ input: string; targetId: string }> }): Promise<void> {
  await db.deleteFrom('asset_reference').where('asset_id', '=', input.id).where('locale', '=', input.locale).execute();
  if (input.references.length === 0) return;
  await db
    .insertInto('asset_reference')
    .values(input.references.map((reference) => ({ asset_id: input.id, locale: input.locale, input: reference.input, target_id: reference.targetId })))
    .execute();
}

// Bulk writes of the demo seed (src/demo): many rows per statement, in chunks below both dialects' parameter limits.

/** Parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. */
const MAX_PARAMETERS_PER_STATEMENT = 10_000;

/** Rows in slices small enough for one multi-row insert each. */
export function chunks<T extends object>(rows: readonly T[]): T[][] {
  const first = rows[0];
  if (first === undefined) return [];
  const size = Math.max(1, Math.floor(MAX_PARAMETERS_PER_STATEMENT / Object.keys(first).length));
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

/** How many asset containers exist. */
export async function countAssets(db: Executor): Promise<number> {
  const row = await db.selectFrom('asset').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertAssetRows(db: Executor, rows: readonly AssetRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('asset').values(chunk).execute();
}

export async function insertSpaceRows(db: Executor, rows: ReadonlyArray<Insertable<AssetSpaceTable>>): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('asset_space').values(chunk).execute();
}

/** Inserts versions as they are, whatever their status and dates (the seed writes finished histories). */
export async function insertLocalizationRows(db: Executor, rows: ReadonlyArray<Insertable<AssetLocalizationTable>>): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('asset_localization').values(chunk).execute();
}

export async function insertReferenceRows(db: Executor, rows: ReadonlyArray<Insertable<AssetReferenceTable>>): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('asset_reference').values(chunk).execute();
}

export async function insertHistoryRows(db: Executor, rows: readonly NewHistoryRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('asset_history').values(chunk).execute();
}

export async function insertBookmarkRows(db: Executor, rows: ReadonlyArray<Insertable<BookmarkTable>>): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('bookmark').values(chunk).execute();
}

