import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { schedulerOn } from '../../../test/schedulerInstance.ts';
import * as assetsRepo from '../../modules/assets/repository.ts';
import { migrateTo } from '../migrate.ts';

const DUE = '2026-01-01T08:00:00.000Z';
const STORY = JSON.stringify({
  title: { value: 'Scheduled before' },
  'story-content': { value: [{ type: 'text', value: '<p>Scheduled before transitions named their user.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

describe.each(DIALECTS)('migration 023 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('leaves the user id of transitions scheduled before it empty, and the scheduler still runs them', async () => {
    database = await openDatabaseUpTo(dialect, '022_audit_log');
    const { db } = database;
    const id = crypto.randomUUID();
    const at = '2025-12-31T08:00:00.000Z';
    await assetsRepo.insertAssetRows(db, [{ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Emma Editor' }]);
    await assetsRepo.insertSpaceRows(db, [{ asset_id: id, space: 'rbcom' }]);
    await assetsRepo.insertLocalizationRows(db, [
      {
        asset_id: id, locale: 'en', stencil: 'story', status: 'draft', title: 'Scheduled before', content: STORY, meta: '{}', changed_properties: '[]', published_content: null,
        version: 1, created_at: at, created_by: 'Emma Editor', updated_at: at, updated_by: 'Emma Editor', first_published_at: null, last_published_at: null,
        last_shipped_at: null, publish_start: DUE, publish_end: null,
      },
    ]);
    await db
      .insertInto('transition')
      .values({ id: crypto.randomUUID(), asset_id: id, locale: 'en', transition_to: 'PUBLISHED', status: 'SCHEDULED', due_at: DUE, executed_at: null, message: null, user_name: 'Emma Editor', created_at: at })
      .execute();

    await migrateTo(db, { schema: database.schema });

    expect(await db.selectFrom('transition').select('user_id').where('asset_id', '=', id).execute()).toEqual([{ user_id: null }]);
    expect(await schedulerOn(db, dialect, { now: new Date('2026-01-01T09:00:00.000Z') }).runOnce()).toBe(1);
    expect(await db.selectFrom('transition').select(['status', 'message']).where('asset_id', '=', id).execute()).toEqual([{ status: 'EXECUTED', message: null }]);
    expect((await db.selectFrom('asset_localization').select('status').where('asset_id', '=', id).executeTakeFirstOrThrow()).status).toBe('published');
  });
});
