import type { Kysely, Transaction } from 'kysely';
import { TRANSLATION_TEXTS, resolveLocale, validateContent, type PublishCheckItem, type PublishCheckResponse, type StencilDefinition, type ValidationError } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import * as assetsRepo from '../assets/repository.ts';
import type { AssetRow, LocalizationRow } from '../assets/repository.ts';
import { parseContent } from '../assets/content.ts';
import { valuesOf } from '../assets/derived.ts';
import type { StencilLookup } from '../assets/types.ts';
import * as repo from './repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A version the check looked at, with what publishing it needs. */
export interface CheckedVersion {
  row: LocalizationRow;
  stencil: StencilDefinition | undefined;
  errors: ValidationError[];
}

/** The publish check (spec 002 §4) with the versions that would be published: the asset first, then its references. */
export interface PublishPlan {
  response: PublishCheckResponse;
  toPublish: CheckedVersion[];
}

/** Whether the one checking may publish a referenced version; the scheduler acts for the user who scheduled. */
export type MayPublish = (target: { row: LocalizationRow; spaces: string[]; stencil: StencilDefinition }) => boolean;

/** Whether the one checking may read a referenced asset; one they may not is treated as if it did not exist. */
export type MayRead = (target: { spaces: readonly string[] }) => boolean;

const NOT_INSTALLED = 'The stencil of this asset is not installed.';
const NOT_YOURS = 'You may not publish this asset.';

/** An AI translation nobody has accepted yet is not published (spec 000 §1: an AI draft must be confirmed). */
function needsAiConfirmation(row: LocalizationRow): boolean {
  return (JSON.parse(row.meta) as { aiTranslationNeedsConfirmation?: boolean }).aiTranslationNeedsConfirmation === true;
}

function errorsOf(stencil: StencilDefinition | undefined, row: LocalizationRow): ValidationError[] {
  if (!stencil) return [{ path: '', message: NOT_INSTALLED }];
  const errors = validateContent(stencil, valuesOf(parseContent(row.content)));
  return needsAiConfirmation(row) ? [...errors, { path: '', message: TRANSLATION_TEXTS.acceptBeforePublishing }] : errors;
}

function itemOf(version: CheckedVersion): PublishCheckItem {
  const { row } = version;
  return { id: row.asset_id, localization: row.locale, stencil: row.stencil, title: row.title, status: row.status, errorMessages: version.errors };
}

/**
 * Spec 002 §4 publish check of one version: its own errors, and for each asset it references (asset_reference),
 * the version in the same locale or else the most relevant one (spec 000 §4 fallback order). Published references
 * are fine; a reference with a scheduled publish or unpublish is reported as such; one under an embargo that has
 * not started stops the publish; the other unpublished ones are published with it, and their errors stop it too.
 */
export async function planPublish(
  db: Executor,
  input: { row: LocalizationRow; stencil: StencilDefinition; stencils: StencilLookup; now: Date; mayRead: MayRead; mayPublish: MayPublish },
): Promise<PublishPlan> {
  const key = { id: input.row.asset_id, locale: input.row.locale };
  const self: CheckedVersion = { row: input.row, stencil: input.stencil, errors: errorsOf(input.stencil, input.row) };
  const targetIds = await repo.listReferencedAssetIds(db, key);
  const [{ assets, versions }, spaces] = await Promise.all([repo.findAssetsWithVersions(db, targetIds), assetsRepo.findSpaces(db, targetIds)]);
  const assetById = new Map<string, AssetRow>(assets.map((asset) => [asset.id, asset]));
  const targets: LocalizationRow[] = [];
  for (const id of targetIds) {
    // An asset the user may not read is not described at all: it is checked as a missing one is (spec 000 §6).
    if (!input.mayRead({ spaces: spaces.get(id) ?? [] })) continue;
    const own = versions.filter((version) => version.asset_id === id);
    const locale = resolveLocale(key.locale, own.map((version) => version.locale));
    const target = own.find((version) => version.locale === locale);
    // A reference to an asset that is gone is the asset's own validation matter, not the publish's.
    if (target) targets.push(target);
  }
  const scheduled = await repo.listScheduledOf(db, targets.map((row) => ({ id: row.asset_id, locale: row.locale })));
  const isScheduled = (row: LocalizationRow, to: 'PUBLISHED' | 'UNPUBLISHED') =>
    scheduled.some((transition) => transition.asset_id === row.asset_id && transition.locale === row.locale && transition.transition_to === to);

  const response: PublishCheckResponse = {
    readyToPublish: true,
    alreadyScheduledRelations: [],
    unpublishScheduledRelations: [],
    embargoRestrictedRelations: [],
    errorItems: [],
    items: [],
  };
  const toPublish: CheckedVersion[] = [self];
  const nowIso = input.now.toISOString();
  for (const row of targets) {
    const relation = { id: row.asset_id, localization: row.locale };
    const embargoStart = assetById.get(row.asset_id)?.embargo_start;
    if (embargoStart && embargoStart > nowIso) response.embargoRestrictedRelations.push(relation);
    if (isScheduled(row, 'UNPUBLISHED')) response.unpublishScheduledRelations.push(relation);
    if (isScheduled(row, 'PUBLISHED')) {
      response.alreadyScheduledRelations.push(relation);
      continue;
    }
    if (row.status === 'published') continue;
    const stencil = input.stencils.get(row.stencil);
    const errors = errorsOf(stencil, row);
    if (stencil && !input.mayPublish({ row, spaces: spaces.get(row.asset_id) ?? [], stencil })) errors.push({ path: '', message: NOT_YOURS });
    toPublish.push({ row, stencil, errors });
  }
  response.items = toPublish.map(itemOf);
  response.errorItems = toPublish.filter((version) => version.errors.length > 0).map(itemOf);
  response.readyToPublish = response.errorItems.length === 0 && response.embargoRestrictedRelations.length === 0;
  return { response, toPublish };
}

/** The reason a plan cannot be carried out, first error first: for a 409 body or a failed transition's message. */
export function planProblems(plan: PublishPlan): string[] {
  const problems = plan.response.errorItems.flatMap((item) =>
    item.errorMessages.map((error) => `${item.title || item.id} (${item.localization})${error.path ? ` ${error.path}` : ''}: ${error.message}`),
  );
  for (const relation of plan.response.embargoRestrictedRelations) problems.push(`${relation.id} (${relation.localization}): the embargo of this referenced asset does not allow publishing yet.`);
  return problems;
}
