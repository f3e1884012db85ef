import SQLite, { type Statement } from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { PREPARED, type Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Lookups } from './repository.ts';

/**
 * Where the delivery API's one-version reads run. SQLite: a read-only connection of this thread to the database file
 * (as the list's reader threads open theirs), each statement prepared once: one indexed lookup takes tens of
 * microseconds there, less than handing it to a reader thread and back or preparing it again on the server's own
 * connection; it sees every transaction committed before it starts. PostgreSQL (and SQLite in memory, which another
 * connection cannot see): the given database, each statement prepared once per connection.
 */
export async function openLookups(input: { db: Kysely<DB>; dialect: Dialect }): Promise<Lookups & { close(): void }> {
  const onDb: Lookups = {
    first: async <O>(query: CompiledQuery<O>, parameters: readonly unknown[]) =>
      (await input.db.executeQuery<O>({ ...query, sql: `${PREPARED}${query.sql}`, parameters })).rows[0],
  };
  if (input.dialect !== 'sqlite') return { ...onDb, close: () => undefined };
  const files = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(input.db);
  const file = files.rows.find((row) => row.name === 'main')?.file;
  if (!file) return { ...onDb, close: () => undefined };
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  connection.pragma('cache_size = -65536');
  connection.pragma('mmap_size = 268435456');
  const statements = new Map<string, Statement>();
  return {
    first: async <O>(query: CompiledQuery<O>, parameters: readonly unknown[]) => {
      let statement = statements.get(query.sql);
      if (!statement) {
        // The texts come from a bounded set of shapes (repository `compiledOnce`); past a thousand, start again.
        if (statements.size >= 1000) statements.clear();
        statement = connection.prepare(query.sql);
        statements.set(query.sql, statement);
      }
      return statement.get(...parameters) as O | undefined;
    },
    close: () => connection.close(),
  };
}
