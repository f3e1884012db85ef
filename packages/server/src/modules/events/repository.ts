import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB, EventTable } from '../../db/schema.ts';

export type EventRow = EventTable;

/** Which events a page lists and in which order; times are ISO UTC. */
export interface EventScope {
  /** Events ending at or after this time (the 100-day rule, or now for upcoming events). */
  endsFrom: string;
  /** Events ending before this time (past events). */
  endsBefore?: string | undefined;
  /** Events starting at or before this time (a maintainable window's far edge). */
  startsUntil?: string | undefined;
  /** The user's spaces: an event shares at least one. */
  spaces: readonly string[];
  locales?: readonly string[] | undefined;
  /** Lower-cased text the event's title, series, city or country contains. */
  searchTerm?: string | undefined;
  onlyHostedByProduct: boolean;
  order: 'soonest' | 'latest';
}

/** `%` and `_` in a user's text match themselves. */
function containsPattern(text: string): string {
  return `%${text.replaceAll(/[!%_]/g, (char) => `!${char}`)}%`;
}

/** Matches a `,a,b,` column against any of the values (each a plain token: ids and locales have no wildcards). */
function listedIn(eb: ExpressionBuilder<DB, 'event'>, column: 'spaces' | 'locales', values: readonly string[]): Expression<SqlBool> {
  return eb.or(values.map((value) => eb(column, 'like', `%,${value},%`)));
}

function whereScope(eb: ExpressionBuilder<DB, 'event'>, scope: EventScope): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('end_utc', '>=', scope.endsFrom), listedIn(eb, 'spaces', scope.spaces)];
  if (scope.endsBefore) conditions.push(eb('end_utc', '<', scope.endsBefore));
  if (scope.startsUntil) conditions.push(eb('start_utc', '<=', scope.startsUntil));
  if (scope.locales && scope.locales.length > 0) conditions.push(listedIn(eb, 'locales', scope.locales));
  if (scope.searchTerm) conditions.push(sql<SqlBool>`${eb.ref('search_text')} like ${containsPattern(scope.searchTerm)} escape '!'`);
  if (scope.onlyHostedByProduct) conditions.push(eb('hosted_by_product', '=', 1));
  return eb.and(conditions);
}

/** One page of the events in scope and how many there are in all. */
export async function listEvents(db: Kysely<DB>, scope: EventScope, page: { size: number; number: number }): Promise<{ rows: EventRow[]; totalCount: number }> {
  if (scope.spaces.length === 0) return { rows: [], totalCount: 0 };
  let query = db.selectFrom('event').selectAll().where((eb) => whereScope(eb, scope));
  query = scope.order === 'soonest' ? query.orderBy('start_utc').orderBy('id') : query.orderBy('end_utc', 'desc').orderBy('id', 'desc');
  const [rows, counted] = await Promise.all([
    query.limit(page.size).offset((page.number - 1) * page.size).execute(),
    db.selectFrom('event').select((eb) => eb.fn.countAll<number | string>().as('n')).where((eb) => whereScope(eb, scope)).executeTakeFirst(),
  ]);
  return { rows, totalCount: Number(counted?.n ?? 0) };
}

export async function countEvents(db: Kysely<DB>): Promise<number> {
  const counted = await db.selectFrom('event').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(counted?.n ?? 0);
}

export async function insertEventRows(db: Kysely<DB>, rows: readonly EventRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 50) await db.insertInto('event').values(rows.slice(start, start + 50)).execute();
}

export async function findEventById(db: Kysely<DB>, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEventByExternalId(db: Kysely<DB>, externalId: string): Promise<EventRow | undefined> {
  return db.selectFrom('event').selectAll().where('external_id', '=', externalId).executeTakeFirst();
}

export async function insertEvent(db: Kysely<DB>, row: EventRow): Promise<void> {
  await db.insertInto('event').values(row).execute();
}

/** Writes every column but the id and the creation time. */
export async function updateEvent(db: Kysely<DB>, row: EventRow): Promise<void> {
  const { id, created_at: _createdAt, ...columns } = row;
  await db.updateTable('event').set(columns).where('id', '=', id).execute();
}

/** Whether an event was deleted. */
export async function deleteEvent(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('event').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
