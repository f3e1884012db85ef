import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, MediaClipMarkerTable, MediaItemTable } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;
export type MediaItemRow = Selectable<MediaItemTable>;
export type MediaClipMarkerRow = Selectable<MediaClipMarkerTable>;

/** A position in the newest-first order: after the item with this ingest timestamp and id. */
export interface ArchivePosition {
  ingestTimestamp: string;
  id: string;
}

export interface ArchiveQuery {
  /** Lower-case words, every one of which the title or description holds. */
  words: readonly string[];
  contentType?: string | undefined;
  channel?: string | undefined;
  /** Channels the user may see, of all there are; items without a channel are seen by everyone. */
  visibleChannels: readonly string[];
  allChannels: readonly string[];
  after?: ArchivePosition | undefined;
  limit: number;
}


/** `%` and `_` are LIKE's wildcards; a searched word means itself. */
const likeContaining = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function insertMediaItem(db: Executor, row: Insertable<MediaItemTable>): Promise<void> {
  await db.insertInto('media_item').values(row).execute();
}

/** Many items in one statement (imports and benchmarks); the caller keeps a batch within the driver's parameter limit. */
export async function insertMediaItems(db: Executor, rows: ReadonlyArray<Insertable<MediaItemTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('media_item').values([...rows]).execute();
}

export async function findMediaItem(db: Executor, id: string): Promise<MediaItemRow | undefined> {
  return db.selectFrom('media_item').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countMediaItems(db: Executor): Promise<number> {
  const row = await db.selectFrom('media_item').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Gives the items without an asset this one (spec 000 §3 `assetId`); an item keeps the first asset it got. */
export async function claimItemsForAsset(db: Executor, input: { itemIds: readonly string[]; assetId: string }): Promise<void> {
  await db.updateTable('media_item').set({ asset_id: input.assetId }).where('id', 'in', [...input.itemIds]).where('asset_id', 'is', null).execute();
}

/** Spec 000 §3 `meta.lastPublished`: an asset using the items was published at `at`. */
export async function markItemsPublished(db: Executor, input: { itemIds: readonly string[]; at: string }): Promise<void> {
  await db.updateTable('media_item').set({ last_published_at: input.at }).where('id', 'in', [...input.itemIds]).execute();
}

/** How far the archive's `meta.total` counts: 10,001 means "more than 10,000". */
export const ARCHIVE_COUNT_LIMIT = 10_001;

/** A page of the archive, newest ingest first (ties by id), and how many items match (at most ARCHIVE_COUNT_LIMIT) without the page's position. */
export async function searchMediaItems(db: Executor, query: ArchiveQuery): Promise<{ rows: MediaItemRow[]; total: number }> {
  let filtered = db.selectFrom('media_item');
  // PostgreSQL reads these from its trigram index (migration 025); SQLite tests every item (docs/performance.md).
  for (const word of query.words) filtered = filtered.where(sql<boolean>`search_text like ${likeContaining(word)} escape '\\'`);
  if (query.contentType) filtered = filtered.where('content_type', '=', query.contentType);
  if (query.channel) filtered = filtered.where('channel', '=', query.channel);
  // Said as the channels hidden from the user: "null or in (visible)" made both databases read every visible item
  // through the channel index and sort them all, instead of reading the newest ones in order (docs/performance.md).
  const hidden = query.allChannels.filter((channel) => !query.visibleChannels.includes(channel));
  if (hidden.length > 0) filtered = filtered.where(sql<boolean>`coalesce(channel, '') not in (${sql.join(hidden)})`);
  let paged = filtered.selectAll();
  const { after } = query;
  // A row-value comparison, which both databases read as a range of the (ingest timestamp, id) index.
  if (after) paged = paged.where((eb) => eb(eb.refTuple('ingest_timestamp', 'id'), '<', eb.tuple(after.ingestTimestamp, after.id)));
  const [rows, count] = await Promise.all([
    paged.orderBy('ingest_timestamp', 'desc').orderBy('id', 'desc').limit(query.limit).execute(),
    // At most COUNT_LIMIT matches are counted, as the asset list counts its newest 10,001: a count of every item read
    // the whole index on each page (docs/performance.md "Media archive").
    db
      .selectFrom(filtered.select(sql<number>`1`.as('one')).limit(ARCHIVE_COUNT_LIMIT).as('counted'))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}

/**
 * The asset versions whose content names one of the items as a media value's `referenceId`, in the given spaces.
 * Content is JSON text in both dialects and no index holds media reference ids, so this is a LIKE per item over the
 * versions (docs/decisions.md "Media archive").
 */
export async function findItemUsage(db: Executor, input: { itemIds: readonly string[]; spaces: readonly string[] }): Promise<Map<string, Array<{ id: string; localization: string }>>> {
  const usage = new Map<string, Array<{ id: string; localization: string }>>();
  if (input.itemIds.length === 0 || input.spaces.length === 0) return usage;
  const patterns = input.itemIds.map((id) => ({ id, pattern: likeContaining(`"referenceId":"${id}"`) }));
  const rows = await db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale', 'l.content'])
    .where((eb) => eb.or(patterns.map(({ pattern }) => eb(sql`l.content`, 'like', sql`${pattern} escape '\\'`))))
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select(sql`1`.as('one')).whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', 'in', [...input.spaces])))
    .orderBy('l.asset_id')
    .orderBy('l.locale')
    .execute();
  for (const row of rows) {
    for (const { id } of patterns) {
      if (!row.content.includes(`"referenceId":"${id}"`)) continue;
      const list = usage.get(id) ?? [];
      list.push({ id: row.asset_id, localization: row.locale });
      usage.set(id, list);
    }
  }
  return usage;
}

/** The markers of an item, the first made first (spec 002 §7: the first is the existing marker). */
export async function listClipMarkers(db: Executor, itemId: string): Promise<MediaClipMarkerRow[]> {
  return db.selectFrom('media_clip_marker').selectAll().where('media_item_id', '=', itemId).orderBy('created_at').orderBy('id').execute();
}

export async function insertClipMarker(db: Executor, row: Insertable<MediaClipMarkerTable>): Promise<void> {
  await db.insertInto('media_clip_marker').values(row).execute();
}

/** Moves a marker of the item; false when the item has no such marker. */
export async function updateClipMarker(db: Executor, input: { itemId: string; markerId: string; inpoint: number; outpoint: number; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('media_clip_marker')
    .set({ inpoint: input.inpoint, outpoint: input.outpoint, updated_at: input.at })
    .where('id', '=', input.markerId)
    .where('media_item_id', '=', input.itemId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
