import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A lock older than this belongs to a translation whose server went away; the next request may take it over. */
export const ABANDONED_LOCK_MS = 5 * 60_000;

export interface HeldLock {
  assetId: string;
  locale: string;
  token: string;
}

/**
 * Takes the translation lock of an asset's target locale, or answers undefined when another translation holds it.
 * The primary key decides between concurrent takers on every instance; an abandoned lock is cleared first.
 */
export async function acquireTranslationLock(db: Kysely<DB>, input: { assetId: string; locale: string; userName: string; now: Date }): Promise<HeldLock | undefined> {
  const abandonedBefore = new Date(input.now.getTime() - ABANDONED_LOCK_MS).toISOString();
  await db.deleteFrom('translation_lock').where('asset_id', '=', input.assetId).where('locale', '=', input.locale).where('created_at', '<', abandonedBefore).execute();
  const token = crypto.randomUUID();
  const result = await db
    .insertInto('translation_lock')
    .values({ asset_id: input.assetId, locale: input.locale, token, user_name: input.userName, created_at: input.now.toISOString() })
    .onConflict((conflict) => conflict.columns(['asset_id', 'locale']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? { assetId: input.assetId, locale: input.locale, token } : undefined;
}

/** Releases a lock this holder still owns; one taken over after it was abandoned stays with its new holder. */
export async function releaseTranslationLock(db: Kysely<DB>, lock: HeldLock): Promise<void> {
  await db.deleteFrom('translation_lock').where('asset_id', '=', lock.assetId).where('locale', '=', lock.locale).where('token', '=', lock.token).execute();
}
