import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';

describe.each(DIALECTS)('migration 031 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('counts each earlier audit entry once and releases the earlier policy’s sign-in locks', async () => {
    database = await openDatabaseUpTo(dialect, '029_sqlite_search_filter_words');
    const { db } = database;
    const at = '2026-11-20T10:00:00.000Z';
    await db.insertInto('audit_log').values({ id: `${at}-000000000000`, at, event: 'refused', user_id: null, client_address: '192.0.2.1', target: null, outcome: 'refused', detail: '{}' }).execute();
    await db.insertInto('sign_in_failure').values({ key: 'account:editor', failures: 40, last_failure_at: Date.UTC(2026, 10, 20), locked_until: Date.UTC(2027, 0, 1) }).execute();

    await migrateTo(db, { schema: database.schema });

    const entries = await db.selectFrom('audit_log').select(['id', 'count', 'first_at', 'last_at']).execute();
    expect(entries.map((entry) => ({ ...entry, count: Number(entry.count) }))).toEqual([{ id: `${at}-000000000000`, count: 1, first_at: null, last_at: null }]);
    expect(await db.selectFrom('sign_in_failure').selectAll().execute()).toEqual([]);
    await db.insertInto('sign_in_failure').values({ key: 'address:192.0.2.1', failures: 1, last_failure_at: Date.UTC(2026, 10, 26), locked_until: null, address: '192.0.2.1' }).execute();
    expect(await db.selectFrom('sign_in_failure').select(['account', 'address']).execute()).toEqual([{ account: null, address: '192.0.2.1' }]);
  });
});
