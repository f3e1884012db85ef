import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';

/** The vector migration 014 indexes (migration 016 adds the filter words; `searchedVector` follows the newest). */
const searchedVector = sql`l.search_vector || array_to_tsvector(ARRAY['_d' || left(l.updated_at, 10), '_m' || left(l.updated_at, 7), '_y' || left(l.updated_at, 4)])`;

describe.skipIf(!DIALECTS.includes('postgres'))('migration 014 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('fills the dictionary with the words indexed before it and indexes the vectors with the recency words', async () => {
    database = await openDatabaseUpTo('postgres', '013_listed_tag_ids');
    const { db } = database;
    const at = '2019-03-05T10:00:00.000Z';
    const id = crypto.randomUUID();
    await db.insertInto('asset').values({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }).execute();
    await db.insertInto('asset_localization').values({
      asset_id: id, locale: 'en', stencil: 'story', status: 'draft', title: 'Harbour lights', content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1,
      created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
      publish_start: null, publish_end: null, search_text: 'A night on the water',
    }).execute();
    await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', search_text), 'B')`.execute(db);

    await migrateTo(db, { to: '014_search_recency', schema: database.schema });

    const words = await sql<{ word: string }>`SELECT word FROM asset_search_word ORDER BY word`.execute(db);
    expect(words.rows.map((row) => row.word)).toEqual(['a', 'harbour', 'lights', 'night', 'on', 'the', 'water']);
    const found = await sql<{ asset_id: string }>`SELECT asset_id FROM asset_localization l WHERE (${searchedVector}) @@ ('harbour & ''_m2019-03'''::tsquery)`.execute(db);
    expect(found.rows).toEqual([{ asset_id: id }]);
    // The list's search condition is answered by the index (its expression must be the index's to the letter).
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT asset_id FROM asset_localization l WHERE (${searchedVector}) @@ ('harbour'::tsquery && '''_y2019'''::tsquery)`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('asset_localization_search_recency_idx');
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = ${database.schema} AND tablename = 'asset_localization' AND indexdef LIKE '%USING gin%'`.execute(db);
    expect(indexes.rows).toEqual([{ indexname: 'asset_localization_search_recency_idx' }]);
  });
});
