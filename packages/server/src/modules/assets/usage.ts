import { sql, type Kysely, type Transaction } from 'kysely';
import type { UsageResponse } from '@editor/domain';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Spec 002 §3 usage: the versions that reference the asset `targetId` (through `asset_reference`, kept at every
 * write), other than the asset's own, in the given spaces only; newest edit first. `total` counts all of them.
 */
export async function listUsage(
  db: Executor,
  input: { targetId: string; spaces: readonly string[]; limit: number; offset: number },
): Promise<UsageResponse> {
  if (input.spaces.length === 0) return { total: 0, items: [] };
  // A version referencing the asset from several inputs counts once; the target index finds them.
  const referencing = db
    .selectFrom('asset_reference')
    .select(['asset_id', 'locale'])
    .distinct()
    .where('target_id', '=', input.targetId)
    .where('asset_id', '<>', input.targetId)
    .as('r');
  const readable = db
    .selectFrom(referencing)
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select(sql`1`.as('one')).whereRef('s.asset_id', '=', 'r.asset_id').where('s.space', 'in', [...input.spaces])));
  const [count, rows] = await Promise.all([
    readable.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst(),
    readable
      .innerJoin('asset_localization as l', (join) => join.onRef('l.asset_id', '=', 'r.asset_id').onRef('l.locale', '=', 'r.locale'))
      .select(['l.asset_id', 'l.locale'])
      .orderBy('l.updated_at', 'desc')
      .orderBy('l.asset_id')
      .orderBy('l.locale')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
  ]);
  return { total: Number(count?.count ?? 0), items: rows.map((row) => ({ id: row.asset_id, localization: row.locale })) };
}
