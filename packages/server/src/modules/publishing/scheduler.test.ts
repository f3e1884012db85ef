import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertDueTransitions } from '../../../test/dueTransitions.ts';
import { schedulerOn } from '../../../test/schedulerInstance.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

const DUE = '2026-01-01T08:00:00.000Z';
const LATER = new Date('2026-01-01T09:00:00.000Z');

async function countBy(db: Kysely<DB>, ids: readonly string[]) {
  const transitions = await db.selectFrom('transition').select(['status']).select((eb) => eb.fn.countAll<string | number>().as('n')).where('asset_id', 'in', [...ids]).groupBy('status').execute();
  const history = await db
    .selectFrom('asset_history')
    .select(['asset_id'])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('action', '=', 'publish')
    .where('asset_id', 'in', [...ids])
    .groupBy('asset_id')
    .execute();
  return {
    transitions: Object.fromEntries(transitions.map((row) => [row.status, Number(row.n)])),
    publishedAssets: history.length,
    publishRows: history.reduce((sum, row) => sum + Number(row.n), 0),
  };
}

describe.each(DIALECTS)('publish scheduler (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs due transitions in batches, each once, and leaves those not yet due', async () => {
    const due = await insertDueTransitions(t.database.db, { count: 120, dueAt: DUE });
    const notYet = await insertDueTransitions(t.database.db, { count: 3, dueAt: '2026-01-01T10:00:00.000Z' });
    const scheduler = schedulerOn(t.database.db, dialect, { now: LATER });
    expect(await scheduler.runOnce()).toBe(120);
    expect(await scheduler.runOnce()).toBe(0);
    expect(await countBy(t.database.db, due)).toEqual({ transitions: { EXECUTED: 120 }, publishedAssets: 120, publishRows: 120 });
    expect((await countBy(t.database.db, notYet)).transitions).toEqual({ SCHEDULED: 3 });
  });

  it('marks a transition ERROR when its version fails, and runs the rest of the batch', async () => {
    const ids = await insertDueTransitions(t.database.db, { count: 3, dueAt: DUE });
    const broken = ids[1] ?? '';
    await t.database.db.updateTable('asset_localization').set({ content: JSON.stringify({ title: { value: 'Emptied' } }) }).where('asset_id', '=', broken).execute();
    await schedulerOn(t.database.db, dialect, { now: LATER }).runOnce();
    const rows = await t.database.db.selectFrom('transition').select(['asset_id', 'status', 'message']).where('asset_id', 'in', ids).execute();
    expect(rows.find((row) => row.asset_id === broken)).toMatchObject({ status: 'ERROR', message: expect.stringContaining('This field is required.') });
    expect(rows.filter((row) => row.status === 'EXECUTED')).toHaveLength(2);
    const version = await t.database.db.selectFrom('asset_localization').select(['status', 'version']).where('asset_id', '=', broken).executeTakeFirstOrThrow();
    expect(version).toEqual({ status: 'draft', version: 1 });
  });

  it('runs on its own every interval once started, and stops', async () => {
    const ids = await insertDueTransitions(t.database.db, { count: 5, dueAt: new Date(Date.now() - 1000).toISOString() });
    const scheduler = schedulerOn(t.database.db, dialect, { intervalMs: 20 });
    scheduler.start();
    await expect.poll(async () => (await countBy(t.database.db, ids)).transitions, { timeout: 5000, interval: 50 }).toEqual({ EXECUTED: 5 });
    await scheduler.stop();
  });

  // Two instances need a database both can lock rows in; SQLite serialises every write of its one file instead
  // (one server instance per SQLite file), so there is no concurrent claim to test there.
  it.skipIf(dialect !== 'postgres')('executes 1,000 due transitions exactly once with two scheduler instances on their own connection pools (PostgreSQL only: SQLite serialises all writes to its file)', async () => {
    const ids = await insertDueTransitions(t.database.db, { count: 1000, dueAt: DUE });
    // A second pool on the same schema: its sessions are as separate from the first's as another process's would be,
    // and PostgreSQL's row locks are per session.
    const second = await openDatabase({ databaseUrl: t.database.url, schema: t.database.schema });
    try {
      const first = schedulerOn(t.database.db, 'postgres', { now: LATER, batchSize: 25 });
      const other = schedulerOn(second.db, 'postgres', { now: LATER, batchSize: 25 });
      const [byFirst, byOther] = await Promise.all([first.runOnce(), other.runOnce()]);
      expect(byFirst + byOther).toBe(1000);
      expect(byFirst).toBeGreaterThan(0);
      expect(byOther).toBeGreaterThan(0);
      expect(await countBy(t.database.db, ids)).toEqual({ transitions: { EXECUTED: 1000 }, publishedAssets: 1000, publishRows: 1000 });
    } finally {
      await second.destroy();
    }
  });

  it.skipIf(dialect !== 'postgres')('executes 1,000 due transitions exactly once with schedulers in two processes (PostgreSQL only)', async () => {
    const ids = await insertDueTransitions(t.database.db, { count: 1000, dueAt: DUE });
    const script = path.resolve(import.meta.dirname, '../../../test/schedulerProcess.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    const ready = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready\n')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await ready;
    child.stdin.write('go\n');
    const here = schedulerOn(t.database.db, 'postgres', { batchSize: 25 });
    let executedHere = 0;
    for (let finished = -1; finished !== 0; executedHere += finished) finished = await here.runOnce();
    expect(await exited).toBe(0);
    const executedThere = (JSON.parse(output.split('\n').find((line) => line.startsWith('{')) ?? '{}') as { executed?: number }).executed ?? 0;
    expect(executedHere + executedThere).toBe(1000);
    // Both processes took part: the claims really ran side by side.
    expect(executedHere).toBeGreaterThan(0);
    expect(executedThere).toBeGreaterThan(0);
    expect(await countBy(t.database.db, ids)).toEqual({ transitions: { EXECUTED: 1000 }, publishedAssets: 1000, publishRows: 1000 });
  }, 120_000);
});
