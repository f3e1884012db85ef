import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Client, Pool, type PoolClient } from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase } from 'kysely';
import { sqliteLimitsInText } from './dialects/sqlitePlans.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema the database works in, when not the default one. */
  schema?: string | undefined;
  /** PostgreSQL's address, for a connection of its own that listens for notifications (live updates). */
  url?: string;
  /** PostgreSQL's connection pool, for its gauges (metrics); SQLite has one connection and no pool. */
  pool?: Pick<Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each run its own); created when missing. */
  schema?: string;
}

const SQLITE_MEMORY = ':memory:';

/**
 * The memory of each SQLite connection (the server's own and each reader thread's): its page cache in KiB and its
 * memory-mapped window of the file in bytes. Mapped pages count as the process's resident memory once per mapping:
 * with 64 MB caches and 256 MB windows the three connections held 1.1 GB resident under a list load at 100,000 versions.
 */
export const SQLITE_CONNECTION_MEMORY = { cacheKib: 32_768, mmapBytes: 33_554_432 } as const;
/**
 * A reader thread's (`sqliteReaders.ts`): a smaller page cache, since the operating system's file cache holds the
 * pages anyway. At 100,000 versions the varied lists and searches ran as fast with 8 MB as with 32, and the two
 * readers' caches, filled by the list index's build at start, had held some 50 MB more.
 */
export const SQLITE_READER_MEMORY = { cacheKib: 8_192, mmapBytes: SQLITE_CONNECTION_MEMORY.mmapBytes } as const;

function openSqlite(file: string): Database {
  if (file !== SQLITE_MEMORY) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer writes; busy_timeout waits for the lock instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Lists and facets probe indexes at random (asset ids are UUIDs): a larger page cache and memory-mapped reads keep
  // those probes in memory instead of going through the file system for every page.
  sqlite.pragma(`cache_size = -${SQLITE_CONNECTION_MEMORY.cacheKib}`);
  sqlite.pragma(`mmap_size = ${SQLITE_CONNECTION_MEMORY.mmapBytes}`);
  // The sorts and materialised sets of a list's counts (10,001 rows) stay in memory instead of temporary files:
  // sorting 23,000 rows to keep the newest 10,001 took 14 ms with a file, 9.5 ms without.
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: preparingOnce(sqlite) }), plugins: [sqliteLimitsInText] });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** Statement texts kept prepared at most; past this, start again (texts with IN lists of many lengths). */
const MAX_PREPARED = 1000;

/**
 * The connection Kysely takes, preparing each statement text once: Kysely prepares every query anew, and preparing
 * cost about as much as running the short statements of a publish (a tenth of its CPU each). A statement still
 * being read (a stream left half-way) is not handed out again: that text is prepared anew.
 */
function preparingOnce(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      let statement = prepared.get(text);
      if (!statement || statement.busy) {
        if (prepared.size >= MAX_PREPARED) prepared.clear();
        statement = sqlite.prepare(text);
        prepared.set(text, statement);
      }
      return statement;
    },
  };
}

async function openPostgres(url: string, schema: string | undefined): Promise<Database> {
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  // No JIT compilation: it pays off for long analytical queries, and the planner's cost estimate of a list's counting
  // statement (a subquery per row it never runs) crossed its threshold, which then added 500 ms of compiling to a
  // 60 ms statement. No parallel workers: a list call already runs its page, counts and cards as statements side by
  // side, every statement reads a bounded number of rows, and starting workers cost more than they saved (the counts
  // table's sums took 10.7 ms with two workers and 5.3 ms without; the default list at 1,000,000 versions went from
  // 30–37 to 23 ms at p50).
  const settings = ['-c jit=off', '-c max_parallel_workers_per_gather=0', ...(schema ? [`-c search_path=${schema}`] : [])];
  // Idle connections stay for ten minutes (pg's default is ten seconds), and with them the statements they prepared:
  // an editor's list calls come seconds to minutes apart, and a call after a pause that had to open its connections
  // and plan its statements again took 48–112 ms instead of 25–37 at a million versions. TCP keep-alive keeps idle
  // connections through firewalls that drop silent ones.
  const pool = new Pool({ connectionString: url, max: 10, idleTimeoutMillis: 10 * 60_000, keepAlive: true, options: settings.join(' ') });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, dialect: 'postgres', schema, url, pool, destroy: () => db.destroy() };
}

/**
 * Marks a statement (its text starts with it) that PostgreSQL prepares once per connection and then runs without
 * planning it again. Only for statements whose texts come from a small set: a connection keeps each one.
 */
export const PREPARED = '/* prepared */ ';

/** A connection that prepares the statements marked with `PREPARED`, named by their text (Kysely sends no names). */
const preparing = (client: PoolClient): PostgresPoolClient => ({
  query: ((text: string, values: unknown[]) =>
    text.startsWith(PREPARED) ? client.query({ name: `p${createHash('sha1').update(text).digest('hex')}`, text, values }) : client.query(text, values)) as unknown as PostgresPoolClient['query'],
  release: () => client.release(),
});

/** The pool Kysely takes: its connections prepare marked statements. */
function preparingPool(pool: Pool): PostgresPool {
  const clients = new WeakMap<PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      const wrapped = clients.get(client) ?? preparing(client);
      clients.set(client, wrapped);
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, SQLite otherwise. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema);
  return openSqlite(options.sqliteFile ?? SQLITE_MEMORY);
}
