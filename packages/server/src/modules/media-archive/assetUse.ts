import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repository from './repository.ts';

/** Archive ids are UUIDs; other reference ids (image store slugs, embeds) cannot name an item. */
const ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The reference ids of every media value (an object with a provider and a reference id) anywhere in a content. */
export function mediaReferenceIdsOf(content: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.provider === 'string' && typeof record.referenceId === 'string' && ITEM_ID.test(record.referenceId)) found.add(record.referenceId);
    for (const entry of Object.values(record)) visit(entry);
  };
  visit(content);
  return [...found];
}

/**
 * Spec 000 §3 media library item `assetId` and `lastPublished`: called in the transaction that stores or publishes a
 * version. Every archive item the content uses gets the asset as its asset when it has none yet (the asset created
 * from it, or else the first that used it); a publish also sets its last publication.
 */
export async function recordArchiveUse(trx: Kysely<DB> | Transaction<DB>, input: { assetId: string; content: unknown; publishedAt?: string | undefined }): Promise<void> {
  const itemIds = mediaReferenceIdsOf(input.content);
  if (itemIds.length === 0) return;
  await repository.claimItemsForAsset(trx, { itemIds, assetId: input.assetId });
  if (input.publishedAt) await repository.markItemsPublished(trx, { itemIds, at: input.publishedAt });
}
