import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface AuditRow {
  id: string;
  at: string;
  event: string;
  user_id: string | null;
  client_address: string | null;
  target: string | null;
  outcome: string;
  detail: string;
}

export async function insertEntry(db: Kysely<DB>, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first: the entries older than `before` (an entry id), of one event when named. */
export async function listEntries(db: Kysely<DB>, query: { limit: number; before?: string | undefined; event?: string | undefined }): Promise<AuditRow[]> {
  let select = db.selectFrom('audit_log').selectAll();
  if (query.before) select = select.where('id', '<', query.before);
  if (query.event) select = select.where('event', '=', query.event);
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

/** Removes up to `limit` entries older than `cutoff`; answers how many went. */
export async function deleteOlderThan(db: Kysely<DB>, input: { cutoff: string; limit: number }): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('id', 'in', (sub) => sub.selectFrom('audit_log').select('id').where('at', '<', input.cutoff).orderBy('id').limit(input.limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
