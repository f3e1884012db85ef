import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaxonomyAsset, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { searchedVector } from '../dialects/fullText.ts';
import { migrateTo } from '../migrate.ts';

describe.skipIf(!DIALECTS.includes('postgres'))('migration 016 (postgres)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('indexes the vectors with the stencil, locale and status of each version as words', async () => {
    database = await openDatabaseUpTo('postgres', '015_tag_numbers');
    const { db } = database;
    const id = crypto.randomUUID();
    // A published version, indexed before the migration.
    await insertTaxonomyAsset(database, { id, stencil: 'image-gallery', space: 'global', title: 'Harbour lights', locale: 'pt-BR' });

    await migrateTo(db, { to: '016_search_facet_words', schema: database.schema });

    const found = (query: string) => sql<{ asset_id: string }>`SELECT asset_id FROM asset_localization l WHERE (${searchedVector}) @@ ${query}::tsquery`.execute(db);
    expect((await found(`'harbour' & '_simage-gallery' & '_lpt-BR' & '_ppublished'`)).rows).toEqual([{ asset_id: id }]);
    expect((await found(`'harbour' & '_ppublished' & '_lpt-br'`)).rows).toEqual([]);
    expect((await found(`'harbour' & '_pdraft'`)).rows).toEqual([]);
    // The list's search condition is answered by the index (its expression must be the index's to the letter).
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT asset_id FROM asset_localization l WHERE (${searchedVector}) @@ ('harbour'::tsquery && '''_sstory'''::tsquery)`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('asset_localization_search_recency_idx');
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = ${database.schema} AND tablename = 'asset_localization' AND indexdef LIKE '%USING gin%'`.execute(db);
    expect(indexes.rows).toEqual([{ indexname: 'asset_localization_search_recency_idx' }]);
  });
});
