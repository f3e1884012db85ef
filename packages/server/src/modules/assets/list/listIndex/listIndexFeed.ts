import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../db/schema.ts';
import { VersionIndex, type IndexedVersion } from './versionIndex.ts';

/** Versions read per statement while the index is built. */
const BUILD_PAGE = 20_000;
/** Up to this many versions the index is built before the server answers (a fraction of a second); beyond, meanwhile. */
const BUILD_BEFORE_START = 200_000;
/**
 * How long the server's start waits for that build at most; a slower one (a busy machine) goes on while the server
 * answers, its lists read from the database meanwhile. Fastify fails a start hook that takes 10 s: at 100,000 versions
 * on a machine busy with other work the build took longer, and the server did not start at all.
 */
const START_WAIT_MS = 5_000;
/** Changes read per statement while catching up. */
const CHANGE_PAGE = 5_000;
/** Where the newest change seen goes in the compiled look at the feed: no change has this number. */
const SEEN_MARKER = -1;

interface Change {
  seq: number | string;
  asset_id: string;
  locale: string;
}

/** The feed's changes in order, a page at a time. */
const changesQuery = (db: Kysely<DB>) => db.selectFrom('asset_list_change').select(['seq', 'asset_id', 'locale']).orderBy('seq').limit(CHANGE_PAGE);
/** How many changes the feed keeps: an instance that falls further behind builds its index again. */
const KEPT_CHANGES = 50_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * A change number missing between two read ones belongs to a transaction that has not committed yet (PostgreSQL hands
 * out numbers before commit) or never will: it is asked for again until this long after it was first missed.
 */
const GAP_WAIT_MS = 10_000;
/** At a build, the changes of this many numbers before the newest are read again: transactions still committing. */
const BUILD_LOOKBACK = 1_000;

const COLUMNS = ['asset_id', 'locale', 'stencil', 'status', 'spaces', 'infographic', 'updated_at', 'tag_ids'] as const;

/**
 * Keeps this instance's list index (`VersionIndex`) current with the database: built from the versions at start, then
 * brought up to date from the change feed (migration 040) before each list is answered, so any write committed before
 * a list was asked for is in it, whichever instance or job wrote it. Lists asked for at once share one look.
 */
export function createListIndexFeed(options: {
  db: Kysely<DB>;
  readDb: Kysely<DB>;
  /** Whether versions name their words' search key (`search_key`; on PostgreSQL since migration 043), which a search's matches are read by. */
  hasSearchKeys: boolean;
  now?: () => number;
  log?: (message: string) => void;
  /** How long `start` waits for the build at most (START_WAIT_MS). */
  startWaitMs?: number;
}) {
  const { db, readDb } = options;
  // `search_key` is written by the search index's code alone (`fullText.ts`), so not among the schema's columns.
  const columns = [...COLUMNS, ...(options.hasSearchKeys ? [sql<number | null>`search_key`.as('search_key')] : [])];
  const now = options.now ?? Date.now;
  /** The look before every list when no change is awaited, compiled once (building it took a twentieth of a list's time). */
  const changesAfter = changesQuery(db).where('seq', '>', SEEN_MARKER).compile();
  let index: VersionIndex | undefined;
  let building: Promise<void> | undefined;
  let highestSeen = 0;
  const gaps = new Map<number, number>();
  let prunedAt = now();
  let tick = 0;
  let running: { started: number; done: Promise<void> } | undefined;
  /** Told of the assets whose versions changed as the index learns of them, or of everything (undefined) at a build. */
  const listeners = new Set<(assetIds: readonly string[] | undefined) => void>();
  const tell = (assetIds: readonly string[] | undefined) => listeners.forEach((listener) => listener(assetIds));

  const newestChange = async () => Number((await sql<{ seq: number | string | null }>`SELECT max(seq) AS seq FROM asset_list_change`.execute(readDb)).rows[0]?.seq ?? 0);

  async function build(): Promise<void> {
    const fresh = new VersionIndex();
    const newest = await newestChange();
    let after: IndexedVersion | undefined;
    for (;;) {
      let page = readDb.selectFrom('asset_localization').select(columns).orderBy('updated_at').orderBy('asset_id').orderBy('locale').limit(BUILD_PAGE);
      if (after) {
        const { updated_at, asset_id, locale } = after;
        page = page.where(sql<boolean>`(updated_at, asset_id, locale) > (${updated_at}, ${asset_id}, ${locale})`);
      }
      const rows = await page.execute();
      for (const row of rows) fresh.put(row);
      after = rows.at(-1);
      if (rows.length < BUILD_PAGE) break;
    }
    index = undefined;
    highestSeen = Math.max(0, newest - BUILD_LOOKBACK);
    gaps.clear();
    index = fresh;
    tell(undefined);
    await catchUp();
  }

  /** Starts a build unless one runs; the index answers nothing until it is done. */
  function rebuild(reason: string): Promise<void> {
    index = undefined;
    tell(undefined);
    if (!building) {
      options.log?.(`list index: building (${reason})`);
      building = build()
        .catch((error: unknown) => options.log?.(`list index: the build failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          building = undefined;
        });
    }
    return building;
  }

  /** Applies every change after the last seen, and the missing numbers still awaited. */
  async function catchUp(): Promise<void> {
    for (;;) {
      const current = index;
      if (!current) return;
      const awaited = [...gaps.keys()];
      // The feed is read on the server's own connection: a read of a few rows by key, which would otherwise wait in
      // the reader threads' queue behind the statements of the lists that wait for it (SQLite).
      const changes =
        awaited.length === 0
          ? (await db.executeQuery<Change>({ ...changesAfter, parameters: changesAfter.parameters.map((value) => (value === SEEN_MARKER ? highestSeen : value)) })).rows
          : await changesQuery(db)
              .where((eb) => eb.or([eb('seq', '>', highestSeen), eb('seq', 'in', awaited)]))
              .execute();
      const at = now();
      let expected = highestSeen + 1;
      for (const change of changes) {
        const seq = Number(change.seq);
        gaps.delete(seq);
        if (seq < expected) continue;
        if (seq - expected > KEPT_CHANGES) return void rebuild('the change feed moved on');
        for (let missing = expected; missing < seq; missing++) gaps.set(missing, at);
        highestSeen = seq;
        expected = seq + 1;
      }
      for (const [seq, since] of gaps) if (at - since > GAP_WAIT_MS) gaps.delete(seq);
      const keys = new Map(changes.map((change) => [`${change.asset_id}\n${change.locale}`, change]));
      if (keys.size > 0) {
        const ids = [...new Set([...keys.values()].map((key) => key.asset_id))];
        const rows = await db.selectFrom('asset_localization').select(columns).where('asset_id', 'in', ids).execute();
        const present = new Map(rows.map((row) => [`${row.asset_id}\n${row.locale}`, row]));
        if (index !== current) continue;
        for (const [key, change] of keys) {
          const row = present.get(key);
          if (!row) current.remove(change.asset_id, change.locale);
          else if (!current.put(row)) return void rebuild('a version edited before the newest');
        }
        tell(ids);
      }
      if (changes.length < CHANGE_PAGE) break;
    }
    if (index && index.deadSlots > Math.max(index.size, 10_000)) void rebuild('compacting');
    if (now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now();
      await sql`DELETE FROM asset_list_change WHERE seq < (SELECT max(seq) FROM asset_list_change) - ${KEPT_CHANGES}`.execute(db);
    }
  }

  /** One catch-up at a time; a caller waits for one that started after it asked. */
  async function caughtUp(): Promise<void> {
    const asked = ++tick;
    for (;;) {
      if (running && running.started >= asked) return running.done;
      if (running) {
        await running.done.catch(() => undefined);
        continue;
      }
      const started = ++tick;
      const done = catchUp().finally(() => {
        running = undefined;
      });
      running = { started, done };
      return done;
    }
  }

  return {
    /** Builds the index: before returning up to BUILD_BEFORE_START versions if it takes no longer than its wait, in the background beyond. */
    async start(): Promise<void> {
      const counted = await readDb.selectFrom('asset_localization').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      const building_ = rebuild('start');
      if (Number(counted?.n ?? 0) > BUILD_BEFORE_START) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.startWaitMs ?? START_WAIT_MS);
      });
      await Promise.race([building_, waited]);
      clearTimeout(timer);
    },
    /** Whether the index is built (readiness tells it: until then lists are read from the database, more slowly). */
    isBuilt: (): boolean => index !== undefined,
    /**
     * Calls `listener` with the assets whose versions changed, each time the index learns of changes, before a list
     * that caught it up goes on; and with undefined when the index is built again (anything may have changed).
     */
    onChange(listener: (assetIds: readonly string[] | undefined) => void): void {
      listeners.add(listener);
    },
    /** The index brought up to date, or undefined while it is built (lists are then read from the database). */
    async current(): Promise<VersionIndex | undefined> {
      if (!index) return undefined;
      await caughtUp();
      return index;
    },
  };
}

export type ListIndexFeed = ReturnType<typeof createListIndexFeed>;
