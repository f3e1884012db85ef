import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import * as assetsRepo from '../src/modules/assets/repository.ts';
import { insertTransitionRows } from '../src/modules/lifecycle/repository.ts';

/** A story that passes validation, so its publish can run. */
const VALID_STORY = JSON.stringify({
  title: { value: 'Scheduled story' },
  'story-content': { value: [{ type: 'text', value: '<p>Published by the scheduler.</p>' }] },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

/**
 * Stores `count` draft stories in rbcom, each with a scheduled publish due at `dueAt`, in bulk (the scheduler test
 * and benchmark need thousands); scheduled by `userId`, or without one like rows from before migration 023. Answers
 * the asset ids.
 */
export async function insertDueTransitions(db: Kysely<DB>, input: { count: number; dueAt: string; user?: string; userId?: string }): Promise<string[]> {
  const at = new Date().toISOString();
  const ids = Array.from({ length: input.count }, () => crypto.randomUUID());
  await db.transaction().execute(async (trx) => {
    await assetsRepo.insertAssetRows(trx, ids.map((id) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Seed' })));
    await assetsRepo.insertSpaceRows(trx, ids.map((id) => ({ asset_id: id, space: 'rbcom' })));
    await assetsRepo.insertLocalizationRows(
      trx,
      ids.map((id) => ({
        asset_id: id,
        locale: 'en',
        stencil: 'story',
        status: 'draft',
        title: 'Scheduled story',
        content: VALID_STORY,
        meta: '{}',
        changed_properties: '[]',
        published_content: null,
        version: 1,
        created_at: at,
        created_by: 'Seed',
        updated_at: at,
        updated_by: 'Seed',
        first_published_at: null,
        last_published_at: null,
        last_shipped_at: null,
        publish_start: input.dueAt,
        publish_end: null,
      })),
    );
    await insertTransitionRows(
      trx,
      ids.map((id) => ({
        id: crypto.randomUUID(),
        asset_id: id,
        locale: 'en',
        transition_to: 'PUBLISHED' as const,
        status: 'SCHEDULED' as const,
        due_at: input.dueAt,
        executed_at: null,
        message: null,
        user_name: input.user ?? 'Emma Editor',
        user_id: input.userId ?? null,
        created_at: at,
      })),
    );
  });
  return ids;
}
