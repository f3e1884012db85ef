import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { CONTENT_VALUE_MAX_LENGTH } from './026_content_values.ts';

const at = '2026-01-01T00:00:00.000Z';
const version = (assetId: string, locale: string, content: object) => ({
  asset_id: assetId, locale, stencil: 'story', status: 'draft', title: 'A story', content: JSON.stringify(content), meta: '{}', changed_properties: '[]', published_content: null, version: 1,
  created_at: at, created_by: 'Importer', updated_at: at, updated_by: 'Importer', first_published_at: null, last_published_at: null, last_shipped_at: null,
  publish_start: null, publish_end: null,
});

const rowsOf = async (db: Kysely<DB>) =>
  (await sql<{ path: string; value: string; asset_id: string; locale: string }>`SELECT path, value, asset_id, locale FROM asset_content_value ORDER BY asset_id, locale, path, value`.execute(db)).rows;

describe.each(DIALECTS)('migration 026 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('keeps the text values of content inputs and their children, for versions written before it and every write after', async () => {
    database = await openDatabaseUpTo(dialect, '025_media_archive_search');
    const { db } = database;
    const [before, after] = [crypto.randomUUID(), crypto.randomUUID()].toSorted();
    if (!before || !after) throw new Error('two ids');
    await db.insertInto('asset').values([before, after].map((id) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Importer' }))).execute();
    // Numbers, booleans, arrays, deeper values and long texts are not kept.
    await db
      .insertInto('asset_localization')
      .values(
        version(before, 'en', {
          title: { value: 'Summit fever' },
          'motorsport-series-id': { value: 'wrc' },
          video: { value: { id: 'v1', duration: 600, meta: { deep: 'no' } } },
          standalone: { value: true },
          tags: { value: [{ id: 't1' }] },
          teaser: { value: 'x'.repeat(CONTENT_VALUE_MAX_LENGTH + 1) },
          broken: 'no value wrapper',
        }),
      )
      .execute();

    await migrateTo(db, { to: '026_content_values', schema: database.schema });
    expect(await rowsOf(db)).toEqual([
      { path: 'motorsport-series-id', value: 'wrc', asset_id: before, locale: 'en' },
      { path: 'title', value: 'Summit fever', asset_id: before, locale: 'en' },
      { path: 'video.id', value: 'v1', asset_id: before, locale: 'en' },
    ]);

    await db.insertInto('asset_localization').values(version(after, 'de', { title: { value: 'Gipfel' } })).execute();
    await db.updateTable('asset_localization').set({ content: JSON.stringify({ title: { value: 'Summit fever, again' } }) }).where('asset_id', '=', before).execute();
    // A save that leaves the content alone keeps its rows.
    await db.updateTable('asset_localization').set({ status: 'published' }).where('asset_id', '=', after).execute();
    expect(await rowsOf(db)).toEqual([
      { path: 'title', value: 'Summit fever, again', asset_id: before, locale: 'en' },
      { path: 'title', value: 'Gipfel', asset_id: after, locale: 'de' },
    ]);

    await db.deleteFrom('asset_localization').where('asset_id', '=', after).execute();
    expect(await rowsOf(db)).toEqual([{ path: 'title', value: 'Summit fever, again', asset_id: before, locale: 'en' }]);
  });
});
