import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTaggedVersion, openDatabaseUpTo, sortedTagIds, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';
import type { DB } from '../schema.ts';

/** Each version's listed tags, as the ids their numbers stand for, in their order. */
async function listedTags(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const rows = await sql<{ asset_id: string; listed_tag_numbers: string }>`SELECT asset_id, listed_tag_numbers FROM asset_localization`.execute(db);
  const dictionary = await sql<{ number: number; tag_id: string }>`SELECT number, tag_id FROM asset_tag_number`.execute(db);
  const idOf = new Map(dictionary.rows.map((row) => [row.number, row.tag_id]));
  return Object.fromEntries(rows.rows.map((row) => [row.asset_id, row.listed_tag_numbers === '' ? [] : row.listed_tag_numbers.split(',').map((number) => idOf.get(Number(number)) ?? `unknown number ${number}`)]));
}

/** The columns of each list index (SQLite's `index_info`), by index name. */
async function listIndexColumns(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const names = ['asset_localization_list_idx', 'asset_localization_facets_idx', 'asset_localization_search_key_idx'];
  const entries = await Promise.all(
    names.map(async (name) => [name, (await sql<{ name: string }>`SELECT name FROM pragma_index_info(${name}) ORDER BY seqno`.execute(db)).rows.map((row) => row.name)] as const),
  );
  return Object.fromEntries(entries);
}

describe('migration 017 (sqlite)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('numbers the tags of the versions written before it in byte order and lists them in the list indexes instead of the tag ids', async () => {
    database = await openDatabaseUpTo('sqlite', '016_search_facet_words');
    const { db } = database;
    const shared = crypto.randomUUID();
    const tags = [...sortedTagIds(2), shared, shared];
    const tagged = await insertTaggedVersion(db, tags);
    const alsoShared = await insertTaggedVersion(db, [shared]);
    const untagged = await insertTaggedVersion(db, []);

    await migrateTo(db, { to: '017_sqlite_tag_numbers' });

    // In the order of the ids, one number per entry.
    expect(await listedTags(db)).toEqual({ [tagged]: tags, [alsoShared]: [shared], [untagged]: [] });
    const dictionary = await sql<{ tag_id: string }>`SELECT tag_id FROM asset_tag_number ORDER BY number`.execute(db);
    expect(dictionary.rows.map((row) => row.tag_id)).toEqual([...new Set(tags)].toSorted());
    const columns = await listIndexColumns(db);
    for (const indexed of Object.values(columns)) {
      expect(indexed.at(-1)).toBe('listed_tag_numbers');
      expect(indexed).not.toContain('tag_ids');
    }
  });

  it('numbers the tags of every later write, new ids included, and empties them when the tags go', async () => {
    database = await openDatabaseUpTo('sqlite', '017_sqlite_tag_numbers');
    const { db } = database;
    const [known, fresh, later] = sortedTagIds(3) as [string, string, string];
    const first = await insertTaggedVersion(db, [known]);
    const second = await insertTaggedVersion(db, [fresh, known]);
    expect(await listedTags(db)).toEqual({ [first]: [known], [second]: [fresh, known] });

    await db.updateTable('asset_localization').set({ tag_ids: JSON.stringify([known, later, later]) }).where('asset_id', '=', first).execute();
    await db.updateTable('asset_localization').set({ tag_ids: '[]' }).where('asset_id', '=', second).execute();
    expect(await listedTags(db)).toEqual({ [first]: [known, later, later], [second]: [] });
    const numbered = await sql<{ n: number }>`SELECT count(*) AS n FROM asset_tag_number`.execute(db);
    expect(numbered.rows[0]?.n).toBe(3);
    // The update of the tag numbers moves no version between the rows of `asset_list_count`.
    const counted = await sql<{ n: number }>`SELECT sum(n) AS n FROM asset_list_count`.execute(db);
    expect(counted.rows[0]?.n).toBe(2);
  });

  it('goes back to the tag ids in the list indexes', async () => {
    database = await openDatabaseUpTo('sqlite', '017_sqlite_tag_numbers');
    const { db } = database;
    await insertTaggedVersion(db, sortedTagIds(2));

    await migrateTo(db, { to: '016_search_facet_words' });

    for (const indexed of Object.values(await listIndexColumns(db))) expect(indexed.at(-1)).toBe('tag_ids');
    const dictionary = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'asset_tag_number'`.execute(db);
    expect(dictionary.rows[0]?.n).toBe(0);
  });
});
