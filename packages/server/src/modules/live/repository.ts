import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What a write left an asset as: its spaces and, per localization, its version and the revision that made it. */
export interface AssetState {
  spaces: string[];
  localizations: Array<{
    locale: string;
    version: number;
    /** The version of the revision found (the write's), null when there is none. */
    revision: number | null;
    status: string;
    publish_start: string | null;
    publish_end: string | null;
    action: string | null;
    user_id: string | null;
    user_name: string | null;
    at: string | null;
    changed_paths: string | null;
  }>;
}

/** The asset's spaces, or undefined when there is no such asset (presence asks before it says who is where). */
export async function findSpaces(db: Kysely<DB>, assetId: string): Promise<string[] | undefined> {
  const [asset, spaces] = await Promise.all([
    db.selectFrom('asset').select('id').where('id', '=', assetId).executeTakeFirst(),
    db.selectFrom('asset_space').select('space').where('asset_id', '=', assetId).execute(),
  ]);
  return asset ? spaces.map((row) => row.space) : undefined;
}

/**
 * The asset's state for the named localization or all of them, with the revision of `version` (the write's own, when
 * the caller knows it: a later write may have followed already) or else of the newest; undefined when the asset is gone.
 */
export async function findAssetState(db: Kysely<DB>, input: { assetId: string; locale?: string | undefined; version?: number | undefined }): Promise<AssetState | undefined> {
  const { version } = input;
  let localizations = db
    .selectFrom('asset_localization as l')
    .leftJoin('asset_history as h', (join) =>
      (version === undefined ? join.onRef('h.version', '=', 'l.version') : join.on('h.version', '=', version)).onRef('h.asset_id', '=', 'l.asset_id').onRef('h.locale', '=', 'l.locale').on('h.deleted_id', '=', ''),
    )
    .select(['l.locale', 'l.version', 'l.status', 'l.publish_start', 'l.publish_end', 'h.version as revision', 'h.action', 'h.user_id', 'h.user_name', 'h.at', 'h.changed_paths'])
    .where('l.asset_id', '=', input.assetId);
  if (input.locale !== undefined) localizations = localizations.where('l.locale', '=', input.locale);
  const [spaces, rows] = await Promise.all([findSpaces(db, input.assetId), localizations.execute()]);
  if (!spaces) return undefined;
  return { spaces, localizations: rows };
}

/** Stores an event; answers its id, which orders it among every instance's events. */
export async function insertEvent(db: Kysely<DB>, input: { at: string; assetId: string; spaces: readonly string[]; data: string }): Promise<number> {
  const row = await db
    .insertInto('live_event')
    .values({ at: input.at, asset_id: input.assetId, spaces: JSON.stringify(input.spaces), data: input.data })
    .returning('id')
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a bigint as text.
  return Number(row.id);
}

export interface StoredEvent {
  id: number;
  spaces: string[];
  data: string;
}

const toStored = (row: { id: number | string; spaces: string; data: string }): StoredEvent => ({ id: Number(row.id), spaces: JSON.parse(row.spaces) as string[], data: row.data });

/** The events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Kysely<DB>, input: { afterId: number; limit: number }): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('live_event').select(['id', 'spaces', 'data']).where('id', '>', input.afterId).orderBy('id').limit(input.limit).execute();
  return rows.map(toStored);
}

export async function findEvent(db: Kysely<DB>, id: number): Promise<StoredEvent | undefined> {
  const row = await db.selectFrom('live_event').select(['id', 'spaces', 'data']).where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** The oldest event still kept, and the newest; 0 when there is none. */
export async function eventRange(db: Kysely<DB>): Promise<{ oldest: number; newest: number }> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
}

/** Removes the events older than `before`. */
export async function pruneEvents(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('live_event').where('at', '<', before).execute();
}
