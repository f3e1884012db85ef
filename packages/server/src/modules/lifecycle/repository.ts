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
