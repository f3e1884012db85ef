import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';
import { LISTED_TAG_IDS_BYTES } from './013_listed_tag_ids.ts';

const tagIds = (count: number) => JSON.stringify(Array.from({ length: count }, () => crypto.randomUUID()).toSorted());

describe.skipIf(!DIALECTS.includes('postgres'))('migration 013 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('gives the list indexes the tag ids of the versions written before it, but those too long for an index entry', async () => {
    database = await openDatabaseUpTo('postgres', '012_list_count_facet_indexes');
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    const [few, many] = [crypto.randomUUID(), crypto.randomUUID()];
    const fewTags = tagIds(3);
    const manyTags = tagIds(45);
    expect(Buffer.byteLength(manyTags)).toBeGreaterThan(LISTED_TAG_IDS_BYTES);
    await db.insertInto('asset').values([few, many].map((id) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }))).execute();
    const version = (assetId: string, tags: string) => ({
      asset_id: assetId, locale: 'en', stencil: 'story', status: 'draft', title: 'A story', content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1,
      created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
      publish_start: null, publish_end: null, tag_ids: tags,
    });
    await db.insertInto('asset_localization').values([version(few, fewTags), version(many, manyTags)]).execute();

    // Migration 015 replaced the column with tag numbers.
    await migrateTo(db, { to: '013_listed_tag_ids', schema: database.schema });

    const listed = await sql<{ asset_id: string; listed_tag_ids: string | null }>`SELECT asset_id, listed_tag_ids FROM asset_localization ORDER BY asset_id`.execute(db);
    expect(Object.fromEntries(listed.rows.map((row) => [row.asset_id, row.listed_tag_ids]))).toEqual({ [few]: fewTags, [many]: null });
    // A later write keeps it in step, as a generated column does.
    await db.updateTable('asset_localization').set({ tag_ids: '[]' }).where('asset_id', '=', many).execute();
    const updated = await sql<{ listed_tag_ids: string | null }>`SELECT listed_tag_ids FROM asset_localization WHERE asset_id = ${many}`.execute(db);
    expect(updated.rows).toEqual([{ listed_tag_ids: '[]' }]);
    const indexes = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = ${database.schema} AND indexname IN ('asset_localization_list_idx', 'asset_localization_facets_idx')`.execute(db);
    expect(indexes.rows).toHaveLength(2);
    for (const { indexdef } of indexes.rows) expect(indexdef).toContain('INCLUDE (listed_tag_ids)');
  });
});
