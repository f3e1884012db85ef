import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertEntry } from './repository.ts';

/** The events the audit log records. */
export const AUDIT_EVENTS = [
  'sign-in',
  'sign-in-failed',
  'role-override',
  'refused',
  'publish',
  'unpublish',
  'delete',
  'change-spaces',
  'set-embargo',
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
}

const clip = (value: string | undefined, length: number) => (value === undefined ? null : value.slice(0, length));

/** An id that sorts like the time it was made: the ISO time, then random digits against collisions. */
const entryId = (at: string) => `${at}-${crypto.randomBytes(6).toString('hex')}`;

/**
 * Records audit entries without making anyone wait: `record` starts the write and returns; a write that fails is
 * logged and dropped, never passed on to the call that caused it. `flush` waits for the writes under way.
 */
export function createAuditLog(options: { db: Kysely<DB>; onError: (error: unknown) => void; now?: () => Date }) {
  const clock = options.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();

  function record(entry: AuditEntry): void {
    const at = clock().toISOString();
    const write = insertEntry(options.db, {
      id: entryId(at),
      at,
      event: entry.event,
      user_id: clip(entry.userId, 255),
      client_address: clip(entry.clientAddress, 64),
      target: clip(entry.target, 300),
      outcome: entry.outcome,
      detail: JSON.stringify(entry.detail ?? {}),
    })
      .catch((error: unknown) => options.onError(error))
      .finally(() => pending.delete(write));
    pending.add(write);
  }

  async function flush(): Promise<void> {
    await Promise.all(pending);
  }

  return { record, flush };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
