import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaggedVersion, openTestDatabase, type TestDatabase } from '../../../../../test/harness.ts';
import { deleteSearchEntry, writeSearchEntry } from '../../../../db/dialects/fullText.ts';
import type { ListEngine, PreparedSearch } from '../../../../db/dialects/listEngine.ts';
import { listEngineOf } from '../../../../db/dialects/listEngines.ts';
import type { DB } from '../../../../db/schema.ts';
import { createListIndexFeed } from './listIndexFeed.ts';
import { KEPT_SEARCH_BYTES, MatchKeyCache } from './matchKeyCache.ts';
import { VersionIndex } from './versionIndex.ts';

/** A search index in memory: entry key -> words, numbered as SQLite numbers them; it counts what the cache reads. */
function fakeEngine() {
  const entries = new Map<number, string[]>();
  const reads: Array<{ after: number | undefined; asked?: readonly number[] }> = [];
  const matching = (search: PreparedSearch) => [...entries].filter(([, words]) => words.includes(search.dialect === 'sqlite' ? search.all : '')).map(([key]) => key).toSorted((a, b) => a - b);
  const engine = {
    readMatchKeys: async (_db: Kysely<DB>, search: PreparedSearch, after?: number) => {
      reads.push({ after });
      return matching(search).filter((key) => after === undefined || key > after);
    },
    filterMatchKeys: async (_db: Kysely<DB>, search: PreparedSearch, keys: readonly number[]) => {
      reads.push({ after: undefined, asked: keys });
      return matching(search).filter((key) => keys.includes(key));
    },
    matchCacheKey: (search: PreparedSearch) => (search.dialect === 'sqlite' ? search.all : undefined),
  } as unknown as ListEngine;
  return { engine, entries, reads };
}

const searchFor = (word: string): PreparedSearch => ({ dialect: 'sqlite', all: word, title: `{title} : (${word})` });
const db = {} as Kysely<DB>;
let clock = Date.parse('2026-01-01T00:00:00.000Z');

/** Writes a version's entry under a new key, as `writeSearchEntry` does, and tells the index. */
function write(index: VersionIndex, entries: Map<number, string[]>, input: { id: string; key: number; words: string[] }): void {
  entries.set(input.key, input.words);
  clock += 1000;
  index.put({ asset_id: input.id, locale: 'en', stencil: 'story', status: 'draft', spaces: ',global,', infographic: 0, updated_at: new Date(clock).toISOString(), tag_ids: '[]', search_key: input.key });
}

describe('kept matches of searches', () => {
  it('reads a search once, then only the entries written after it that the index learnt of, and drops what changed below', async () => {
    const { engine, entries, reads } = fakeEngine();
    const index = new VersionIndex();
    for (let key = 1; key <= 5; key++) write(index, entries, { id: `v${key}`, key, words: key % 2 ? ['cliff'] : ['wave'] });
    const cache = new MatchKeyCache(engine, 1 << 20, 2);
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5]);
    // Nothing written since: the search is not read again.
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5]);
    expect(reads).toEqual([{ after: undefined }]);

    // v2 is written again with the word: a new key above the rest.
    entries.delete(2);
    write(index, entries, { id: 'v2', key: 6, words: ['cliff'] });
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5, 6]);
    expect(reads).toEqual([{ after: undefined }, { after: 5 }]);

    // The newest version is deleted and its key taken again by a version without the word, which the index learns of.
    entries.delete(6);
    index.remove('v2', 'en');
    write(index, entries, { id: 'v7', key: 6, words: ['wave'] });
    reads.length = 0;
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5]);
    expect(reads).toContainEqual({ after: undefined, asked: [6] });

    // An entry the index has not learnt of yet (another instance's, say) is not read, as the index could not count it;
    // once the index learns its key, it is.
    entries.set(7, ['cliff']);
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5]);
    write(index, entries, { id: 'v8', key: 7, words: ['cliff'] });
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5, 7]);

    // An entry written while the search was read: read with it, below what it read, and learnt of by the index afterwards.
    entries.set(8, ['cliff']);
    write(index, entries, { id: 'v9', key: 9, words: ['wave'] });
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5, 7, 8]);
    reads.length = 0;
    write(index, entries, { id: 'v10', key: 8, words: ['cliff'] });
    expect(Array.from(await cache.keysOf(db, index, searchFor('cliff')))).toEqual([1, 3, 5, 7, 8]);
    expect(reads).toEqual([{ after: undefined, asked: [8] }]);
  });

  it('keeps within its budget, least recently asked first out, and starts afresh with a new index', async () => {
    const { engine, entries, reads } = fakeEngine();
    const index = new VersionIndex();
    for (let key = 1; key <= 300; key++) write(index, entries, { id: `v${key}`, key, words: key % 3 === 0 ? ['cliff', 'wave'] : key % 3 === 1 ? ['cliff'] : ['wave', 'rock'] });
    // Room for two searches of 100 to 200 keys (4 bytes each, and KEPT_SEARCH_BYTES a search).
    const budget = 1_700 + 2 * KEPT_SEARCH_BYTES;
    const cache = new MatchKeyCache(engine, budget, 2);
    await cache.keysOf(db, index, searchFor('cliff'));
    await cache.keysOf(db, index, searchFor('wave'));
    expect(cache.size.searches).toBe(2);
    await cache.keysOf(db, index, searchFor('rock'));
    expect(cache.size.searches).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(budget);
    reads.length = 0;
    await cache.keysOf(db, index, searchFor('wave'));
    expect(reads).toEqual([]);
    await cache.keysOf(db, index, searchFor('cliff'));
    expect(reads.at(-1)).toEqual({ after: undefined });

    const rebuilt = new VersionIndex();
    for (let key = 1; key <= 300; key++) rebuilt.put({ asset_id: `v${key}`, locale: 'en', stencil: 'story', status: 'draft', spaces: ',global,', infographic: 0, updated_at: new Date(clock + key).toISOString(), tag_ids: '[]', search_key: key });
    reads.length = 0;
    expect((await cache.keysOf(db, rebuilt, searchFor('cliff'))).length).toBe(200);
    expect(reads).toEqual([{ after: undefined }]);
  });

  it('reads searches with few matches, and those it may not keep, each time', async () => {
    const { engine, entries, reads } = fakeEngine();
    const index = new VersionIndex();
    write(index, entries, { id: 'v1', key: 1, words: ['cliff'] });
    const cache = new MatchKeyCache(engine, 1 << 20, 2);
    await cache.keysOf(db, index, searchFor('cliff'));
    await cache.keysOf(db, index, searchFor('cliff'));
    expect(reads).toEqual([{ after: undefined }, { after: undefined }]);
    expect(cache.size.searches).toBe(0);
  });

  it('counts what each kept search costs beside its keys, so many small searches stay within the budget', async () => {
    const { engine, entries } = fakeEngine();
    const index = new VersionIndex();
    for (let key = 1; key <= 40; key++) write(index, entries, { id: `v${key}`, key, words: [`word${key}`] });
    const cache = new MatchKeyCache(engine, 10 * KEPT_SEARCH_BYTES, 1);
    for (let key = 1; key <= 40; key++) await cache.keysOf(db, index, searchFor(`word${key}`));
    expect(cache.size.searches).toBeLessThan(10);
    expect(cache.size.bytes).toBeLessThanOrEqual(10 * KEPT_SEARCH_BYTES);
  });
});

describe.each(DIALECTS)('kept matches of searches (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await database?.cleanup();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answer as a fresh read does after versions are written, written again and deleted', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-match-cache-'));
    database = await openTestDatabase(dialect, dir);
    const { db: written } = database;
    const engine = listEngineOf(dialect);
    const feed = createListIndexFeed({ db: written, readDb: written, hasSearchKeys: true });
    const cache = new MatchKeyCache(engine, 1 << 20, 1);
    const ids: string[] = [];
    const writeText = async (id: string, body: string) => writeSearchEntry(written, dialect, { id, locale: 'en', title: 'A story', body });
    for (let n = 0; n < 6; n++) {
      const id = await insertTaggedVersion(written, []);
      ids.push(id);
      await writeText(id, n % 2 ? 'cliff diving' : 'big wave');
    }
    await feed.start();
    const search = await engine.prepareSearch(written, ['cliff']);
    const compare = async () => {
      const index = await feed.current();
      if (!index) throw new Error('the index is not built');
      const kept = Array.from(await cache.keysOf(written, index, search)).filter((key) => index.slotOfSearch(key) !== undefined);
      expect(kept).toEqual(Array.from((await engine.readMatchKeys?.(written, search)) ?? []));
      return kept.length;
    };
    expect(await compare()).toBe(3);
    // The newest version written again without the word, then with it; an older one loses it.
    const [first = '', , , , , last = ''] = ids;
    await writeText(last, 'big wave');
    expect(await compare()).toBe(2);
    await writeText(last, 'cliff again');
    expect(await compare()).toBe(3);
    await writeText(ids[1] ?? '', 'nothing here');
    expect(await compare()).toBe(2);
    // The newest version deleted: the next entry may take its key again.
    await written.deleteFrom('asset_localization').where('asset_id', '=', last).execute();
    await writeText(first, 'wave only');
    expect(await compare()).toBe(1);
    await deleteSearchEntry(written, dialect, { id: first, locale: 'en' });
    await writeText(first, 'cliff top');
    expect(await compare()).toBe(2);
  });
});
