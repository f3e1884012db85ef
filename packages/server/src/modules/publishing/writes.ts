import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import * as assetsRepo from '../assets/repository.ts';
import type { LocalizationRow } from '../assets/repository.ts';
import { conflict } from '../assets/versionWrites.ts';
import type { VersionMeta } from '../assets/types.ts';
import { cancelScheduled, recordExecuted, schedule } from '../lifecycle/service.ts';
import type { PublishPlan } from './check.ts';
import * as repo from './repository.ts';
import { completePendingClaims } from '../slugs/service.ts';
import { recordArchiveUse } from '../media-archive/assetUse.ts';
import { queueWebhookEvents } from '../webhooks/outbox.ts';
import { recordRevision } from '../revision-store/revisionStore.ts';

/** Who publishes: the signed-in user, or the user who scheduled a transition the scheduler runs. */
export interface Publisher {
  id: string;
  name: string;
}

type AssetLocalizationValues = Parameters<typeof assetsRepo.updateLocalizationIfVersion>[1]['values'];

/**
 * Writes a status change as one compare-and-set on the version number, like a save (assets/versionWrites.ts), with
 * its history entry: a publish never silently overwrites a save that came first, and a later save sees the publish.
 */
async function writeVersion(trx: Transaction<DB>, input: { row: LocalizationRow; by: Publisher; at: string; action: string; values: AssetLocalizationValues }): Promise<void> {
  const { row } = input;
  const written = await assetsRepo.updateLocalizationIfVersion(trx, {
    id: row.asset_id,
    locale: row.locale,
    expectedVersion: row.version,
    values: { ...input.values, updated_at: input.at, updated_by: input.by.name },
  });
  if (!written) {
    const latest = await assetsRepo.findLocalization(trx, row.asset_id, row.locale);
    if (!latest) throw notFound(`No asset ${row.asset_id} in locale ${row.locale}.`);
    throw conflict(latest);
  }
  // A mark on the version's timeline of revisions: the content stays as it was.
  await recordRevision(trx, { id: row.asset_id, locale: row.locale, version: row.version + 1, action: input.action, by: input.by, at: input.at, previous: row.content, content: row.content, changedProperties: [], ifMatch: null });
}

/** The stored content becomes the published one: nothing is left changed (spec 000 §4 unpublished-change count). */
async function writePublished(trx: Transaction<DB>, input: { row: LocalizationRow; by: Publisher; at: string; publishEnd: string | null }): Promise<void> {
  const { row, at } = input;
  const meta: VersionMeta = { ...(JSON.parse(row.meta) as VersionMeta), previewedProperties: [] };
  await writeVersion(trx, {
    row,
    by: input.by,
    at,
    action: 'publish',
    values: {
      status: 'published',
      published_content: row.content,
      changed_properties: '[]',
      meta: JSON.stringify(meta),
      first_published_at: row.first_published_at ?? at,
      last_published_at: at,
      publish_start: at,
      publish_end: input.publishEnd,
    },
  });
  // Spec 000 §3: the archive items the published content uses were last published now.
  await recordArchiveUse(trx, { assetId: row.asset_id, content: JSON.parse(row.content) as unknown, publishedAt: at });
}

/**
 * Publishes a plan now (spec 002 §4): the asset, then each unpublished version it references, each with its own
 * history entry and EXECUTED transition. `unpublishAt` replaces the asset's scheduled unpublish (null drops it);
 * `keep` leaves it as it is (the scheduler running a publish scheduled together with an unpublish).
 * `runningTransitionId` is the scheduled transition being run, which becomes the executed one.
 */
export async function publishPlanNow(
  trx: Transaction<DB>,
  input: { plan: PublishPlan; by: Publisher; at: string; unpublishAt: string | null | 'keep'; runningTransitionId?: string | undefined },
): Promise<void> {
  const [self, ...references] = input.plan.toPublish;
  if (!self) return;
  const { row } = self;
  const key = { assetId: row.asset_id, locale: row.locale };
  await writePublished(trx, { row, by: input.by, at: input.at, publishEnd: input.unpublishAt === 'keep' ? row.publish_end : input.unpublishAt });
  // Spec 000 §3: a URI title claimed while another asset held it moves to this version now that it is published.
  await completePendingClaims(trx, key);
  if (input.runningTransitionId) await repo.finishTransition(trx, { id: input.runningTransitionId, status: 'EXECUTED', at: input.at, message: null });
  else await recordExecuted(trx, { ...key, to: 'PUBLISHED', user: input.by.name, at: input.at });
  await cancelScheduled(trx, { ...key, to: 'PUBLISHED' });
  if (input.unpublishAt !== 'keep') {
    if (input.unpublishAt) await schedule(trx, { ...key, to: 'UNPUBLISHED', dueAt: input.unpublishAt, user: input.by.name, userId: input.by.id });
    else await cancelScheduled(trx, { ...key, to: 'UNPUBLISHED' });
  }
  for (const reference of references) {
    await writePublished(trx, { row: reference.row, by: input.by, at: input.at, publishEnd: reference.row.publish_end });
    await completePendingClaims(trx, { assetId: reference.row.asset_id, locale: reference.row.locale });
    await recordExecuted(trx, { assetId: reference.row.asset_id, locale: reference.row.locale, to: 'PUBLISHED', user: input.by.name, at: input.at });
  }
  const type = input.runningTransitionId ? 'asset.scheduled-publish.executed' : 'asset.published';
  await queueWebhookEvents(trx, input.plan.toPublish.map((version) => ({ type, assetId: version.row.asset_id, locale: version.row.locale, stencil: version.row.stencil })));
}

/** Schedules a publish for `startDate` and, when given, an unpublish for `endDate` (spec 002 §4 publish form). */
export async function schedulePublish(trx: Transaction<DB>, input: { row: LocalizationRow; by: Publisher; at: string; startDate: string; endDate: string | null }): Promise<void> {
  const { row } = input;
  const key = { assetId: row.asset_id, locale: row.locale };
  await writeVersion(trx, { row, by: input.by, at: input.at, action: 'schedule-publish', values: { publish_start: input.startDate, publish_end: input.endDate } });
  await schedule(trx, { ...key, to: 'PUBLISHED', dueAt: input.startDate, user: input.by.name, userId: input.by.id });
  if (input.endDate) await schedule(trx, { ...key, to: 'UNPUBLISHED', dueAt: input.endDate, user: input.by.name, userId: input.by.id });
  else await cancelScheduled(trx, { ...key, to: 'UNPUBLISHED' });
}

/**
 * Unpublishes a version now. A user's unpublish drops every scheduled transition of the version; the scheduler's
 * (`runningTransitionId`) turns its transition into the executed one and leaves a later scheduled publish in place.
 */
export async function unpublishNow(trx: Transaction<DB>, input: { row: LocalizationRow; by: Publisher; at: string; runningTransitionId?: string | undefined }): Promise<void> {
  const { row } = input;
  const key = { assetId: row.asset_id, locale: row.locale };
  // A user's unpublish cancels a scheduled publish too, so its date goes; the scheduler's leaves a later one standing.
  const dates = input.runningTransitionId ? { publish_end: null } : { publish_start: null, publish_end: null };
  await writeVersion(trx, { row, by: input.by, at: input.at, action: 'unpublish', values: { status: 'unpublished', ...dates } });
  await queueWebhookEvents(trx, [{ type: input.runningTransitionId ? 'asset.scheduled-unpublish.executed' : 'asset.unpublished', assetId: row.asset_id, locale: row.locale, stencil: row.stencil }]);
  if (input.runningTransitionId) {
    await repo.finishTransition(trx, { id: input.runningTransitionId, status: 'EXECUTED', at: input.at, message: null });
    return;
  }
  await recordExecuted(trx, { ...key, to: 'UNPUBLISHED', user: input.by.name, at: input.at });
  await cancelScheduled(trx, key);
}
