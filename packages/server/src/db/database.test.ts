import os from 'node:os';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { PREPARED } from './database.ts';

describe.skipIf(!DIALECTS.includes('postgres'))('the PostgreSQL pool', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('opens every connection in its schema, without JIT compilation or parallel workers', async () => {
    database = await openTestDatabase('postgres', os.tmpdir());
    const { db } = database;
    // More connections than one, side by side, as a list call uses them.
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => sql<{ jit: string; workers: string; schema: string }>`SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers, current_schema() AS schema, pg_sleep(0.05)`.execute(db)),
    );
    for (const { rows } of settings) expect(rows.map(({ jit, workers, schema }) => ({ jit, workers, schema }))).toEqual([{ jit: 'off', workers: '0', schema: database.schema }]);
  });

  it('prepares a marked statement once per connection and leaves others unprepared', async () => {
    database = await openTestDatabase('postgres', os.tmpdir());
    const prepared = await database.db.connection().execute(async (connection) => {
      const sums = [];
      for (const n of [1, 2, 3]) sums.push((await sql<{ sum: number }>`${sql.raw(PREPARED)}SELECT ${n}::int + 1 AS sum`.execute(connection)).rows[0]?.sum);
      await sql`SELECT 'not marked' AS text`.execute(connection);
      const statements = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection);
      return { sums, statements: statements.rows.map((row) => row.statement) };
    });
    expect(prepared.sums).toEqual([2, 3, 4]);
    expect(prepared.statements).toEqual([`${PREPARED}SELECT $1::int + 1 AS sum`]);
  });

  it('keeps an idle connection, and the statements it prepared, past the ten seconds of the pg default', { timeout: 30_000 }, async () => {
    database = await openTestDatabase('postgres', os.tmpdir());
    const { db } = database;
    const backend = async () => (await sql<{ pid: number }>`${sql.raw(PREPARED)}SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid;
    const before = await backend();
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await backend()).toBe(before);
    const statements = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(db);
    expect(statements.rows[0]?.n).toBe(1);
  });
});
