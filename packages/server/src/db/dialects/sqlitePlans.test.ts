import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.ts';
import { openSqliteReaders } from './sqliteReaders.ts';
import { dropValueSamples } from './sqlitePlans.ts';

describe('SQLite statements planned once', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-sqlite-plans-'));
    database = await openDatabase({ sqliteFile: path.join(dir, 'plans.db') });
    await sql`CREATE TABLE item (id INTEGER PRIMARY KEY, kind TEXT NOT NULL)`.execute(database.db);
    await sql`CREATE INDEX item_kind_idx ON item (kind)`.execute(database.db);
    // Skewed values, of which ANALYZE keeps samples.
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO item (id, kind) SELECT i, CASE WHEN i % 100 = 0 THEN 'rare' ELSE 'common' END FROM n`.execute(database.db);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const itemDb = () => database.db.withTables<{ item: { id: number; kind: string } }>();

  it('writes a limit into the statement text, on the server connection and on the readers', async () => {
    const compiled = itemDb().selectFrom('item').select('id').where('kind', '=', 'rare').orderBy('id').limit(3).compile();
    expect(compiled.sql).toMatch(/ limit 3$/);
    expect(compiled.parameters).toEqual(['rare']);
    expect((await itemDb().selectFrom('item').select('id').where('kind', '=', 'rare').orderBy('id').limit(3).execute()).map((row) => row.id)).toEqual([100, 200, 300]);
    // Limits inside subqueries too; the query built is left as it was, and a query without a limit is passed on as it is.
    const rare = itemDb().selectFrom('item').select('id').where('kind', '=', 'rare').orderBy('id').limit(2);
    const common = itemDb().selectFrom('item').select('id').where('kind', 'in', ['common', 'other']).orderBy('id', 'desc').limit(1);
    const union = itemDb().selectFrom(rare.as('r')).selectAll().unionAll(itemDb().selectFrom(common.as('c')).selectAll());
    const unionCompiled = union.compile();
    expect(unionCompiled.sql.match(/ limit \d+\)/g)).toEqual([' limit 2)', ' limit 1)']);
    expect(unionCompiled.parameters).toEqual(['rare', 'common', 'other']);
    expect(rare.compile().sql).toMatch(/ limit 2$/);
    expect((await union.execute()).map((row) => row.id)).toEqual([100, 200, 1999]);
    expect(itemDb().selectFrom('item').select('id').limit(sql<number>`1 + 1`).compile().sql).toMatch(/ limit 1 \+ 1$/);
    const readers = openSqliteReaders({ file: path.join(dir, 'plans.db'), threads: 1 }).withTables<{ item: { id: number; kind: string } }>();
    try {
      const page = readers.selectFrom('item').select('id').where('kind', '=', 'rare').orderBy('id', 'desc').limit(2);
      expect(page.compile().sql).toMatch(/ limit 2$/);
      expect((await page.execute()).map((row) => row.id)).toEqual([2000, 1900]);
    } finally {
      await readers.destroy();
    }
  });

  it('keeps the counts of an ANALYZE but drops its value samples', async () => {
    await sql`ANALYZE item`.execute(database.db);
    const samples = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat4`.execute(database.db)).rows[0]?.n);
    expect(await samples()).toBeGreaterThan(0);
    await dropValueSamples(database.db);
    expect(await samples()).toBe(0);
    const counts = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'item'`.execute(database.db);
    expect(counts.rows.find((row) => row.idx === 'item_kind_idx')?.stat).toMatch(/^2000 /);
    // Nothing to drop, nothing done.
    await dropValueSamples(database.db);
    expect(await samples()).toBe(0);
  });
});
