import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, type AssetListResponse } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { writeSearchEntriesFromColumns, writeSearchEntry } from '../../../db/dialects/fullText.ts';
import { KEPT_FROM_MATCHES } from './listIndex/matchKeyCache.ts';

/** More versions holding a word than an instance keeps a search from, in two stencils and two statuses. */
const VERSIONS = KEPT_FROM_MATCHES + 100;

/** What a person sees of an answer: total, facets and the page's versions. */
const seen = (answer: AssetListResponse) => ({ total: answer.total, facets: answer.facets, page: answer._embedded.item.map((item) => `${item.id}/${item.localization}`) });

describe.each(DIALECTS)('searches whose matches an instance keeps (%s)', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];

  const list = async (query: string): Promise<AssetListResponse> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/assets${query}`, headers: await t.auth(EDITOR) });
    expect(response.statusCode, response.body).toBe(200);
    return assetListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    // No kept answers: every ask is computed.
    t = await startTestApp(dialect, { LIST_CACHE_MS: '0' });
    const { db } = t.database;
    const start = Date.parse('2026-06-01T00:00:00.000Z');
    for (let batch = 0; batch < VERSIONS; batch += 250) {
      const rows = Array.from({ length: Math.min(250, VERSIONS - batch) }, (_, offset) => {
        const n = batch + offset;
        const at = new Date(start + n * 60_000).toISOString();
        return { id: crypto.randomUUID(), n, at, stencil: n % 3 === 0 ? 'video' : 'story' };
      });
      ids.push(...rows.map((row) => row.id));
      await db.insertInto('asset').values(rows.map((row) => ({ id: row.id, stencil: row.stencil, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: row.at, created_by: 'Importer' }))).execute();
      await db.insertInto('asset_space').values(rows.map((row) => ({ asset_id: row.id, space: 'rbcom' }))).execute();
      await db
        .insertInto('asset_localization')
        .values(
          rows.map((row) => ({
            asset_id: row.id, locale: 'en', stencil: row.stencil, status: row.n % 2 ? 'published' : 'draft', title: row.n % 5 === 0 ? `Harbour lights ${row.n}` : `Night session ${row.n}`,
            content: '{}', meta: '{}', changed_properties: '[]', published_content: null, version: 1, created_at: row.at, created_by: 'Importer', updated_at: row.at, updated_by: 'Importer',
            first_published_at: null, last_published_at: null, last_shipped_at: null, publish_start: null, publish_end: null, search_text: 'the old harbour at night',
          })),
        )
        .execute();
      await writeSearchEntriesFromColumns(db, dialect, rows.map((row) => row.id));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer as the first ask did, and show every write after', async () => {
    const queries = ['?q=harbour', '?q=harbour&stencil=story&publishstatus=published', '?q=harbour&sortBy=lastEdited&stencil=video'];
    // Two pages' worth as the first ask reads them (from the database on PostgreSQL).
    const twoPages = (await list('?q=harbour&limit=24'))._embedded.item.map((item) => item.id);
    const first = await Promise.all(queries.map(list));
    expect(first[0]?.total).toBe(VERSIONS);
    // On PostgreSQL a first ask reads the matches of the search and of its title in the background.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Later asks are answered from the kept matches (on PostgreSQL once the first ask's read in the background is done).
    await expect.poll(async () => (await Promise.all(queries.map(list))).map(seen), { timeout: 10_000 }).toEqual(first.map(seen));
    // The next page, read from the database, goes on where the kept first page ends.
    const next = (await list('?q=harbour'))._links.next?.href ?? '';
    expect(next).not.toBe('');
    const secondPage = await list(next.slice(next.indexOf('?')));
    expect([...first[0]!._embedded.item, ...secondPage._embedded.item].map((item) => item.id)).toEqual(twoPages);

    // A version loses the word, another gains it in its title, a new one is written: each shows at once.
    const { db } = t.database;
    const [oldest = '', second = ''] = ids;
    // Written as a save writes them: a new last edit and new words.
    const save = async (id: string, title: string, body: string) => {
      await db.updateTable('asset_localization').set({ title, search_text: body, updated_at: new Date().toISOString() }).where('asset_id', '=', id).execute();
      await writeSearchEntry(db, dialect, { id, locale: 'en', title, body });
    };
    await save(oldest, 'Night session 0', 'the open sea');
    await save(second, 'Harbour at dawn', 'the old harbour at night');
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', headers: await t.auth(EDITOR), payload: { content: { title: { value: 'Harbour festival' } } } });
    expect(created.statusCode, created.body).toBe(201);
    const after = await list('?q=harbour');
    expect(after.total).toBe(VERSIONS);
    // The title tier first, newest first.
    expect(after._embedded.item.slice(0, 2).map((item) => item.id)).toEqual([created.json().id, second]);
    expect((await list('?q=harbour&stencil=story')).facets.find((facet) => facet.name === 'stencil')?.buckets).toEqual([
      // The oldest, a video, lost the word; the new one is a story.
      { name: 'story', label: 'Story', count: VERSIONS - Math.ceil(VERSIONS / 3) + 1 },
      { name: 'video', label: 'Video', count: Math.ceil(VERSIONS / 3) - 1 },
    ]);
  });
});
