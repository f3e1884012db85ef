import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';

describe('migration 012 (sqlite)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('lets a facet sum of asset_list_count walk its column index instead of sorting the table', async () => {
    database = await openDatabaseUpTo('sqlite', '012_list_count_facet_indexes');
    for (const column of ['stencil', 'locale', 'status', 'spaces']) {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT CAST(${sql.ref(`c.${column}`)} AS TEXT) AS bucket, sum(c.n) AS n FROM asset_list_count c WHERE c.n > 0 GROUP BY ${sql.ref(`c.${column}`)}`.execute(database.db);
      const details = plan.rows.map((row) => row.detail);
      expect(details, column).toContain(`SCAN c USING COVERING INDEX asset_list_count_${column}_idx`);
      expect(details.some((detail) => detail.includes('TEMP B-TREE')), column).toBe(false);
    }
  });
});
