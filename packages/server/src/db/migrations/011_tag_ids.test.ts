import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/harness.ts';
import { tagIdsOf } from '../../modules/assets/tagging.ts';
import { openDatabase, type Database, type Dialect } from '../database.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

/** A database migrated up to 009 (before `tag_ids`), with its own SQLite file or PostgreSQL schema. */
async function openAt009(dialect: Dialect): Promise<Database & { schema?: string; cleanup(): Promise<void> }> {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${crypto.randomUUID().replaceAll('-', '')}`;
    const database = await openDatabase({ databaseUrl: url, schema });
    await migrateTo(database.db, { to: '009_previews', schema });
    return {
      ...database,
      schema,
      cleanup: async () => {
        await database.destroy();
        const client = new Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-migration-'));
  const database = await openDatabase({ sqliteFile: path.join(dir, 'test.db') });
  await migrateTo(database.db, { to: '009_previews' });
  return { ...database, cleanup: async () => (await database.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
}

describe.each(DIALECTS)('migration 011 (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof openAt009>> | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('fills the tag ids of the versions written before it, as a save would write them', async () => {
    database = await openAt009(dialect);
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    const [tagged, untagged] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insertInto('asset').values([tagged, untagged].map((id) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }))).execute();
    const version = (assetId: string, locale: string) => ({
      asset_id: assetId, locale, stencil: 'story', status: 'draft', title: 'A story', content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1,
      created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
      publish_start: null, publish_end: null,
    });
    // Migration 009's table has no `tag_ids` column yet: the row is written without it.
    await db.insertInto('asset_localization').values([version(tagged, 'en'), version(tagged, 'de'), version(untagged, 'en')]).execute();
    const [surfing, waves, partner] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const references = [
      { input: 'tags', targetId: waves },
      { input: 'disciplines', targetId: surfing },
      // The same target through two tagging inputs is two references, so it counts twice.
      { input: 'lsc', targetId: waves },
      { input: 'main-partner', targetId: partner },
    ];
    await db.insertInto('asset_reference').values(references.map((reference) => ({ asset_id: tagged, locale: 'en', input: reference.input, target_id: reference.targetId }))).execute();
    await db.insertInto('asset_reference').values({ asset_id: untagged, locale: 'en', input: 'main-partner', target_id: partner }).execute();

    await migrateToLatest(db, database.schema);

    const rows = await db.selectFrom('asset_localization').select(['asset_id', 'locale', 'tag_ids']).execute();
    const tagIds = Object.fromEntries(rows.map((row) => [`${row.asset_id === tagged ? 'tagged' : 'untagged'}-${row.locale}`, row.tag_ids]));
    expect(tagIds).toEqual({ 'tagged-en': tagIdsOf(references), 'tagged-de': '[]', 'untagged-en': '[]' });
    expect(JSON.parse(tagIds['tagged-en']!)).toHaveLength(3);
  });
});
