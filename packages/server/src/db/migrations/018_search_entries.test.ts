import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaxonomyAsset, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { searchedVector } from '../dialects/fullText.ts';
import { ensureSearchPartitions, monthOf, partitionOf } from '../dialects/searchEntries.ts';
import { migrateTo } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { ENTRY_COLUMNS } from './018_search_entries.ts';

/** Every version as its entry must be, and every entry as it is, in key order. */
async function entriesAndVersions(db: Kysely<DB>) {
  const columns = sql.raw(ENTRY_COLUMNS.map((column) => `l.${column}`).join(', '));
  // A version not yet indexed has no words, but its day and filter words.
  const indexed = sql.raw(`SELECT ${ENTRY_COLUMNS.join(', ')}, coalesce(search_vector, '') AS search_vector FROM asset_localization`);
  const versions = await sql<Record<string, unknown>>`SELECT ${columns}, (${searchedVector})::text AS vector FROM (${indexed}) l ORDER BY l.asset_id, l.locale`.execute(db);
  const entries = await sql<Record<string, unknown>>`SELECT ${columns}, l.vector::text AS vector FROM asset_search_entry l ORDER BY l.asset_id, l.locale`.execute(db);
  return { versions: versions.rows, entries: entries.rows };
}

const partitionOfEntry = async (db: Kysely<DB>, id: string) =>
  (await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM asset_search_entry WHERE asset_id = ${id}`.execute(db)).rows.map((row) => row.partition);

describe.skipIf(!DIALECTS.includes('postgres'))('migration 018 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('copies every version in the order of its last edit, and triggers keep the copy through saves, moves to a new month and deletes', async () => {
    database = await openDatabaseUpTo('postgres', '017_sqlite_tag_numbers');
    const { db } = database;
    const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
    for (const [index, id] of ids.entries()) await insertTaxonomyAsset(database, { id, stencil: 'story', space: 'global', title: `Harbour ${index}`, locale: index === 1 ? 'de' : 'en' });
    // Last edits out of the order they were written in, and one version without search words yet.
    const edits = ['2025-03-01T10:00:00.000Z', '2024-01-05T08:00:00.000Z', '2025-12-24T18:00:00.000Z', '2024-07-14T12:00:00.000Z'];
    for (const [index, id] of ids.entries()) await sql`UPDATE asset_localization SET updated_at = ${edits[index]} WHERE asset_id = ${id}`.execute(db);
    await sql`UPDATE asset_localization SET search_vector = NULL WHERE asset_id = ${ids[3]}`.execute(db);

    await migrateTo(db, { to: '018_search_entries', schema: database.schema });

    const copied = await entriesAndVersions(db);
    expect(copied.entries).toHaveLength(4);
    expect(copied.entries).toEqual(copied.versions);
    // Stored in the order of the edits: a search's count reads the newest together.
    const stored = await sql<{ updated_at: string }>`SELECT updated_at FROM asset_search_entry ORDER BY ctid`.execute(db);
    expect(stored.rows.map((row) => row.updated_at)).toEqual(edits.toSorted());
    expect(new Set(await partitionOfEntry(db, ids[0] ?? ''))).toEqual(new Set(['asset_search_entry_before']));

    // A new version's entry goes to the partition of the current month.
    const added = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id: added, stencil: 'video', space: 'rbtv', title: 'Cliff diving' });
    expect(await partitionOfEntry(db, added)).toEqual([partitionOf(monthOf(new Date()))]);
    // A save moves an old version's entry to this month's partition; status, spaces and tags follow.
    const now = new Date().toISOString();
    await sql`UPDATE asset_localization SET updated_at = ${now}, status = 'draft', title = 'Harbour again' WHERE asset_id = ${ids[1]}`.execute(db);
    await sql`DELETE FROM asset_space WHERE asset_id = ${ids[2]}`.execute(db);
    await sql`INSERT INTO asset_space (asset_id, space) VALUES (${ids[2]}, 'rbtv')`.execute(db);
    expect(await partitionOfEntry(db, ids[1] ?? '')).toEqual([partitionOf(monthOf(new Date()))]);
    // A last edit in a month without its own partition goes to the default one.
    await sql`UPDATE asset_localization SET updated_at = '2099-05-01T00:00:00.000Z' WHERE asset_id = ${ids[0]}`.execute(db);
    expect(await partitionOfEntry(db, ids[0] ?? '')).toEqual(['asset_search_entry_default']);
    await sql`DELETE FROM asset_localization WHERE asset_id = ${ids[3]}`.execute(db);

    const kept = await entriesAndVersions(db);
    expect(kept.entries).toHaveLength(4);
    expect(kept.entries).toEqual(kept.versions);
    expect(kept.entries.find((entry) => entry.asset_id === ids[2])?.spaces).toBe(',rbtv,');
  });

  it('writes a version’s entry once per transaction, at its commit, however often the version was written', async () => {
    database = await openDatabaseUpTo('postgres', '018_search_entries');
    const { db } = database;
    const id = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id, stencil: 'story', space: 'global', title: 'Harbour' });
    const partition = partitionOf(monthOf(new Date()));
    const writes = await db.transaction().execute(async (trx) => {
      // A save's three statements: its content and last edit, its derived columns, its words.
      await sql`UPDATE asset_localization SET content = '{}', updated_at = ${new Date().toISOString()} WHERE asset_id = ${id}`.execute(trx);
      await sql`UPDATE asset_localization SET infographic = 1, tag_ids = '[]' WHERE asset_id = ${id}`.execute(trx);
      await sql`UPDATE asset_localization SET search_vector = to_tsvector('simple', 'harbour lights') WHERE asset_id = ${id}`.execute(trx);
      // The entry is still as it was until the commit, whose triggers this runs now.
      expect((await sql<{ infographic: number }>`SELECT infographic FROM asset_search_entry WHERE asset_id = ${id}`.execute(trx)).rows).toEqual([{ infographic: 0 }]);
      // Counted as a difference: PostgreSQL 15 counts earlier transactions of the connection here until it reports them.
      const written = async () =>
        Number((await sql<{ n: string }>`SELECT n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_xact_user_tables WHERE relname = ${partition} AND schemaname = current_schema()`.execute(trx)).rows[0]?.n);
      const before = await written();
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      return (await written()) - before;
    });
    expect(writes).toBe(1);
    const entry = await sql<{ infographic: number; vector: string }>`SELECT infographic, vector::text AS vector FROM asset_search_entry WHERE asset_id = ${id}`.execute(db);
    expect(entry.rows).toEqual([{ infographic: 1, vector: expect.stringContaining("'lights'") }]);
  });

  it('adds the coming months’ partitions, and leaves a month whose entries went to the default partition there', async () => {
    database = await openDatabaseUpTo('postgres', '018_search_entries');
    const { db } = database;
    const now = new Date();
    const months = [0, 1, 2].map((ahead) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))));
    const partitions = async () =>
      (await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'asset_search_entry'::regclass`.execute(db)).rows.map((row) => row.name);
    // The migration added this month's and the next two.
    expect(await partitions()).toEqual(expect.arrayContaining(months.map(partitionOf)));
    expect(await ensureSearchPartitions(db, now)).toEqual([]);

    // Five months on, the server adds the three it lacks but one whose entry already sits in the default partition.
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 5, 15));
    const laterMonths = [0, 1, 2].map((ahead) => monthOf(new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth() + ahead, 1))));
    const id = crypto.randomUUID();
    await insertTaxonomyAsset(database, { id, stencil: 'story', space: 'global', title: 'Harbour' });
    await sql`UPDATE asset_localization SET updated_at = ${`${laterMonths[1]}-03T00:00:00.000Z`} WHERE asset_id = ${id}`.execute(db);
    expect(await ensureSearchPartitions(db, later)).toEqual([laterMonths[0], laterMonths[2]]);
    expect(await partitions()).not.toContain(partitionOf(laterMonths[1] ?? ''));
    expect(await partitionOfEntry(db, id)).toEqual(['asset_search_entry_default']);
    // A save in a month that has its partition now lands in it.
    await sql`UPDATE asset_localization SET updated_at = ${`${laterMonths[2]}-01T00:00:00.000Z`} WHERE asset_id = ${id}`.execute(db);
    expect(await partitionOfEntry(db, id)).toEqual([partitionOf(laterMonths[2] ?? '')]);
  });
});
