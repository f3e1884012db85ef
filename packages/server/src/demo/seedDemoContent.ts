import type { Kysely } from 'kysely';
import type { StencilDefinition } from '@editor/domain';
import type { Config } from '../config.ts';
import { dialectOf } from '../db/dialects/dialect.ts';
import { writeSearchEntriesFromColumns } from '../db/dialects/fullText.ts';
import type { DB } from '../db/schema.ts';
import * as repo from '../modules/assets/repository.ts';
import { insertTransitionRows } from '../modules/lifecycle/repository.ts';
import { createImageStore } from '../modules/media/imageStore.ts';
import { createBlobStores } from '../storage/storageConfig.ts';
import { createDemoImages } from './demoImages.ts';
import { DEFAULT_DEMO_VERSIONS, planDemoContent, type DemoPlan } from './demoPlan.ts';

/** The seed number of the demo content a fresh installation gets. */
export const DEMO_SEED = 1;
/** Distinct generated images (about 1 MB together). */
export const DEMO_IMAGE_COUNT = 32;

export interface SeedOptions {
  db: Kysely<DB>;
  /** Images go to `<dataDir>/media`. */
  dataDir: string;
  registry: { all(): readonly StencilDefinition[] };
  config: Pick<Config, 'spaces' | 'localizations' | 'features'> & Partial<Pick<Config, 'storage'>>;
  /** The same seed gives the same content (dates relative to `now`). */
  seed?: number;
  /** At least this many asset versions. */
  versions?: number;
  now?: Date;
}

export interface SeedSummary {
  assets: number;
  versions: number;
  historyEntries: number;
  bookmarks: number;
  /** Publish and unpublish transitions, executed and scheduled. */
  transitions: number;
  images: number;
  /** Versions whose content breaks a validation rule on purpose. */
  withErrors: number;
  aiDrafts: number;
  /** Versions with a publish or unpublish date in the future. */
  scheduled: number;
  byStatus: Record<string, number>;
  byLocale: Record<string, number>;
  byStencil: Record<string, number>;
  milliseconds: number;
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).toSorted(([, a], [, b]) => b - a));
}

export function summarise(plan: DemoPlan, input: { images: number; now: Date; milliseconds: number }): SeedSummary {
  const now = input.now.toISOString();
  const aiDrafts = new Set(plan.localizations.filter((row) => row.status === 'draft' && row.meta.includes('"aiTranslationNeedsConfirmation":true')));
  return {
    assets: plan.assets.length,
    versions: plan.localizations.length,
    historyEntries: plan.history.length,
    bookmarks: plan.bookmarks.length,
    transitions: plan.transitions.length,
    images: input.images,
    withErrors: plan.broken.length,
    aiDrafts: aiDrafts.size,
    scheduled: plan.localizations.filter((row) => (row.publish_start ?? '') > now || (row.publish_end ?? '') > now).length,
    byStatus: countBy(plan.localizations, (row) => (aiDrafts.has(row) ? 'ai-draft' : row.status)),
    byLocale: countBy(plan.localizations, (row) => row.locale),
    byStencil: countBy(plan.localizations, (row) => row.stencil),
    milliseconds: input.milliseconds,
  };
}

/**
 * Writes the demo content (DESIGN §1: demo content in several spaces and locales): generated images into the image
 * store, then every row in one transaction. The same seed number always gives the same content, so tests and
 * benchmarks can count on it; `versions` scales it.
 */
export async function seedDemoContent(options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEMO_SEED;
  const images = await createDemoImages({ images: createImageStore({ dataDir: options.dataDir, originals: createBlobStores({ storage: options.config.storage ?? { kind: 'disk' }, dataDir: options.dataDir }).originals }), seed, count: DEMO_IMAGE_COUNT });
  const plan = planDemoContent({
    seed,
    versions: options.versions ?? DEFAULT_DEMO_VERSIONS,
    now,
    stencils: options.registry.all(),
    spaces: options.config.spaces,
    localizations: options.config.localizations,
    features: options.config.features,
    images,
  });
  // dialectOf reads only the adapter, whatever the tables.
  const dialect = dialectOf(options.db);
  await options.db.transaction().execute(async (trx) => {
    await repo.insertAssetRows(trx, plan.assets);
    await repo.insertSpaceRows(trx, plan.spaces);
    await repo.insertLocalizationRows(trx, plan.localizations);
    await repo.insertReferenceRows(trx, plan.references);
    await repo.insertHistoryRows(trx, plan.history);
    await repo.insertBookmarkRows(trx, plan.bookmarks);
    await insertTransitionRows(trx, plan.transitions);
    await writeSearchEntriesFromColumns(trx, dialect, plan.assets.map((asset) => asset.id));
  });
  return summarise(plan, { images: images.length, now, milliseconds: Math.round(performance.now() - started) });
}

/**
 * Seeds the demo content when the database has no assets yet (the first start of an installation); answers
 * undefined otherwise. Two instances starting at once on one empty database both try: the ids of a seed are
 * fixed, so the second transaction fails on them and is taken as "already seeded".
 */
export async function seedDemoContentIfEmpty(options: SeedOptions): Promise<SeedSummary | undefined> {
  if ((await repo.countAssets(options.db)) > 0) return undefined;
  try {
    return await seedDemoContent(options);
  } catch (error) {
    if ((await repo.countAssets(options.db)) > 0) return undefined;
    throw error;
  }
}
