import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.ts';

/** One entry as read: its columns as `AuditLogTable` declares them (a plain entry's count is 1). */
export type AuditRow = Selectable<AuditLogTable>;

/** Counted refusals go in this many rows per statement, well within SQLite's limit of bound values. */
const COUNTS_PER_STATEMENT = 200;

export async function insertEntry(db: Kysely<DB>, row: Omit<AuditRow, 'count' | 'first_at' | 'last_at'>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * Adds counted refusals to their entries: an entry's id names its minute, address, user and reason, so what several
 * instances counted of the same ends up in one row, its count the sum and its times the first and the last.
 */
export async function addRefusalCounts(db: Kysely<DB>, rows: readonly AuditRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += COUNTS_PER_STATEMENT) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(start, start + COUNTS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          count: eb('audit_log.count', '+', eb.ref('excluded.count')),
          first_at: sql<string>`case when excluded.first_at < audit_log.first_at then excluded.first_at else audit_log.first_at end`,
          last_at: sql<string>`case when excluded.last_at > audit_log.last_at then excluded.last_at else audit_log.last_at end`,
        })),
      )
      .execute();
  }
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
