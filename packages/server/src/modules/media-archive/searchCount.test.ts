import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openDatabaseUpTo, type TestDatabase } from '../../../test/harness.ts';
import { ARCHIVE_COUNT_LIMIT, insertMediaItems, searchMediaItems } from './repository.ts';

const ITEMS = ARCHIVE_COUNT_LIMIT + 4;
const row = (n: number) => ({
  id: `item-${String(n).padStart(6, '0')}`, content_type: n % 5000 === 0 ? 'audio' : 'video', title: `Clip ${n}`, description: '', search_text: `clip ${n}`, photographer_credit_option: null,
  campaign_name: null, ingest_timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(), reference_key_frame: null, channel: null, blocked_countries: '[]', duration: 1,
  width: null, height: null, codec: null, renditions_available: 1, original_key: 'x.mp4', original_content_type: 'video/mp4', original_bytes: 1, poster_key: null, very_large_key: null,
  asset_id: null, last_published_at: null,
});

describe.each(DIALECTS)('media archive search total (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openDatabaseUpTo(dialect, '025_media_archive_search');
    for (let first = 0; first < ITEMS; first += 500) await insertMediaItems(database.db, Array.from({ length: Math.min(500, ITEMS - first) }, (_, index) => row(first + index)));
  });
  afterAll(async () => {
    await database.cleanup();
  });

  const search = (query: { words?: string[]; contentType?: string }) => searchMediaItems(database.db, { words: [], visibleChannels: [], allChannels: [], limit: 2, ...query });

  it('counts at most 10,001 matches, which says "more than 10,000"', async () => {
    const { rows, total } = await search({});
    expect(total).toBe(ARCHIVE_COUNT_LIMIT);
    expect(rows.map((item) => item.id)).toEqual([`item-${String(ITEMS - 1).padStart(6, '0')}`, `item-${String(ITEMS - 2).padStart(6, '0')}`]);
  });

  it('counts fewer matches exactly', async () => {
    expect((await search({ contentType: 'audio' })).total).toBe(3);
    expect((await search({ words: ['clip', '10003'] })).total).toBe(1);
  });
});
