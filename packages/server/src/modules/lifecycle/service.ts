import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TransitionTo } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor, LoadedVersion } from '../assets/types.ts';
import * as repo from './repository.ts';
import type { Executor, TransitionRow } from './repository.ts';
import type { AssetStatus, ScheduleResponse } from '@editor/domain';

/** One version of an asset. */
interface VersionKey {
  assetId: string;
  locale: string;
}

function isoOf(field: string, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`${field} must be an ISO-8601 date; got ${value}.`);
  return date.toISOString();
}

/** Runs `work` in the caller's transaction, or in a new one. */
async function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Records a publish or unpublish that has happened, for the History section of the Lifecycle tab (spec 002 §2).
 * Pass the transaction of the write that published, so both are stored or neither.
 */
export async function recordExecuted(db: Executor, input: VersionKey & { to: TransitionTo; user: string; at: string; message?: string | undefined }): Promise<TransitionRow> {
  const at = isoOf('at', input.at);
  const row: TransitionRow = {
    id: crypto.randomUUID(),
    asset_id: input.assetId,
    locale: input.locale,
    transition_to: input.to,
    status: 'EXECUTED',
    due_at: at,
    executed_at: at,
    message: input.message ?? null,
    user_name: input.user,
    user_id: null,
    created_at: new Date().toISOString(),
  };
  await repo.insertTransition(db, row);
  return row;
}

/**
 * Schedules a publish or unpublish of a version for `dueAt` (the Upcoming section of the Lifecycle tab). A version
 * has at most one scheduled transition per direction: a new schedule replaces the one before. `userId` is who
 * schedules it: the scheduler runs it with that user's rights when it falls due.
 */
export async function schedule(db: Executor, input: VersionKey & { to: TransitionTo; dueAt: string; user: string; userId: string | null }): Promise<TransitionRow> {
  const row: TransitionRow = {
    id: crypto.randomUUID(),
    asset_id: input.assetId,
    locale: input.locale,
    transition_to: input.to,
    status: 'SCHEDULED',
    due_at: isoOf('dueAt', input.dueAt),
    executed_at: null,
    message: null,
    user_name: input.user,
    user_id: input.userId,
    created_at: new Date().toISOString(),
  };
  await inTransaction(db, async (trx) => {
    await repo.deleteScheduled(trx, { id: input.assetId, locale: input.locale, to: input.to });
    await repo.insertTransition(trx, row);
  });
  return row;
}

/** Drops the scheduled transitions of a version, of one direction or both; answers how many were dropped. */
export async function cancelScheduled(db: Executor, input: VersionKey & { to?: TransitionTo | undefined }): Promise<number> {
  return repo.deleteScheduled(db, { id: input.assetId, locale: input.locale, to: input.to });
}

export interface LifecycleServiceOptions {
  db: Kysely<DB>;
  assets: Pick<AssetsService, 'load'>;
}

export function createLifecycleService(options: LifecycleServiceOptions) {
  /** Spec 000 §7 lifecycle: a version the user may read (404 otherwise) with its transitions. */
  async function read(actor: Actor, key: { id: string; locale: string }): Promise<{ version: LoadedVersion; transitions: TransitionRow[] }> {
    const version = await options.assets.load(actor, key.id, key.locale);
    return { version, transitions: await repo.listTransitions(options.db, key) };
  }

  /**
   * Spec 001 §4 Schedule: the scheduled publish and unpublish transitions of versions the user may read (their
   * spaces) in the given locales (their own when none are given), soonest first.
   */
  async function scheduleEntries(actor: Actor, input: { locales?: readonly string[] | undefined; limit: number; offset: number }): Promise<ScheduleResponse> {
    const rows = await repo.listScheduleEntries(options.db, {
      locales: input.locales ?? actor.rights.localizations,
      spaces: actor.rights.spaces,
      limit: input.limit,
      offset: input.offset,
    });
    return {
      scheduledAssets: rows.map((row) => ({
        assetLocalization: { id: row.asset_id, localization: row.locale, title: row.title, stencil: row.stencil, status: row.status as AssetStatus },
        transitionTo: row.transition_to === 'PUBLISHED' ? 'published' : 'unpublished',
        unixTimestamp: Math.floor(Date.parse(row.due_at) / 1000),
      })),
    };
  }

  return { read, scheduleEntries };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
