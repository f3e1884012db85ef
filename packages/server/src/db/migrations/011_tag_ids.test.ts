import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { tagIdsOf } from '../../modules/assets/tagging.ts';
import { migrateToLatest } from '../migrate.ts';

describe.each(DIALECTS)('migration 011 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('fills the tag ids of the versions written before it, as a save would write them', async () => {
    database = await openDatabaseUpTo(dialect, '009_previews');
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
