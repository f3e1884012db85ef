import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { skippingLockedRows } from '../../db/dialects/locking.ts';
import type { DB } from '../../db/schema.ts';
import type { AssetRow, LocalizationRow } from '../assets/repository.ts';
import type { TransitionRow } from '../lifecycle/repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The assets a version references (asset_reference, kept at each write), itself left out. */
export async function listReferencedAssetIds(db: Executor, key: { id: string; locale: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('asset_reference')
    .select('target_id')
    .distinct()
    .where('asset_id', '=', key.id)
    .where('locale', '=', key.locale)
    .where('target_id', '<>', key.id)
    .orderBy('target_id')
    .execute();
  return rows.map((row) => row.target_id);
}

/** The containers and every version of the given assets. */
export async function findAssetsWithVersions(db: Executor, ids: readonly string[]): Promise<{ assets: AssetRow[]; versions: LocalizationRow[] }> {
  if (ids.length === 0) return { assets: [], versions: [] };
  const [assets, versions] = await Promise.all([
    db.selectFrom('asset').selectAll().where('id', 'in', [...ids]).execute(),
    db
      .selectFrom('asset_localization')
      .select([
        'asset_id', 'locale', 'stencil', 'status', 'title', 'content', 'meta', 'changed_properties', 'published_content', 'version', 'created_at', 'created_by',
        'updated_at', 'updated_by', 'first_published_at', 'last_published_at', 'last_shipped_at', 'publish_start', 'publish_end', 'error_count', 'main_image',
        'search_text', 'infographic',
      ])
      .where('asset_id', 'in', [...ids])
      .orderBy('created_at')
      .orderBy('locale')
      .execute(),
  ]);
  return { assets, versions };
}

/** The scheduled transitions of the given versions. */
export async function listScheduledOf(db: Executor, keys: ReadonlyArray<{ id: string; locale: string }>): Promise<TransitionRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('transition')
    .selectAll()
    .where('status', '=', 'SCHEDULED')
    .where((eb) => eb.or(keys.map((key) => eb.and([eb('asset_id', '=', key.id), eb('locale', '=', key.locale)]))))
    .execute();
}

/**
 * Claims up to `limit` scheduled transitions due at `now`, oldest first, for the caller's transaction: on
 * PostgreSQL they stay locked (and invisible to other workers) until it ends.
 */
export async function claimDueTransitions(trx: Transaction<DB>, dialect: Dialect, input: { now: string; limit: number }): Promise<TransitionRow[]> {
  const query = trx
    .selectFrom('transition')
    .selectAll()
    .where('status', '=', 'SCHEDULED')
    .where('due_at', '<=', input.now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(input.limit);
  return skippingLockedRows(dialect, query).execute();
}

/** Marks a claimed transition as run (EXECUTED) or failed (ERROR, with the reason). */
export async function finishTransition(db: Executor, input: { id: string; status: 'EXECUTED' | 'ERROR'; at: string; message: string | null }): Promise<void> {
  await db.updateTable('transition').set({ status: input.status, executed_at: input.at, message: input.message }).where('id', '=', input.id).execute();
}
