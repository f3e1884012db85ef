import { SqliteAdapter, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** The dialect behind a Kysely instance, for the few statements that differ (migrations receive only the instance). */
export function dialectOf<T>(db: Kysely<T>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
