import os from 'node:os';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../test/harness.ts';

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
});
