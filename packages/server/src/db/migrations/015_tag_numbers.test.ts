import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaggedVersion, openDatabaseUpTo, sortedTagIds, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { LISTED_TAG_NUMBERS } from './015_tag_numbers.ts';

/** Each version's listed tags, as the ids their numbers stand for. */
async function listedTags(db: Kysely<DB>): Promise<Record<string, string[] | null>> {
  const rows = await sql<{ asset_id: string; tags: string[] | null }>`SELECT l.asset_id,
      CASE WHEN l.listed_tag_numbers IS NOT NULL THEN ARRAY(SELECT d.tag_id FROM unnest(l.listed_tag_numbers) WITH ORDINALITY AS n (number, position) JOIN asset_tag_number d ON d.number = n.number ORDER BY n.position) END AS tags
    FROM asset_localization l`.execute(db);
  return Object.fromEntries(rows.rows.map((row) => [row.asset_id, row.tags]));
}

const indexesOf = async (database: TestDatabase) =>
  (await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${database.schema} AND tablename = 'asset_localization' ORDER BY indexname`.execute(database.db)).rows;

describe.skipIf(!DIALECTS.includes('postgres'))('migration 015 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('numbers the tags of the versions written before it, lists them in the list indexes and keeps every other index', async () => {
    database = await openDatabaseUpTo('postgres', '014_search_recency');
    const { db } = database;
    const shared = crypto.randomUUID();
    const fewTags = [...sortedTagIds(2), shared, shared];
    const manyTags = sortedTagIds(LISTED_TAG_NUMBERS + 1);
    const few = await insertTaggedVersion(db, fewTags);
    const many = await insertTaggedVersion(db, manyTags);
    const none = await insertTaggedVersion(db, []);
    const before = (await indexesOf(database)).map((index) => index.indexname);

    await migrateTo(db, { to: '015_tag_numbers', schema: database.schema });

    // In the order of the ids, one number per entry; none listed for more than an index entry holds.
    expect(await listedTags(db)).toEqual({ [few]: fewTags, [many]: null, [none]: [] });
    const dictionary = await sql<{ tag_id: string }>`SELECT tag_id FROM asset_tag_number ORDER BY number`.execute(db);
    expect(dictionary.rows.map((row) => row.tag_id)).toEqual([...new Set([...fewTags, ...manyTags])].toSorted());
    const after = await indexesOf(database);
    expect(after.map((index) => index.indexname)).toEqual(before);
    const listIndexes = after.filter((index) => ['asset_localization_list_idx', 'asset_localization_facets_idx'].includes(index.indexname));
    expect(listIndexes.map((index) => index.indexdef.endsWith('INCLUDE (listed_tag_numbers)'))).toEqual([true, true]);
  });

  it('numbers the tags of every later write, new ids included', async () => {
    database = await openDatabaseUpTo('postgres', '015_tag_numbers');
    const { db } = database;
    const [known, fresh] = sortedTagIds(2) as [string, string];
    const first = await insertTaggedVersion(db, [known]);
    const second = await insertTaggedVersion(db, [fresh, known]);
    expect(await listedTags(db)).toEqual({ [first]: [known], [second]: [fresh, known] });

    const tooMany = sortedTagIds(LISTED_TAG_NUMBERS + 1);
    await db.updateTable('asset_localization').set({ tag_ids: JSON.stringify(tooMany) }).where('asset_id', '=', first).execute();
    await db.updateTable('asset_localization').set({ tag_ids: '[]' }).where('asset_id', '=', second).execute();
    expect(await listedTags(db)).toEqual({ [first]: null, [second]: [] });
    // The count's way to the tags of a version with too many: numbered from its row.
    const fromRow = await sql<{ numbers: number[] }>`SELECT asset_tag_numbers(tag_ids) AS numbers FROM asset_localization WHERE asset_id = ${first}`.execute(db);
    expect(fromRow.rows[0]?.numbers).toHaveLength(tooMany.length);
    const numbered = await sql<{ n: string }>`SELECT count(*) AS n FROM asset_tag_number`.execute(db);
    expect(Number(numbered.rows[0]?.n)).toBe(2 + tooMany.length);
  });

  it('goes back to the tag ids of migration 013', async () => {
    database = await openDatabaseUpTo('postgres', '015_tag_numbers');
    const { db } = database;
    const tags = sortedTagIds(3);
    const assetId = await insertTaggedVersion(db, tags);

    await migrateTo(db, { to: '014_search_recency', schema: database.schema });

    const listed = await sql<{ listed_tag_ids: string | null }>`SELECT listed_tag_ids FROM asset_localization WHERE asset_id = ${assetId}`.execute(db);
    expect(listed.rows).toEqual([{ listed_tag_ids: JSON.stringify(tags) }]);
    const listIndexes = (await indexesOf(database)).filter((index) => ['asset_localization_list_idx', 'asset_localization_facets_idx'].includes(index.indexname));
    expect(listIndexes.map((index) => index.indexdef.endsWith('INCLUDE (listed_tag_ids)'))).toEqual([true, true]);
    const dictionary = await sql<{ name: string | null }>`SELECT to_regclass('asset_tag_number')::text AS name`.execute(db);
    expect(dictionary.rows).toEqual([{ name: null }]);
  });
});
