import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { ResolveHost } from '../../http/outboundRequest.ts';
import { createRepeatingJob } from '../../jobs/repeatingJob.ts';
import { webhookPayloadOf } from './payload.ts';
import * as repo from './repository.ts';
import { sendWebhook, type AttemptResult } from './sender.ts';

export interface WebhookWorkerOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The server's public address, for the delivery API URL in each payload. */
  publicUrl: string;
  allowedHosts: readonly string[];
  resolve: ResolveHost;
  timeoutMs: number;
  /** Pause between looks for due deliveries while started. */
  intervalMs: number;
  /** Tries under way at once in this instance. */
  maxConcurrent?: number;
  /** The first retry's delay; each further one doubles it (tests shorten it). */
  retryBaseMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

const DEFAULT_MAX_CONCURRENT = 16;
/**
 * How long a wake waits before it claims: the deliveries of the writes answered meanwhile are claimed by one statement
 * and their tries recorded by one transaction. At 100 publishes a second a claim took 1.4 ms on SQLite (a commit)
 * whether it took one delivery or ten.
 */
const WAKE_DELAY_MS = 20;
const DEFAULT_RETRY_BASE_MS = 15_000;
/** Retries are at most this far apart, so a receiver that is back is reached within the hour. */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Finished deliveries and their tries stay in the log this long. */
const LOG_RETENTION_MS = 30 * DAY_MS;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

/**
 * The delay before the try after `attempts` tries: exponential from `baseMs`, capped at an hour, spread by ±20 % so
 * that deliveries which failed together do not all come back together; never sooner than the receiver's Retry-After.
 */
export function retryDelayMs(input: { attempts: number; baseMs: number; retryAfterMs?: number | undefined; random?: () => number }): number {
  const exponential = Math.min(input.baseMs * 2 ** Math.max(0, input.attempts - 1), MAX_RETRY_DELAY_MS);
  const spread = exponential * (0.8 + 0.4 * (input.random ?? Math.random)());
  return Math.round(Math.max(spread, input.retryAfterMs ?? 0));
}

/** What a delivery becomes after a try: succeeded, failed, or pending until its next try within the retry window. */
export function nextStateOf(delivery: Pick<repo.DeliveryRow, 'attempts' | 'retry_until'>, result: AttemptResult, input: { at: Date; retryBaseMs: number }): Pick<repo.DeliveryRow, 'status' | 'next_attempt_at' | 'finished_at'> {
  const at = input.at.toISOString();
  if (result.verdict === 'succeeded') return { status: 'succeeded', next_attempt_at: at, finished_at: at };
  if (result.verdict === 'retry') {
    const next = new Date(input.at.getTime() + retryDelayMs({ attempts: delivery.attempts + 1, baseMs: input.retryBaseMs, retryAfterMs: result.retryAfterMs }));
    if (next.toISOString() <= delivery.retry_until) return { status: 'pending', next_attempt_at: next.toISOString(), finished_at: null };
  }
  return { status: 'failed', next_attempt_at: at, finished_at: at };
}

/**
 * Sends the webhook outbox, in every server instance at once: it claims due deliveries with a lease (repository
 * `claimDueDeliveries`, the publish scheduler's row claiming), sends each outside any transaction, and records the
 * try if its claim still holds. A delivery is thus tried by one worker at a time; one whose worker died is taken again
 * when its lease (twice the timeout) lapses, so it may reach the receiver twice, with the same `webhook-id`.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const clock = options.now ?? (() => new Date());
  const maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const leaseMs = 2 * options.timeoutMs;
  const inFlight = new Set<Promise<void>>();
  let stopping = new AbortController();
  /** The claiming under way, if any: a freed slot's or a tick's. */
  let filling: Promise<number> | undefined;
  /** A wake came while a fill was under way: it looks once more before it ends. */
  let isWanted = false;
  let isStarted = false;
  /** The last claim took as many as there were free slots: more may be due. */
  let hasBacklog = false;
  /** A wake's claiming, due shortly; later wakes join it. */
  let wakeTimer: NodeJS.Timeout | undefined;
  const report = (error: unknown) => options.onError?.(error);
  /** Tries finished since the last write: recorded together, one transaction for all of them. */
  let finished: Array<Parameters<typeof repo.finishAttempts>[1][number]> = [];
  let recording: Promise<void> | undefined;

  /** Records a finished try with the others that finished meanwhile; resolves once it is written. */
  function record(entry: (typeof finished)[number]): Promise<void> {
    finished.push(entry);
    recording ??= (async () => {
      // One turn of the event loop: the tries finishing together are written together.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = finished;
      finished = [];
      recording = undefined;
      await repo.finishAttempts(options.db, batch);
    })();
    return recording;
  }

  async function attempt(delivery: repo.ClaimedDelivery, claim: string): Promise<void> {
    const body = JSON.stringify(webhookPayloadOf(delivery, options.publicUrl));
    const result = await sendWebhook(
      { id: delivery.id, url: delivery.url, secret: delivery.secret, body },
      { allowedHosts: options.allowedHosts, resolve: options.resolve, timeoutMs: options.timeoutMs, signal: stopping.signal, now: clock },
    );
    const at = clock();
    if (stopping.signal.aborted) {
      // Cut short by a shutdown: not the receiver's doing, so not a try; another instance takes it at once.
      await repo.releaseClaim(options.db, { id: delivery.id, claim, now: at.toISOString() });
      return;
    }
    await record({
      id: delivery.id,
      claim,
      values: nextStateOf(delivery, result, { at, retryBaseMs }),
      attempt: {
        id: crypto.randomUUID(),
        delivery_id: delivery.id,
        attempted_at: new Date(at.getTime() - result.durationMs).toISOString(),
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        response: result.response,
        error: result.error?.slice(0, 500) ?? null,
      },
    });
  }

  function start(delivery: repo.ClaimedDelivery, claim: string): void {
    const running: Promise<void> = attempt(delivery, claim)
      .catch(report)
      .finally(() => {
        inFlight.delete(running);
        // A free slot while more were due than there were slots: take the next one now rather than at the next tick.
        if (hasBacklog && !stopping.signal.aborted) void fill().catch(report);
      });
    inFlight.add(running);
  }

  /** Claims due deliveries while this instance has free slots; answers how many it claimed (0 when a claiming is under way). */
  function fill(): Promise<number> {
    if (filling || stopping.signal.aborted) {
      isWanted = filling !== undefined;
      return Promise.resolve(0);
    }
    filling = claimWhileFree().finally(() => {
      filling = undefined;
    });
    return filling;
  }

  async function claimWhileFree(): Promise<number> {
    let claimed = 0;
    do {
      isWanted = false;
      while (!stopping.signal.aborted && inFlight.size < maxConcurrent) {
        const now = clock();
        const claim = crypto.randomUUID();
        const limit = maxConcurrent - inFlight.size;
        const due = await repo.claimDueDeliveries(options.db, options.dialect, { now: now.toISOString(), leaseUntil: new Date(now.getTime() + leaseMs).toISOString(), claim, limit });
        for (const delivery of due) start(delivery, claim);
        claimed += due.length;
        hasBacklog = due.length === limit;
        if (due.length < limit) break;
      }
    } while (isWanted && !stopping.signal.aborted && inFlight.size < maxConcurrent);
    return claimed;
  }

  /** Sends everything due now and waits for it (tests): tries whose retry falls due meanwhile are sent too. */
  async function runOnce(): Promise<void> {
    for (;;) {
      // A claiming already under way (a freed slot's) may still start tries: wait for it before judging what is left.
      await filling;
      const claimed = await fill();
      if (claimed === 0 && inFlight.size === 0 && filling === undefined) return;
      await Promise.all(inFlight);
    }
  }

  async function prune(): Promise<number> {
    const before = new Date(clock().getTime() - LOG_RETENTION_MS).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await repo.deleteFinishedBefore(options.db, { before, limit: PRUNE_BATCH });
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }

  const polling = createRepeatingJob({ run: fill, intervalMs: options.intervalMs, onError: report });
  const pruning = createRepeatingJob({ run: prune, intervalMs: PRUNE_INTERVAL_MS, onError: report });

  return {
    runOnce,
    prune,
    /**
     * Something was written through this instance, which may have queued deliveries (committed by now): look for due
     * ones within `WAKE_DELAY_MS` rather than at the next tick. Deliveries queued by other instances wait for this
     * one's tick.
     */
    wake(): void {
      if (!isStarted || stopping.signal.aborted || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void fill().catch(report);
      }, WAKE_DELAY_MS);
    },
    start(): void {
      if (stopping.signal.aborted) stopping = new AbortController();
      isStarted = true;
      polling.start();
      pruning.start();
    },
    /** Stops looking for work and cuts the tries under way short; their deliveries are given back, untried. */
    async stop(): Promise<void> {
      stopping.abort();
      isStarted = false;
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await Promise.all([polling.stop(), pruning.stop()]);
      await Promise.all(inFlight);
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

/** Every answer to a write through this instance wakes the worker: the write may have queued deliveries, committed by then. */
export function wakeWebhookWorkerOnWrites(app: FastifyInstance, worker: Pick<WebhookWorker, 'wake'>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    // A call that writes nothing (readsOnly: the dashboard's POSTs, presence heartbeats) queues no event.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && !request.routeOptions.config.readsOnly) worker.wake();
    return payload;
  });
}
