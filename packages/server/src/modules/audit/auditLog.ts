import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addRefusalCounts, insertEntry, type AuditRow } from './repository.ts';

/** The events the audit log records. */
export const AUDIT_EVENTS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-unlock',
  'role-override',
  'refused',
  'rate-limited',
  'publish',
  'unpublish',
  'delete',
  'change-spaces',
  'set-embargo',
  'delivery-key-create',
  'delivery-key-update',
  'delivery-key-revoke',
  'webhook-create',
  'webhook-update',
  'webhook-delete',
  'webhook-resend',
  'webhook-test',
  'reference-data-create',
  'reference-data-update',
  'reference-data-delete',
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** `success`: it happened; `refused`: the rights or the sign-in said no; `failure`: it was tried and did not happen. */
export type AuditOutcome = 'success' | 'refused' | 'failure';

export interface AuditEntry {
  event: AuditEvent;
  outcome: AuditOutcome;
  userId?: string | undefined;
  clientAddress?: string | undefined;
  /** What the event was about: `{asset id}/{locale}`, `{asset id}`, or a user name. */
  target?: string | undefined;
  /** A few facts, never a secret (no password, no token). */
  detail?: Record<string, unknown>;
  /** Which refusals are alike and counted in one entry (with the minute, address and user); the detail when not given. */
  reason?: string | undefined;
}

const MINUTE_MS = 60_000;
/** How many kinds of refusal one instance counts before it writes them early, whatever the minute. */
const MAX_COUNTED = 5000;

const clip = (value: string | undefined, length: number) => (value === undefined ? null : value.slice(0, length));

/** An id that sorts like the time it was made: the ISO time, then random digits against collisions. */
const entryId = (at: string) => `${at}-${crypto.randomBytes(6).toString('hex')}`;

/** The id of a minute's entry of alike refusals: the same on every instance, so their counts meet in one row. */
const countedId = (minute: string, group: string) => `${minute}-r${crypto.createHash('sha256').update(group).digest('hex').slice(0, 16)}`;

/**
 * Records audit entries without making anyone wait: `record` starts the write and returns; a write that fails is
 * logged and dropped, never passed on to the call that caused it. A refusal (outcome `refused`) makes no entry of its
 * own: alike refusals of one minute, address and user are counted in memory and written as one entry with its count
 * once a minute (or at `flush`), added to what other instances counted of them. `flush` waits for the writes under way.
 */
export function createAuditLog(options: { db: Kysely<DB>; onError: (error: unknown) => void; now?: () => Date; flushIntervalMs?: number }) {
  const clock = options.now ?? (() => new Date());
  const flushIntervalMs = options.flushIntervalMs ?? MINUTE_MS;
  const pending = new Set<Promise<void>>();
  let counted = new Map<string, AuditRow>();
  let timer: NodeJS.Timeout | undefined;

  function track(write: Promise<void>): void {
    const tracked = write.catch((error: unknown) => options.onError(error)).finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  function writeCounts(): void {
    clearTimeout(timer);
    timer = undefined;
    if (counted.size === 0) return;
    const rows = [...counted.values()];
    counted = new Map();
    track(addRefusalCounts(options.db, rows));
  }

  function count(entry: AuditEntry, time: Date): void {
    const at = time.toISOString();
    const minute = new Date(Math.floor(time.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
    const userId = clip(entry.userId, 255);
    const clientAddress = clip(entry.clientAddress, 64);
    const group = [minute, entry.event, clientAddress ?? '', userId ?? '', entry.reason ?? JSON.stringify(entry.detail ?? {})].join('\n');
    const known = counted.get(group);
    if (known) {
      known.count += 1;
      known.last_at = at;
      return;
    }
    counted.set(group, {
      id: countedId(minute, group),
      at: minute,
      event: entry.event,
      user_id: userId,
      client_address: clientAddress,
      // The first refusal's target and detail stand for the others.
      target: clip(entry.target, 300),
      outcome: entry.outcome,
      detail: JSON.stringify(entry.detail ?? {}),
      count: 1,
      first_at: at,
      last_at: at,
    });
    if (counted.size >= MAX_COUNTED) writeCounts();
    else if (!timer) timer = setTimeout(writeCounts, flushIntervalMs).unref();
  }

  function record(entry: AuditEntry): void {
    const time = clock();
    if (entry.outcome === 'refused') {
      count(entry, time);
      return;
    }
    const at = time.toISOString();
    track(
      insertEntry(options.db, {
        id: entryId(at),
        at,
        event: entry.event,
        user_id: clip(entry.userId, 255),
        client_address: clip(entry.clientAddress, 64),
        target: clip(entry.target, 300),
        outcome: entry.outcome,
        detail: JSON.stringify(entry.detail ?? {}),
      }),
    );
  }

  /** Writes the refusals counted so far and waits for every write under way. */
  async function flush(): Promise<void> {
    writeCounts();
    await Promise.all(pending);
  }

  return { record, flush };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
