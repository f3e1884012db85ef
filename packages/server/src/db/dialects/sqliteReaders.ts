import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  sql,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { SQLITE_READER_MEMORY } from '../database.ts';
import { JOINED_INTEGERS_SUFFIX, parseJoinedIntegers } from './joinedIntegers.ts';
import { sqliteLimitsInText } from './sqlitePlans.ts';
import type { DB } from '../schema.ts';

/**
 * SQLite reads on worker threads (issue "Lists and search under concurrent load"): better-sqlite3 answers a statement
 * on the thread that asks, so a list call's statements held the event loop, and with it every other request, on one
 * core. Each worker opens the database file read-only (WAL lets it read while the server's own connection writes) and
 * runs one statement at a time; a statement waits for a free worker. A read sees every transaction committed before it
 * starts, so a save is in the next list call of whoever made it.
 */

/** The worker's code, run as CommonJS (`eval`): no build step or loader is needed to start it. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -${SQLITE_READER_MEMORY.cacheKib}');
db.pragma('mmap_size = ${SQLITE_READER_MEMORY.mmapBytes}');
db.pragma('temp_store = MEMORY');
const parseJoinedIntegers = ${parseJoinedIntegers.toString()};
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size >= 1000) statements.clear();
      const statement = db.prepare(sql);
      if (!statement.reader) throw new Error('a read-only connection runs no statement that writes');
      const integerColumns = statement.columns().map((column) => column.name).filter((name) => name.endsWith(${JSON.stringify(JOINED_INTEGERS_SUFFIX)}));
      prepared = { statement, integerColumns };
      statements.set(sql, prepared);
    }
    const rows = prepared.statement.all(parameters);
    const moved = [];
    for (const name of prepared.integerColumns) {
      for (const row of rows) {
        row[name] = parseJoinedIntegers(row[name]);
        moved.push(row[name].buffer);
      }
    }
    parentPort.postMessage({ id, rows }, moved);
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

type Reply = { id: number; rows?: unknown[]; error?: { message: string; code?: string } };

class ReaderConnection implements DatabaseConnection {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  /** Why the worker stopped (it could not open the file, say): every read then fails with it. */
  private failure: Error | undefined;

  constructor(readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else waiting.resolve(reply.rows ?? []);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => fail(new Error(`the SQLite reader stopped: ${error.message || error.name}`, { cause: error })));
    worker.on('exit', (code) => fail(new Error(`the SQLite reader stopped (exit code ${code})`)));
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.failure) throw this.failure;
    const id = (this.nextId += 1);
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
      this.worker.postMessage({ id, sql: compiled.sql, parameters: compiled.parameters });
    });
    return { rows: rows as R[] };
  }

  // oxlint-disable-next-line require-yield -- the interface asks for a generator; lists read no streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('SQLite readers do not stream');
  }
}

class ReadersDriver implements Driver {
  private readonly idle: ReaderConnection[] = [];
  private readonly waiting: Array<(connection: ReaderConnection) => void> = [];
  private readonly all: ReaderConnection[] = [];

  constructor(private readonly options: { file: string; threads: number }) {}

  async init(): Promise<void> {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    for (let n = 0; n < this.options.threads; n++) {
      const connection = new ReaderConnection(new Worker(WORKER, { eval: true, workerData: { file: this.options.file, driver } }));
      this.all.push(connection);
      this.idle.push(connection);
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.idle.pop() ?? new Promise<ReaderConnection>((resolve) => this.waiting.push(resolve));
  }

  async beginTransaction(): Promise<void> {
    throw new Error('SQLite readers run no transactions');
  }

  async commitTransaction(): Promise<void> {
    throw new Error('SQLite readers run no transactions');
  }

  async rollbackTransaction(): Promise<void> {
    throw new Error('SQLite readers run no transactions');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const next = this.waiting.shift();
    if (next) next(connection as ReaderConnection);
    else this.idle.push(connection as ReaderConnection);
  }

  async destroy(): Promise<void> {
    await Promise.all(this.all.map((connection) => connection.worker.terminate()));
  }
}

/** A Kysely over `threads` read-only connections to the SQLite `file`, each on its own worker thread. */
export function openSqliteReaders(input: { file: string; threads: number }): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReadersDriver(input),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    plugins: [sqliteLimitsInText],
  });
}

/**
 * Readers for the file of an open SQLite database (`PRAGMA database_list` names it); undefined for a database in
 * memory, which other connections cannot see, or with no `threads`.
 */
export async function openSqliteReadersOf(db: Kysely<DB>, threads: number): Promise<Kysely<DB> | undefined> {
  if (threads <= 0) return undefined;
  const files = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = files.rows.find((row) => row.name === 'main')?.file;
  return file ? openSqliteReaders({ file, threads }) : undefined;
}
