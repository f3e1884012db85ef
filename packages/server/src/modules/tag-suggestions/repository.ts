import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * What changes whenever a version of the stencil is written, added or removed, in any space: how many there are and
 * the newest write. The stencil's index (stencil, updated_at) answers it without reading a row.
 */
export async function tagFingerprint(db: Kysely<DB>, stencil: string): Promise<string> {
  const row = await db
    .selectFrom('asset_localization')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('newest')])
    .where('stencil', '=', stencil)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)} ${row?.newest ?? ''}`;
}

/** The titles of every version of the stencil's assets in the space. */
export async function listTagTitles(db: Kysely<DB>, input: { stencil: string; space: string }): Promise<Array<{ asset_id: string; locale: string; title: string }>> {
  return db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale', 'l.title'])
    .where('l.stencil', '=', input.stencil)
    .where((eb) => eb.exists(eb.selectFrom('asset_space as s').select('s.asset_id').whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', '=', input.space)))
    .orderBy('l.asset_id')
    .orderBy('l.created_at')
    .execute();
}
