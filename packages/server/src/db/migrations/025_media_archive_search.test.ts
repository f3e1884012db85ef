import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { insertMediaItem, searchMediaItems } from '../../modules/media-archive/repository.ts';
import { migrateTo } from '../migrate.ts';

const item = (id: string, title: string, at: string) => ({
  id, content_type: 'video', title, description: '', search_text: title.toLowerCase(), photographer_credit_option: null, campaign_name: null, ingest_timestamp: at,
  reference_key_frame: null, channel: null, blocked_countries: '[]', duration: 10, width: null, height: null, codec: null, renditions_available: 1,
  original_key: `${id}-original.mp4`, original_content_type: 'video/mp4', original_bytes: 10, poster_key: null, very_large_key: null, asset_id: null, last_published_at: null,
});

describe.each(DIALECTS)('migration 025 (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  it('finds the words of items stored before it and after it, also once renamed or gone', async () => {
    database = await openDatabaseUpTo(dialect, '024_events');
    const { db } = database;
    const before = crypto.randomUUID();
    await insertMediaItem(db, item(before, 'Cliff diving in Mostar', '2026-01-01T00:00:00.000Z'));
    await migrateTo(db, { schema: database.schema });
    const after = crypto.randomUUID();
    await insertMediaItem(db, item(after, 'Big wave surfing', '2026-01-02T00:00:00.000Z'));
    const found = async (q: string) => (await searchMediaItems(db, { words: q.split(' '), visibleChannels: [], allChannels: [], limit: 10 })).rows.map((row) => row.id);

    expect(await found('diving')).toEqual([before]);
    expect(await found('wave surf')).toEqual([after]);
    expect(await found('iv')).toEqual([before]);
    expect(await found('100%')).toEqual([]);
    await db.updateTable('media_item').set({ search_text: 'night diving' }).where('id', '=', after).execute();
    expect(await found('diving')).toEqual([after, before]);
    expect(await found('surf')).toEqual([]);
    await db.deleteFrom('media_item').where('id', '=', before).execute();
    expect(await found('diving')).toEqual([after]);
  });
});
