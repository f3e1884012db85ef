import type { Kysely } from 'kysely';
import { dialectOf } from '../dialects/dialect.ts';
import { dropValueSamples } from '../dialects/sqlitePlans.ts';

/**
 * SQLite: the value samples the ANALYZE of migrations 016 and 018 wrote on a database with content are dropped, so
 * that statements comparing a bound value with an indexed column are planned once, not at every run
 * (db/dialects/sqlitePlans.ts). Nothing changes on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await dropValueSamples(db);
}

/** Samples are statistics: an ANALYZE writes them again. */
export async function down(): Promise<void> {}
