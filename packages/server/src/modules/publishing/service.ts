import type { Kysely, Transaction } from 'kysely';
import { UNPUBLISH_DATE_REQUIRED_STENCILS, VALIDATION_MESSAGES, mayUseLink, type PublishBody, type PublishCheckResponse, type StencilDefinition } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import * as assetsRepo from '../assets/repository.ts';
import type { AssetsService } from '../assets/service.ts';
import type { LocalizationRow } from '../assets/repository.ts';
import type { Actor, LoadedVersion, StencilLookup } from '../assets/types.ts';
import type { TransitionRow } from '../lifecycle/repository.ts';
import { findUser } from '../users/repository.ts';
import { storedRights } from '../users/service.ts';
import { planProblems, planPublish, type MayPublish, type MayRead, type PublishPlan } from './check.ts';
import { publishPlanNow, schedulePublish, unpublishNow, type Publisher } from './writes.ts';

export interface PublishingServiceOptions {
  db: Kysely<DB>;
  assets: AssetsService;
  stencils: StencilLookup;
  /** The clock; tests move it. */
  now?: () => Date;
}

/** A scheduled transition that cannot run; its message is stored on the transition (status ERROR). */
export class TransitionFailed extends Error {}

/** How often a publish is retried when a concurrent save wins the compare-and-set in between. */
const WRITE_ATTEMPTS = 3;

interface PublishDates {
  /** A future publish date; null publishes now. */
  startDate: string | null;
  endDate: string | null;
}

function parseDate(field: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`${field} must be an ISO-8601 date; got ${value}.`);
  return date;
}

/** Whether a moment lies inside the asset's embargo window (either end may be open). */
function isWithinEmbargo(at: Date, embargo: { embargo_start: string | null; embargo_end: string | null }): boolean {
  if (embargo.embargo_start && at < new Date(embargo.embargo_start)) return false;
  if (embargo.embargo_end && at > new Date(embargo.embargo_end)) return false;
  return true;
}

/**
 * Spec 002 §4, §5 publish dates: a start date in the past is dropped (publish now); some stencils need an unpublish
 * date; the unpublish date comes after the publish; both lie within the asset's embargo dates.
 */
function resolveDates(body: PublishBody, input: { now: Date; stencil: string; embargo: { embargo_start: string | null; embargo_end: string | null } }): PublishDates {
  const requestedStart = parseDate('publishSchedule.startDate', body.publishSchedule?.startDate);
  const end = parseDate('publishSchedule.endDate', body.publishSchedule?.endDate);
  const start = requestedStart && requestedStart > input.now ? requestedStart : null;
  if (!end && UNPUBLISH_DATE_REQUIRED_STENCILS.includes(input.stencil)) throw badRequest(VALIDATION_MESSAGES.unpublishDateRequired);
  const publishAt = start ?? input.now;
  if (end && end <= publishAt) throw badRequest('The unpublish date must be after the publish date.');
  if (!isWithinEmbargo(publishAt, input.embargo) || (end && !isWithinEmbargo(end, input.embargo))) throw badRequest(VALIDATION_MESSAGES.publishDatesOutsideEmbargo);
  return { startDate: start?.toISOString() ?? null, endDate: end?.toISOString() ?? null };
}

function notReady(plan: PublishPlan): HttpError {
  return new HttpError(409, planProblems(plan), { code: 'not-ready-to-publish' });
}

/** Retries a write when a concurrent save changed the version between reading and writing it. */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(attempt < WRITE_ATTEMPTS && error instanceof HttpError && error.status === 412)) throw error;
    }
  }
}

const publisherOf = (actor: Actor): Publisher => ({ id: actor.identity.id, name: actor.identity.name });

/** The user id the scheduler writes history with; the name is that of the user who scheduled. */
export const SCHEDULER_USER_ID = 'scheduler';

/**
 * Who the scheduler acts for: the user who scheduled the transition, with the rights their user row holds now
 * (refreshed at each sign-in), so a space or role lost since then counts. Undefined for a row from before
 * transitions named their user (migration 023): it runs as it always did, without checking rights.
 */
async function schedulingActor(trx: Transaction<DB>, transition: TransitionRow): Promise<Actor | undefined> {
  if (transition.user_id === null) return undefined;
  const user = await findUser(trx, transition.user_id);
  if (!user) throw new TransitionFailed(`${transition.user_name}, who scheduled this, is not a known user.`);
  const rights = storedRights(user);
  return { identity: { id: user.id, name: user.name, email: user.email, shortname: user.shortname, rights }, rights };
}

export function createPublishingService(options: PublishingServiceOptions) {
  const { db, assets, stencils } = options;
  const clock = options.now ?? (() => new Date());

  /** The version, if its link offers the actor the call: 404 when they cannot read it, 403 without the publish right. */
  async function loadPublishable(actor: Actor, key: { id: string; locale: string }, call: { link: 'p:publish' | 'p:publishcheck'; method: 'POST' | 'GET' }): Promise<LoadedVersion> {
    const version = await assets.load(actor, key.id, key.locale);
    assets.authorize(actor, version, { ...call, refusal: 'You may not publish this asset.' });
    return version;
  }

  /** A referenced version is published with the asset only if the actor could publish it on its own. */
  const userMayPublish =
    (actor: Actor): MayPublish =>
    (target) =>
      mayUseLink(assets.rightsOn(actor, { stencil: target.stencil, spaces: target.spaces, localization: target.row }), 'p:publish', 'POST');

  /** What the actor may read and publish among the references: a reference they may not read is as good as missing. */
  const userAccess = (actor: Actor): { mayRead: MayRead; mayPublish: MayPublish } => ({ mayRead: (target) => assets.mayRead(actor, target), mayPublish: userMayPublish(actor) });

  function planFor(
    executor: Kysely<DB> | Transaction<DB>,
    version: Pick<LoadedVersion, 'localization' | 'stencil'>,
    access: { mayRead: MayRead; mayPublish: MayPublish },
    now: Date,
  ): Promise<PublishPlan> {
    return planPublish(executor, { row: version.localization, stencil: version.stencil, stencils, now, ...access });
  }

  /** Spec 002 §4 publish check (`GET` on `p:publishcheck`). */
  async function check(actor: Actor, key: { id: string; locale: string }): Promise<PublishCheckResponse> {
    const version = await loadPublishable(actor, key, { link: 'p:publishcheck', method: 'GET' });
    return (await planFor(db, version, userAccess(actor), clock())).response;
  }

  /**
   * Spec 002 §4 publish (`POST` on `p:publish`): now, with the unpublished versions it references, or scheduled for
   * a future start date. Answers the version and whether it was published or scheduled.
   */
  async function publish(actor: Actor, key: { id: string; locale: string }, body: PublishBody): Promise<{ version: LoadedVersion; action: 'publish' | 'schedule-publish' }> {
    const action = await withRetry(async () => {
      const current = await loadPublishable(actor, key, { link: 'p:publish', method: 'POST' });
      const now = clock();
      const dates = resolveDates(body, { now, stencil: current.stencil.name, embargo: current.asset });
      const plan = await planFor(db, current, userAccess(actor), now);
      if (!plan.response.readyToPublish) throw notReady(plan);
      const by = publisherOf(actor);
      const at = now.toISOString();
      const startDate = dates.startDate;
      await db.transaction().execute(async (trx) => {
        if (startDate) await schedulePublish(trx, { row: current.localization, by, at, startDate, endDate: dates.endDate });
        else await publishPlanNow(trx, { plan, by, at, unpublishAt: dates.endDate });
      });
      return startDate ? 'schedule-publish' : 'publish';
    });
    return { version: await assets.load(actor, key.id, key.locale, true), action };
  }

  /** Spec 000 §7 unpublish (`POST` on `p:depublish`): needs the depublish right, which only a published version offers. */
  async function depublish(actor: Actor, key: { id: string; locale: string }): Promise<LoadedVersion> {
    await withRetry(async () => {
      const current = await assets.load(actor, key.id, key.locale);
      assets.authorize(actor, current, {
        link: 'p:depublish',
        method: 'POST',
        refusal: current.localization.status === 'published' ? 'You may not unpublish this asset.' : 'Only a published asset can be unpublished.',
      });
      await db.transaction().execute((trx) => unpublishNow(trx, { row: current.localization, by: publisherOf(actor), at: clock().toISOString() }));
    });
    return assets.load(actor, key.id, key.locale, true);
  }

  function installedStencil(row: LocalizationRow): StencilDefinition {
    const stencil = stencils.get(row.stencil);
    if (!stencil) throw new TransitionFailed(`The stencil "${row.stencil}" of this asset is not installed.`);
    return stencil;
  }

  /** Fails the transition unless the version's link still offers its scheduling user the call (spec 000 §6). */
  async function requireScheduledRight(trx: Transaction<DB>, input: { actor: Actor; transition: TransitionRow; row: LocalizationRow; link: 'p:publish' | 'p:depublish' }): Promise<void> {
    const spaces = (await assetsRepo.findSpaces(trx, [input.row.asset_id])).get(input.row.asset_id) ?? [];
    const version = { stencil: installedStencil(input.row), spaces, localization: input.row };
    if (mayUseLink(assets.rightsOn(input.actor, version), input.link, 'POST')) return;
    const verb = input.link === 'p:publish' ? 'publish' : 'unpublish';
    throw new TransitionFailed(`${input.transition.user_name}, who scheduled this, may no longer ${verb} this asset.`);
  }

  /**
   * Runs one due transition inside the scheduler's transaction, the same writes as a user's publish or unpublish, in
   * the name of the user who scheduled it and with their rights as stored now: references they may not read are
   * left out as in their publish now, and a version they may no longer publish or unpublish fails the transition.
   * Throws TransitionFailed when it cannot run.
   */
  async function runScheduledTransition(trx: Transaction<DB>, transition: TransitionRow, now: Date): Promise<void> {
    const row = await assetsRepo.findLocalization(trx, transition.asset_id, transition.locale);
    if (!row) throw new TransitionFailed('The asset version no longer exists.');
    const actor = await schedulingActor(trx, transition);
    const by: Publisher = { id: SCHEDULER_USER_ID, name: transition.user_name };
    const at = now.toISOString();
    if (transition.transition_to === 'UNPUBLISHED') {
      if (row.status !== 'published') throw new TransitionFailed('The asset is not published.');
      if (actor) await requireScheduledRight(trx, { actor, transition, row, link: 'p:depublish' });
      await unpublishNow(trx, { row, by, at, runningTransitionId: transition.id });
      return;
    }
    const stencil = installedStencil(row);
    if (actor) await requireScheduledRight(trx, { actor, transition, row, link: 'p:publish' });
    const asset = await assetsRepo.findAsset(trx, transition.asset_id);
    if (asset && !isWithinEmbargo(now, asset)) throw new TransitionFailed(VALIDATION_MESSAGES.publishDatesOutsideEmbargo);
    // A row without a user (from before migration 023) checks no rights, as the scheduler always did: a deliberate
    // bypass, because the row does not say whose rights to use.
    const access = actor ? userAccess(actor) : { mayRead: () => true, mayPublish: () => true };
    const plan = await planFor(trx, { localization: row, stencil }, access, now);
    if (!plan.response.readyToPublish) throw new TransitionFailed(planProblems(plan).join(' '));
    await publishPlanNow(trx, { plan, by, at, unpublishAt: 'keep', runningTransitionId: transition.id });
  }

  return { check, publish, depublish, runScheduledTransition };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
