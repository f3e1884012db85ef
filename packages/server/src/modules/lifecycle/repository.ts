import type { Kysely, Transaction } from 'kysely';
import type { TransitionTo } from '@editor/domain';
import type { DB, TransitionTable } from '../../db/schema.ts';
import { chunks } from '../assets/repository.ts';

export type Executor = Kysely<DB> | Transaction<DB>;
export type TransitionRow = TransitionTable;

export async function insertTransition(db: Executor, row: TransitionRow): Promise<void> {
  await db.insertInto('transition').values(row).execute();
}

/** The transitions of a version by when they ran, or are due for the scheduled ones; oldest first. */
export async function listTransitions(db: Executor, key: { id: string; locale: string }): Promise<TransitionRow[]> {
  return db
    .selectFrom('transition')
    .selectAll()
    .where('asset_id', '=', key.id)
    .where('locale', '=', key.locale)
    .orderBy((eb) => eb.fn.coalesce('executed_at', 'due_at'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Removes the scheduled transitions of a version, of one direction or both; answers how many went. */
export async function deleteScheduled(db: Executor, key: { id: string; locale: string; to?: TransitionTo | undefined }): Promise<number> {
  let query = db.deleteFrom('transition').where('asset_id', '=', key.id).where('locale', '=', key.locale).where('status', '=', 'SCHEDULED');
  if (key.to) query = query.where('transition_to', '=', key.to);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Bulk insert of the demo seed (src/demo). */
export async function insertTransitionRows(db: Executor, rows: readonly TransitionRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('transition').values(chunk).execute();
}

export interface ScheduleEntryRow {
  asset_id: string;
  locale: string;
  transition_to: TransitionTo;
  due_at: string;
  title: string;
  stencil: string;
  status: string;
}

/** Scheduled transitions of versions in `locales` of assets in one of `spaces`, soonest first (spec 001 §4 Schedule). */
export async function listScheduleEntries(
  db: Executor,
  input: { locales: readonly string[]; spaces: readonly string[]; limit: number; offset: number },
): Promise<ScheduleEntryRow[]> {
  if (input.locales.length === 0 || input.spaces.length === 0) return [];
  return db
    .selectFrom('transition as t')
    .innerJoin('asset_localization as l', (join) => join.onRef('l.asset_id', '=', 't.asset_id').onRef('l.locale', '=', 't.locale'))
    .select(['t.asset_id', 't.locale', 't.transition_to', 't.due_at', 'l.title', 'l.stencil', 'l.status'])
    .where('t.status', '=', 'SCHEDULED')
    .where('t.locale', 'in', [...input.locales])
    .where((eb) =>
      eb.exists(eb.selectFrom('asset_space as s').select('s.asset_id').whereRef('s.asset_id', '=', 't.asset_id').where('s.space', 'in', [...input.spaces])),
    )
    .orderBy('t.due_at')
    .orderBy('t.asset_id')
    .orderBy('t.locale')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
}
