import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TrendingSignals } from './trendingScore.ts';

/** A trending candidate: only what the publish-time index holds, so that ranking reads no row. */
export interface TrendingCandidate {
  asset_id: string;
  locale: string;
  last_published_at: string;
}

/**
 * The newest published versions within the window, of the given stencils and locales, in one of the user's spaces,
 * tagged with one of the disciplines and one of the event series when those are given.
 */
export async function findTrendingCandidates(
  db: Kysely<DB>,
  input: { since: string; stencils: readonly string[]; locales: readonly string[]; spaces: readonly string[]; disciplines: readonly string[]; eventSeries: readonly string[]; limit: number },
): Promise<TrendingCandidate[]> {
  if (input.stencils.length === 0 || input.locales.length === 0 || input.spaces.length === 0) return [];
  let query = db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale', 'l.last_published_at'])
    .where('l.status', '=', 'published')
    .where('l.last_published_at', '>=', input.since)
    .where('l.stencil', 'in', [...input.stencils])
    .where('l.locale', 'in', [...input.locales])
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select('s.asset_id').whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', 'in', [...input.spaces])));
  for (const [name, targets] of [['disciplines', input.disciplines], ['event-series', input.eventSeries]] as const) {
    if (targets.length === 0) continue;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_reference as r')
          .select('r.asset_id')
          .whereRef('r.asset_id', '=', 'l.asset_id')
          .whereRef('r.locale', '=', 'l.locale')
          .where('r.input', '=', name)
          .where('r.target_id', 'in', [...targets]),
      ),
    );
  }
  const rows = await query.orderBy('l.last_published_at', 'desc').limit(input.limit).execute();
  return rows.map((row) => ({ ...row, last_published_at: row.last_published_at ?? input.since }));
}

/**
 * What a trending card shows of each version, by `{asset id} {locale}`: only versions still published and still in one
 * of the spaces, so that a kept ranking never shows what the user may no longer see.
 */
export async function findTrendingCards(
  db: Kysely<DB>,
  input: { keys: ReadonlyArray<{ id: string; locale: string }>; spaces: readonly string[] },
): Promise<Map<string, { stencil: string; title: string; main_image: string | null; content: string }>> {
  if (input.keys.length === 0 || input.spaces.length === 0) return new Map();
  const wanted = new Set(input.keys.map((key) => `${key.id} ${key.locale}`));
  const rows = await db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale', 'l.stencil', 'l.title', 'l.main_image', 'l.content'])
    .where('l.asset_id', 'in', [...new Set(input.keys.map((key) => key.id))])
    .where('l.status', '=', 'published')
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select('s.asset_id').whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', 'in', [...input.spaces])))
    .execute();
  return new Map(rows.filter((row) => wanted.has(`${row.asset_id} ${row.locale}`)).map((row) => [`${row.asset_id} ${row.locale}`, row]));
}

/** Edits and bookmarks since `since`, and uses by other assets, of each asset. */
export async function findTrendingSignals(db: Kysely<DB>, input: { assetIds: readonly string[]; since: string }): Promise<Map<string, TrendingSignals>> {
  const signals = new Map<string, TrendingSignals>(input.assetIds.map((id) => [id, { edits: 0, bookmarks: 0, uses: 0 }]));
  if (input.assetIds.length === 0) return signals;
  const ids = [...input.assetIds];
  const [edits, bookmarks, uses] = await Promise.all([
    db.selectFrom('asset_history').select(['asset_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('asset_id', 'in', ids).where('at', '>=', input.since).groupBy('asset_id').execute(),
    db.selectFrom('bookmark').select(['asset_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('asset_id', 'in', ids).where('created_at', '>=', input.since).groupBy('asset_id').execute(),
    db
      .selectFrom('asset_reference')
      .select(['target_id as asset_id', (eb) => eb.fn.count<number | string>('asset_id').distinct().as('n')])
      .where('target_id', 'in', ids)
      .whereRef('asset_id', '<>', 'target_id')
      .groupBy('target_id')
      .execute(),
  ]);
  for (const [rows, key] of [[edits, 'edits'], [bookmarks, 'bookmarks'], [uses, 'uses']] as const) {
    for (const row of rows) {
      const entry = signals.get(row.asset_id);
      if (entry) entry[key] = Number(row.n);
    }
  }
  return signals;
}

/** Newly created (draft) or existing (published) athletes, newest first; saves do not move them between pages. */
export async function findAthletes(
  db: Kysely<DB>,
  input: { status: 'draft' | 'published'; locales: readonly string[]; spaces: readonly string[]; limit: number; offset: number },
): Promise<Array<{ id: string; locale: string }>> {
  if (input.locales.length === 0 || input.spaces.length === 0) return [];
  const rows = await db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale'])
    .where('l.stencil', '=', 'athlete')
    .where('l.status', '=', input.status)
    .where('l.locale', 'in', [...input.locales])
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select('s.asset_id').whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', 'in', [...input.spaces])))
    // One direction throughout, so that the index (stencil, status, created_at, asset_id, locale) is read backwards.
    .orderBy('l.created_at', 'desc')
    .orderBy('l.asset_id', 'desc')
    .orderBy('l.locale', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return rows.map((row) => ({ id: row.asset_id, locale: row.locale }));
}
