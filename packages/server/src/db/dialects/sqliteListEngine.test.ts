import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { sqliteListEngine } from './sqliteListEngine.ts';

describe('the SQLite list engine preparing a search', () => {
  let dir = '';
  let database: TestDatabase;
  const prepared = async (...terms: string[]) => {
    const search = await sqliteListEngine.prepareSearch(database.db, terms);
    return search.dialect === 'sqlite' ? search.all : '';
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-sqlite-search-'));
    database = await openTestDatabase('sqlite', dir);
    const words = ['zurich', 'zurichsee', 'zuber', 'mostar', ...Array.from({ length: 65 }, (_, n) => `many${String(n).padStart(2, '0')}`)];
    // The dictionary is written by the search index's statements (fullText.ts), not through the typed schema.
    for (const word of words) await sql`INSERT INTO asset_search_word (word) VALUES (${word})`.execute(database.db);
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('folds each term as the index does and searches a prefix as the known words it stands for, in order', async () => {
    expect(await prepared('Zürich', 'MOS')).toBe('("zurich" OR "zurichsee") AND ("mostar")');
  });

  it("leaves a prefix to the index's own prefix search when no word or too many words are known", async () => {
    expect(await prepared('nowhere')).toBe('"nowhere"*');
    expect(await prepared('many')).toBe('"many"*');
    expect(await prepared('many0')).toBe(`(${Array.from({ length: 10 }, (_, n) => `"many0${n}"`).join(' OR ')})`);
  });

  it('matches nothing for a text without words', async () => {
    expect(await prepared('')).toBe('""');
  });
});
