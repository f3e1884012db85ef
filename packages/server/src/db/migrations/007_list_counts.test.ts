import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { listEngineOf } from '../dialects/listEngines.ts';
import { listFrom } from '../../modules/assets/list/listRepository.ts';
import { listQuerySchema } from '../../modules/assets/list/listQuery.ts';
import { migrateToLatest } from '../migrate.ts';

describe.each(DIALECTS)('migration 007 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('fills the spaces, the counts and the search keys of the versions written before it', async () => {
    database = await openDatabaseUpTo(dialect, '006_transitions');
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    const asset = (id: string) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' });
    const version = (assetId: string, locale: string, title: string, status: string) => ({
      asset_id: assetId, locale, stencil: 'story', status, title, content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1,
      created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
      publish_start: null, publish_end: null, search_text: `${title} body`,
    });
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insertInto('asset').values([asset(a), asset(b)]).execute();
    await db.insertInto('asset_space').values([{ asset_id: a, space: 'rbcom' }, { asset_id: a, space: 'global' }, { asset_id: b, space: 'rbtv' }]).execute();
    // Migration 006's tables have no `spaces` column yet: the row type is written without it.
    await db.insertInto('asset_localization').values([version(a, 'en', 'Cliff diving in Mostar', 'draft'), version(a, 'de', 'Klippenspringen in Mostar', 'draft'), version(b, 'en', 'Snowboard session', 'published')]).execute();
    // The search entries as 006 wrote them.
    if (dialect === 'sqlite') {
      await sql`INSERT INTO asset_fts (title, body, asset_id, locale) SELECT title, search_text, asset_id, locale FROM asset_localization`.execute(db);
    } else {
      await sql`UPDATE asset_localization SET search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', search_text), 'B')`.execute(db);
    }

    await migrateToLatest(db, database.schema);

    const rows = await db.selectFrom('asset_localization').select(['asset_id', 'locale', 'spaces']).orderBy('title').execute();
    expect(rows.map((row) => [row.asset_id === a ? 'a' : 'b', row.locale, row.spaces])).toEqual([
      ['a', 'en', ',global,rbcom,'],
      ['a', 'de', ',global,rbcom,'],
      ['b', 'en', ',rbtv,'],
    ]);
    const counts = await db.selectFrom('asset_list_count').select(['spaces', 'locale', 'status', 'n']).orderBy(['spaces', 'locale']).execute();
    expect(counts.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { spaces: ',global,rbcom,', locale: 'de', status: 'draft', n: 1 },
      { spaces: ',global,rbcom,', locale: 'en', status: 'draft', n: 1 },
      { spaces: ',rbtv,', locale: 'en', status: 'published', n: 1 },
    ]);

    // A search by word prefixes finds the versions through the migrated index (SQLite: by the keys it filled in).
    const spaces = ['rbcom', 'global', 'rbtv'];
    const engine = listEngineOf(dialect);
    const scope = { query: listQuerySchema.parse({}), engine, userId: 'reader', spaces, allSpaces: spaces, search: await engine.prepareSearch(db, ['mosta']) };
    const found = await listFrom(db, scope).query.select(['l.asset_id', 'l.locale']).orderBy('l.locale').execute();
    expect(found).toEqual([{ asset_id: a, locale: 'de' }, { asset_id: a, locale: 'en' }]);

    // From here on the triggers keep both: a space added to b moves its count.
    await db.insertInto('asset_space').values({ asset_id: b, space: 'global' }).execute();
    expect((await db.selectFrom('asset_localization').select('spaces').where('asset_id', '=', b).executeTakeFirstOrThrow()).spaces).toBe(',global,rbtv,');
    const moved = await db.selectFrom('asset_list_count').select(['spaces', 'n']).where('status', '=', 'published').where('n', '>', 0).execute();
    expect(moved.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ spaces: ',global,rbtv,', n: 1 }]);
  });
});
