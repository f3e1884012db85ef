import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTaxonomyAsset, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { NO_WORDED_FILTERS } from '../dialects/listEngine.ts';
import { sqliteListEngine } from '../dialects/sqliteListEngine.ts';
import { migrateTo } from '../migrate.ts';

describe('migration 029 (sqlite)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('writes the search index anew with the stencil, locale and status of each version as words, kept when they change', async () => {
    database = await openDatabaseUpTo('sqlite', '028_tag_resources');
    const { db } = database;
    // Two versions indexed before the migration, in the index's old form (no `filters` column).
    for (const [id, locale, key] of [['a1', 'pt-BR', 7], ['a2', 'en', 9]] as const) {
      await db.insertInto('asset').values({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: '2026-01-01T00:00:00.000Z', created_by: 'Importer' }).execute();
      await sql`INSERT INTO asset_localization (asset_id, locale, stencil, status, title, content, meta, changed_properties, version, created_at, created_by, updated_at, updated_by, search_key)
        VALUES (${id}, ${locale}, 'story', 'draft', 'Harbour lights', '{}', '{}', '[]', 1, '2026-01-01T00:00:00.000Z', 'Importer', '2026-01-01T00:00:00.000Z', 'Importer', ${key})`.execute(db);
      await sql`INSERT INTO asset_fts (rowid, title, body, asset_id, locale) VALUES (${key}, 'Harbour lights', '', ${id}, ${locale})`.execute(db);
    }

    await migrateTo(db, { to: '029_sqlite_search_filter_words' });

    const found = async (filters: Partial<typeof NO_WORDED_FILTERS>) => {
      const words = sqliteListEngine.filterWords({ ...NO_WORDED_FILTERS, ...filters });
      const rows = await sql<{ rowid: number; asset_id: string }>`SELECT rowid, asset_id FROM asset_fts WHERE asset_fts MATCH ${`harbour AND ${words}`} ORDER BY rowid`.execute(db);
      return rows.rows.map((row) => `${row.asset_id}@${row.rowid}`);
    };
    // Entries keep their row ids (the versions' search keys); a locale of two parts is one word.
    expect(await found({ stencil: ['story'], status: ['draft'] })).toEqual(['a1@7', 'a2@9']);
    expect(await found({ locale: ['pt-BR'] })).toEqual(['a1@7']);
    expect(await found({ locale: ['pt'] })).toEqual([]);
    expect(await found({ status: ['published'] })).toEqual([]);

    // A publish changes the words; a deleted version takes its entry with it (the trigger made again).
    await sql`UPDATE asset_localization SET status = 'published' WHERE asset_id = 'a2'`.execute(db);
    expect(await found({ status: ['published'] })).toEqual(['a2@9']);
    expect(await found({ status: ['draft'] })).toEqual(['a1@7']);
    await sql`DELETE FROM asset_localization WHERE asset_id = 'a1'`.execute(db);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM asset_fts`.execute(db)).rows[0]?.n).toBe(1);

    // Versions indexed after the migration carry the words from the start.
    await insertTaxonomyAsset(database, { id: 'a3', stencil: 'video', space: 'global', title: 'Harbour lights', locale: 'de' });
    expect(await found({ stencil: ['video'], locale: ['de'], status: ['published'] })).toEqual(['a3@10']);
  });
});
