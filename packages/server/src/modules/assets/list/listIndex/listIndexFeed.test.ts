import { SelectQueryNode, type QueryId } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, insertTaggedVersion, openDatabaseUpTo, type TestDatabase } from '../../../../../test/harness.ts';
import { answerFromIndex, type IndexQuestion } from './indexedList.ts';
import { createListIndexFeed, type ListIndexFeed } from './listIndexFeed.ts';

const EVERYTHING: IndexQuestion = { spaces: ['global'], allSpaces: ['global'], stencil: [], locale: [], status: [], space: [], infographic: undefined, countsInfographic: false, tagLimit: 5, pageRows: 0 };
const PUBLISHED: IndexQuestion = { ...EVERYTHING, status: ['published'] };

describe.each(DIALECTS)('the list index feed (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
  });

  const feedOf = (db: TestDatabase['db']) => createListIndexFeed({ db, readDb: db, hasSearchKeys: dialect === 'sqlite' });
  const matching = async (feed: ListIndexFeed, question: IndexQuestion) => {
    const index = await feed.current();
    if (!index) throw new Error('the index is not built');
    return answerFromIndex(index, question).matching;
  };

  it('builds from the versions, then shows every write committed before a look, whoever wrote it, on every instance', async () => {
    database = await openDatabaseUpTo(dialect, '040_list_changes');
    const { db } = database;
    const first = await insertTaggedVersion(db, ['tag-1']);
    const instances = [feedOf(db), feedOf(db)];
    for (const feed of instances) await feed.start();
    for (const feed of instances) expect(await matching(feed, EVERYTHING)).toBe(1);

    // A job's write straight into the table (as a scheduled publish writes it), then a new version and a deletion.
    await db.updateTable('asset_localization').set({ status: 'published' }).where('asset_id', '=', first).execute();
    for (const feed of instances) expect(await matching(feed, PUBLISHED)).toBe(1);
    const second = await insertTaggedVersion(db, ['tag-1', 'tag-2']);
    for (const feed of instances) {
      const index = await feed.current();
      expect(index && answerFromIndex(index, EVERYTHING).counts.tags).toEqual([
        { id: 'tag-1', count: 2 },
        { id: 'tag-2', count: 1 },
      ]);
    }
    await db.deleteFrom('asset_localization').where('asset_id', '=', second).execute();
    for (const feed of instances) expect(await matching(feed, EVERYTHING)).toBe(1);
  });

  it('starts without waiting past its bound for a slow build, which goes on while lists are read from the database', async () => {
    database = await openDatabaseUpTo(dialect, '040_list_changes');
    const { db } = database;
    await insertTaggedVersion(db, []);
    // The build's pages (the statements with a limit) wait until released; the count before it does not.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pages = new Set<QueryId>();
    const slowReads = db.withPlugin({
      transformQuery: (args) => {
        if (SelectQueryNode.is(args.node) && args.node.limit) pages.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (pages.has(args.queryId)) await held;
        return args.result;
      },
    });
    const feed = createListIndexFeed({ db, readDb: slowReads, hasSearchKeys: dialect === 'sqlite', startWaitMs: 50 });
    await feed.start();
    expect(await feed.current()).toBeUndefined();
    release?.();
    await expect.poll(async () => (await feed.current()) !== undefined).toBe(true);
    expect(await matching(feed, EVERYTHING)).toBe(1);
  });

  it('builds again when a version is written with a last edit older than it can place, and answers correctly after', async () => {
    database = await openDatabaseUpTo(dialect, '040_list_changes');
    const { db } = database;
    await insertTaggedVersion(db, []);
    const older = await insertTaggedVersion(db, []);
    const feed = feedOf(db);
    await feed.start();
    await db.updateTable('asset_localization').set({ updated_at: '2020-01-01T00:00:00.000Z', status: 'published' }).where('asset_id', '=', older).execute();
    // The look that meets the old edit lets the index go and builds it again; meanwhile lists are read from the database.
    expect(await feed.current()).toBeUndefined();
    await expect.poll(async () => (await feed.current()) !== undefined).toBe(true);
    expect(await matching(feed, PUBLISHED)).toBe(1);
    expect(await matching(feed, EVERYTHING)).toBe(2);
  });
});
