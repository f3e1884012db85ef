import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaxonomyAsset, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { writeSearchEntry } from '../dialects/fullText.ts';
import { migrateTo } from '../migrate.ts';

describe.skipIf(!DIALECTS.includes('postgres'))('migration 043 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('numbers existing words in the order of their last edits, and gives new words a new key that the entry and the change feed carry', async () => {
    database = await openDatabaseUpTo('postgres', '042_no_value_samples');
    const { db } = database;
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
    for (const [index, id] of ids.entries()) await insertTaxonomyAsset(database, { id, stencil: 'story', space: 'global', title: `Harbour ${index}` });
    const edits = ['2025-03-01T10:00:00.000Z', '2024-01-05T08:00:00.000Z', '2025-12-24T18:00:00.000Z'];
    for (const [index, id] of ids.entries()) await sql`UPDATE asset_localization SET updated_at = ${edits[index]} WHERE asset_id = ${id}`.execute(db);

    await migrateTo(db, { to: '043_postgres_search_keys', schema: database.schema });

    const keys = async () =>
      (
        await sql<{ asset_id: string; version_key: string | null; entry_key: string | null }>`SELECT l.asset_id, l.search_key AS version_key, e.search_key AS entry_key
          FROM asset_localization l JOIN asset_search_entry e ON e.asset_id = l.asset_id AND e.locale = l.locale ORDER BY l.search_key`.execute(db)
      ).rows;
    expect(await keys()).toEqual([
      { asset_id: ids[1], version_key: '1', entry_key: '1' },
      { asset_id: ids[0], version_key: '2', entry_key: '2' },
      { asset_id: ids[2], version_key: '3', entry_key: '3' },
    ]);

    // New words take the next key; the same words again, or another column, keep it.
    const [first = ''] = ids;
    const changesBefore = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM asset_list_change WHERE asset_id = ${first}`.execute(db)).rows[0]?.n);
    await writeSearchEntry(db, 'postgres', { id: first, locale: 'en', title: 'Cliff diving', body: '' });
    expect((await keys()).at(-1)).toEqual({ asset_id: first, version_key: '4', entry_key: '4' });
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM asset_list_change WHERE asset_id = ${first}`.execute(db)).rows[0]?.n)).toBeGreaterThan(changesBefore);
    await writeSearchEntry(db, 'postgres', { id: first, locale: 'en', title: 'Cliff diving', body: '' });
    await sql`UPDATE asset_localization SET status = 'draft' WHERE asset_id = ${first}`.execute(db);
    expect((await keys()).at(-1)).toEqual({ asset_id: first, version_key: '4', entry_key: '4' });
    // A new version takes one too.
    const added = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id: added, stencil: 'video', space: 'global', title: 'Wave' });
    expect((await keys()).at(-1)).toEqual({ asset_id: added, version_key: '5', entry_key: '5' });
  });
});
