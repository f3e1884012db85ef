import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { openDatabase } from '../database.ts';
import type { DB } from '../schema.ts';
import { openSqliteReaders, openSqliteReadersOf } from './sqliteReaders.ts';

describe('SQLite readers on worker threads', () => {
  let dir = '';
  let database: TestDatabase;
  let readers: Kysely<DB>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-readers-'));
    database = await openTestDatabase('sqlite', dir);
    const opened = await openSqliteReadersOf(database.db, 2);
    if (!opened) throw new Error('no readers for a database file');
    readers = opened;
  });
  afterAll(async () => {
    await readers.destroy();
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads what the server wrote and committed just before', async () => {
    await sql`CREATE TABLE IF NOT EXISTS reader_probe (n integer)`.execute(database.db);
    await sql`INSERT INTO reader_probe (n) VALUES (1), (2), (3)`.execute(database.db);
    const read = await sql<{ total: number }>`SELECT sum(n) AS total FROM reader_probe`.execute(readers);
    expect(read.rows).toEqual([{ total: 6 }]);
  });

  it('refuses a statement that writes, and reports a broken one as an error', async () => {
    await expect(sql`INSERT INTO reader_probe (n) VALUES (4)`.execute(readers)).rejects.toThrow(/runs no statement that writes/);
    await expect(sql`SELECT * FROM no_such_table`.execute(readers)).rejects.toThrow(/no such table/);
    expect((await sql<{ total: number }>`SELECT sum(n) AS total FROM reader_probe`.execute(readers)).rows).toEqual([{ total: 6 }]);
  });

  it('hands a joined-integers column over parsed, and leaves other columns as they are', async () => {
    const joined = sql<{ n__integers: Float64Array; label: string }>`SELECT group_concat(n) AS n__integers, 'a,b' AS label FROM reader_probe`;
    const read = (await joined.execute(readers)).rows[0];
    expect(read?.n__integers).toBeInstanceOf(Float64Array);
    expect([...(read?.n__integers ?? [])]).toEqual([1, 2, 3]);
    expect(read?.label).toBe('a,b');
    const none = await sql<{ n__integers: Float64Array }>`SELECT group_concat(n) AS n__integers FROM reader_probe WHERE n > 100`.execute(readers);
    expect(none.rows[0]?.n__integers).toHaveLength(0);
  });

  it('leaves the event loop free while statements run, two at a time', async () => {
    const slow = sql<{ n: number }>`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000) SELECT count(*) AS n FROM c`;
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    try {
      const results = await Promise.all([slow.execute(readers), slow.execute(readers), slow.execute(readers)]);
      expect(results.map((result) => result.rows)).toEqual([[{ n: 3000000 }], [{ n: 3000000 }], [{ n: 3000000 }]]);
    } finally {
      clearInterval(timer);
    }
    // The timer kept firing while the statements ran on the workers.
    expect(ticks).toBeGreaterThan(3);
  });

  it('opens none for a database in memory or without threads, and fails the reads of a file it cannot open', async () => {
    expect(await openSqliteReadersOf(database.db, 0)).toBeUndefined();
    const inMemory = await openDatabase({ sqliteFile: ':memory:' });
    expect(await openSqliteReadersOf(inMemory.db, 2)).toBeUndefined();
    await inMemory.destroy();
    const missing = openSqliteReaders({ file: path.join(dir, 'missing.db'), threads: 1 });
    await expect(sql`SELECT 1`.execute(missing)).rejects.toThrow(/the SQLite reader stopped/);
    await expect(sql`SELECT 1`.execute(missing)).rejects.toThrow(/the SQLite reader stopped/);
    await missing.destroy();
  });
});
