import { Worker } from 'node:worker_threads';
// sharp is loaded here before any map worker loads it: on glibc Linux its libraries must stay loaded by the main thread.
// oxlint-disable-next-line import/no-unassigned-import
import 'sharp';
import type { StaticMapQuery } from '@editor/domain';
import type { DrawReply, DrawRequest } from './mapWorker.ts';

/**
 * How many maps may wait for the drawing worker: drawing one takes about 350 ms of a core, so 8 in the queue are
 * about 3 s of drawing for the last, past which a quick 503 serves the asker better than a long wait. One user may
 * hold 4 of them: the widget shows one map at a time, and a page with a few maps, or a few quick zooms, fits; nobody
 * fills the queue alone.
 */
export const STATIC_MAP_LIMITS = { queued: 8, perUser: 4 } as const;

export interface StaticMapOptions {
  /** Drawing worker threads; each holds the world's outlines (some 200 MB). */
  workers?: number;
  /** Maps drawing or waiting, everyone's together; more are refused with 503. */
  maxQueued?: number;
  /** Maps drawing or waiting that one user asked for; more are refused with 429. */
  maxPerUser?: number;
  /** How many drawn maps the cache keeps, and how many bytes at most. */
  cacheEntries?: number;
  cacheBytes?: number;
  /**
   * A map not drawn within this is given up and its worker replaced; the first map's time includes starting the
   * worker and reading the outlines, seconds on a busy machine.
   */
  drawTimeoutMs?: number;
  /** Starts a drawing worker; tests start one that stands still or fails. */
  spawnWorker?: () => Worker;
  /** A worker failed (crashed, timed out, could not draw); the map asked for is answered 503. */
  onFailure?: (error: Error) => void;
}

/** The queue is full: for this user (429) or for everyone (503); `retryAfterSeconds` estimates when a place is free. */
export class MapsBusyError extends Error {
  readonly scope: 'user' | 'everyone';
  readonly retryAfterSeconds: number;

  constructor(scope: 'user' | 'everyone', retryAfterSeconds: number) {
    super(scope === 'user' ? 'You have asked for too many maps at once. Please try again in a moment.' : 'The map service is busy. Please try again in a moment.');
    this.name = 'MapsBusyError';
    this.scope = scope;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The map could not be drawn: its worker failed or took too long, and has been replaced (503). */
export class MapDrawingError extends Error {
  constructor(cause: Error) {
    super('The map could not be drawn. Please try again in a moment.', { cause });
    this.name = 'MapDrawingError';
  }
}

export interface StaticMaps {
  /**
   * The PNG of the map: from the cache, or drawn by a worker in turn. Throws MapsBusyError beyond the limits and
   * MapDrawingError if the worker fails; once `signal` aborts, a map nobody else waits for leaves the queue.
   */
  render(query: StaticMapQuery, asker: { userId: string; signal?: AbortSignal }): Promise<Buffer>;
  /** Stops the workers; maps still waiting fail. */
  close(): Promise<void>;
}

/** A cache of recently drawn maps, the least recently asked dropped first, bounded by count and by bytes. */
function createMapCache(limits: { entries: number; bytes: number }) {
  // Insertion order is the recency order: a hit is deleted and set again.
  const maps = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const png = maps.get(key);
      if (png) {
        maps.delete(key);
        maps.set(key, png);
      }
      return png;
    },
    set(key: string, png: Buffer): void {
      if (maps.has(key) || png.length > limits.bytes) return;
      maps.set(key, png);
      bytes += png.length;
      for (const [oldest, dropped] of maps) {
        if (maps.size <= limits.entries && bytes <= limits.bytes) break;
        maps.delete(oldest);
        bytes -= dropped.length;
      }
    },
  };
}

interface Job {
  id: number;
  key: string;
  query: StaticMapQuery;
  userId: string;
  /** Requests answered by this drawing: the first asker and those who asked for the same map meanwhile. */
  waiters: number;
  isRunning: boolean;
  promise: Promise<Buffer>;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Why the worker is being replaced, once it is. */
  failure: Error | undefined;
}

/** The map worker run through tsx, which compiles its TypeScript (and the domain's) as `npm run serve` does. */
function spawnMapWorker(): Worker {
  const bootstrap = `
    const { workerData } = require('node:worker_threads');
    import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.module, workerData.module));
  `;
  const workerData = { tsx: import.meta.resolve('tsx/esm/api'), module: new URL('./mapWorker.ts', import.meta.url).href };
  // An outline source that grows past this is a fault: the worker dies and is replaced, the server stays up.
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits: { maxOldGenerationSizeMb: 768 } });
}

const abortError = () => new DOMException('The asker went away.', 'AbortError');

/**
 * Spec 000 §7 static maps, drawn on worker threads (`mapWorker.ts`) in the order asked, at most `maxQueued` drawing
 * or waiting and `maxPerUser` of them for one user; the same map asked twice meanwhile is drawn once; drawn maps are
 * kept in a small cache. A worker that crashes or overruns `drawTimeoutMs` fails its map and is replaced.
 */
export function createStaticMaps(options: StaticMapOptions = {}): StaticMaps {
  const workers = options.workers ?? 1;
  const maxQueued = options.maxQueued ?? STATIC_MAP_LIMITS.queued;
  const maxPerUser = options.maxPerUser ?? STATIC_MAP_LIMITS.perUser;
  const drawTimeoutMs = options.drawTimeoutMs ?? 30_000;
  const spawnWorker = options.spawnWorker ?? spawnMapWorker;
  const cache = createMapCache({ entries: options.cacheEntries ?? 256, bytes: options.cacheBytes ?? 32 * 1024 * 1024 });
  /** Every map drawing or waiting, by its key. */
  const jobs = new Map<string, Job>();
  const waiting: Job[] = [];
  const perUser = new Map<string, number>();
  const slots = new Set<Slot>();
  let nextId = 1;
  let averageMs = 400;
  let isClosed = false;

  const retryAfter = (mapsAhead: number) => Math.min(60, Math.max(1, Math.ceil((mapsAhead * averageMs) / workers / 1000)));

  function release(job: Job): void {
    jobs.delete(job.key);
    const count = (perUser.get(job.userId) ?? 1) - 1;
    if (count > 0) perUser.set(job.userId, count);
    else perUser.delete(job.userId);
  }

  function finish(slot: Slot): Job | undefined {
    const { job } = slot;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    if (job) release(job);
    return job;
  }

  /** Takes a worker out of service: its map fails at once, the next map starts a new worker. */
  function replace(slot: Slot, failure: Error): void {
    if (!slots.delete(slot)) return;
    slot.failure = failure;
    const job = finish(slot);
    if (!isClosed) {
      options.onFailure?.(failure);
      job?.reject(new MapDrawingError(failure));
    } else job?.reject(new MapDrawingError(new Error('The map service has stopped.')));
    void slot.worker.terminate();
    dispatch();
  }

  function startWorker(): Slot {
    const slot: Slot = { worker: spawnWorker(), job: undefined, timer: undefined, failure: undefined };
    slot.worker.unref();
    slot.worker.on('message', (reply: DrawReply) => {
      if (!slot.job || reply.id !== slot.job.id) return;
      const job = finish(slot);
      if (!job) return;
      if ('png' in reply) {
        const png = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
        cache.set(job.key, png);
        job.resolve(png);
      } else {
        const failure = new Error(`drawing a static map failed: ${reply.error}`);
        options.onFailure?.(failure);
        job.reject(new MapDrawingError(failure));
      }
      dispatch();
    });
    slot.worker.on('error', (error) => replace(slot, error));
    slot.worker.on('exit', (code) => replace(slot, new Error(`the map worker stopped (exit code ${code})`)));
    slots.add(slot);
    return slot;
  }

  function idleSlot(): Slot | undefined {
    for (const slot of slots) if (!slot.job) return slot;
    return slots.size < workers ? startWorker() : undefined;
  }

  function dispatch(): void {
    if (isClosed) return;
    while (waiting.length > 0) {
      let slot: Slot | undefined;
      try {
        slot = idleSlot();
      } catch (error) {
        // A worker that cannot even start fails the map it was started for; the next map tries again.
        const failure = error instanceof Error ? error : new Error(String(error));
        options.onFailure?.(failure);
        const job = waiting.shift();
        if (job) release(job);
        job?.reject(new MapDrawingError(failure));
        continue;
      }
      if (!slot) return;
      const job = waiting.shift();
      if (!job) return;
      job.isRunning = true;
      slot.job = job;
      const started = performance.now();
      void job.promise.then(() => {
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
      }, () => undefined);
      slot.timer = setTimeout(() => replace(slot, new Error(`a static map took longer than ${drawTimeoutMs} ms`)), drawTimeoutMs);
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
      slot.worker.postMessage({ id: job.id, query: job.query } satisfies DrawRequest);
    }
  }

  function enqueue(key: string, query: StaticMapQuery, userId: string): Job {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= maxPerUser) throw new MapsBusyError('user', retryAfter(mine));
    if (jobs.size >= maxQueued) throw new MapsBusyError('everyone', retryAfter(jobs.size));
    let settle: Pick<Job, 'resolve' | 'reject'> = { resolve: () => undefined, reject: () => undefined };
    const promise = new Promise<Buffer>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Its askers may all have gone; a failure nobody waits for is no unhandled rejection.
    promise.catch(() => undefined);
    const job: Job = { id: nextId++, key, query, userId, waiters: 0, isRunning: false, promise, ...settle };
    jobs.set(key, job);
    perUser.set(userId, mine + 1);
    waiting.push(job);
    dispatch();
    return job;
  }

  /** The job's answer for one asker, who stops waiting when their signal aborts. */
  function answerOf(job: Job, signal: AbortSignal | undefined): Promise<Buffer> {
    job.waiters += 1;
    if (!signal) return job.promise;
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        job.waiters -= 1;
        // A map that has not started and that nobody waits for any more gives its place to the next.
        if (job.waiters === 0 && !job.isRunning && jobs.get(job.key) === job) {
          waiting.splice(waiting.indexOf(job), 1);
          release(job);
          job.reject(abortError());
        }
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      job.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  return {
    async render(query, asker) {
      if (asker.signal?.aborted) throw abortError();
      if (isClosed) throw new MapDrawingError(new Error('The map service has stopped.'));
      const key = JSON.stringify([query.center, query.zoom, query.size, query.markers ?? null]);
      const cached = cache.get(key);
      if (cached) return cached;
      return answerOf(jobs.get(key) ?? enqueue(key, query, asker.userId), asker.signal);
    },
    async close() {
      isClosed = true;
      for (const job of waiting.splice(0)) {
        release(job);
        job.reject(new MapDrawingError(new Error('The map service has stopped.')));
      }
      await Promise.all([...slots].map(async (slot) => {
        replace(slot, new Error('The map service has stopped.'));
        await slot.worker.terminate();
      }));
    },
  };
}
