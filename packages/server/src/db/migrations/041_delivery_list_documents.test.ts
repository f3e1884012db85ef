import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { migrateTo } from '../migrate.ts';

const AT = '2026-01-01T00:00:00.000Z';
const END = '2027-01-01T00:00:00.000Z';

/** A published version of an embargoed asset, with a ready document as migration 034 stored one. */
async function insertDocumentedVersion(database: TestDatabase): Promise<string> {
  const { db } = database;
  const id = crypto.randomUUID();
  await db.insertInto('asset').values({ id, stencil: 'story', embargo_start: AT, embargo_end: END, external_reference: null, music_import: null, created_at: AT, created_by: 'Seed' }).execute();
  await db.insertInto('asset_space').values({ asset_id: id, space: 'rbcom' }).execute();
  await db
    .insertInto('asset_localization')
    .values({
      asset_id: id, locale: 'en', stencil: 'story', status: 'published', title: 'Draft', content: '{}', meta: '{}', changed_properties: '[]',
      published_content: JSON.stringify({ title: { value: 'River Story' } }), version: 1, created_at: AT, created_by: 'Seed', updated_at: AT, updated_by: 'Seed',
      first_published_at: AT, last_published_at: AT, last_shipped_at: null, publish_start: null, publish_end: END,
    })
    .execute();
  await sql`DELETE FROM delivery_document_queue WHERE asset_id = ${id}`.execute(db);
  await sql`INSERT INTO delivery_document (asset_id, locale, fingerprint, json, etag, asset_ids, refs, scope_spaces, scope_locales, valid_until, made_at)
    VALUES (${id}, 'en', 'f', '{}', 'e', ${id}, '{}', ',rbcom,', ',en,', ${END}, ${AT})`.execute(db);
  return id;
}

describe.each(DIALECTS)('migration 041 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('gives the documents made before it their versions’ list columns, refuses one without them, and an embargo change queues the asset’s own versions anew', async () => {
    database = await openDatabaseUpTo(dialect, '040_list_changes');
    const { db } = database;
    const id = await insertDocumentedVersion(database);

    await migrateTo(db, { to: '041_delivery_list_documents' });
    const { rows } = await sql`SELECT stencil, spaces, first_published_at, sort_title, publish_end, embargo_start, embargo_end, json FROM delivery_document WHERE asset_id = ${id}`.execute(db);
    expect(rows).toEqual([{ stencil: 'story', spaces: ',rbcom,', first_published_at: AT, sort_title: 'river story', publish_end: END, embargo_start: AT, embargo_end: END, json: '{}' }]);

    // A document stored without them, as a server of before would store one, is refused.
    await expect(insertDocumentedVersion(database)).rejects.toThrow(/list columns \(migration 041\)|violates not-null constraint/);

    await db.updateTable('asset').set({ embargo_end: null }).where('id', '=', id).execute();
    expect((await sql`SELECT asset_id FROM delivery_document WHERE asset_id = ${id}`.execute(db)).rows).toEqual([]);
    expect((await sql`SELECT locale FROM delivery_document_queue WHERE asset_id = ${id}`.execute(db)).rows).toEqual([{ locale: 'en' }]);
  });

  it('goes down and up again', async () => {
    database = await openDatabaseUpTo(dialect, '041_delivery_list_documents');
    await migrateTo(database.db, { to: '040_list_changes' });
    const id = await insertDocumentedVersion(database);
    await database.db.updateTable('asset').set({ embargo_end: null }).where('id', '=', id).execute();
    // As before: the asset's own document stays (reads joined its embargo).
    expect((await sql`SELECT asset_id FROM delivery_document WHERE asset_id = ${id}`.execute(database.db)).rows).toEqual([{ asset_id: id }]);
    await migrateTo(database.db, { to: '041_delivery_list_documents' });
    expect((await sql`SELECT embargo_end FROM delivery_document WHERE asset_id = ${id}`.execute(database.db)).rows).toEqual([{ embargo_end: null }]);
  });
});
