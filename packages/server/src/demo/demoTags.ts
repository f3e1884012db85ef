import type { Kysely } from 'kysely';
import type { TagRecordInput } from '@editor/domain';
import type { DB } from '../db/schema.ts';
import type { TagsService } from '../modules/reference-data/tagsService.ts';
import { DEMO_SEED_EDITOR } from '../modules/reference-data/recordWriter.ts';
import { countTags } from '../modules/tag-feed/repository.ts';

const tag = (input: Pick<TagRecordInput, 'origin' | 'foreignId' | 'title'> & Partial<TagRecordInput>): TagRecordInput => ({ uriSlug: null, broaderTag: null, ...input });

/**
 * The demo's content repository tags (spec 001 §3, §7): topics of meppconnect and the SAP business warehouse, and
 * playground projects of mediaplanet under them, broader tags first.
 */
export const DEMO_TAGS: readonly TagRecordInput[] = [
  tag({ origin: 'meppconnect', foreignId: '104233', title: 'Running projects', uriSlug: 'running-projects' }),
  tag({ origin: 'meppconnect', foreignId: '104871', title: 'Winter sports', uriSlug: 'winter-sports' }),
  tag({ origin: 'sap-business-warehouse', foreignId: 'SPOD220145', title: 'Events 2026', label: 'Events 2026' }),
  tag({ origin: 'mediaplanet', foreignId: 'BP-WFLRUN2026AB1', title: 'Wings for Life World Run 2026', broaderTag: { origin: 'meppconnect', foreignId: '104233' } }),
  tag({ origin: 'mediaplanet', foreignId: 'BP-ALPSKI2026CD2', title: 'Alpine ski season launch', broaderTag: { origin: 'meppconnect', foreignId: '104871' } }),
];

/** Seeds the demo tags when the tag store is empty (the first start), through the upsert of the reference-data API (the app's). */
export async function seedDemoTagsIfEmpty(options: { db: Kysely<DB>; tags: TagsService }): Promise<number> {
  if ((await countTags(options.db)) > 0) return 0;
  const { tags } = options;
  let written = 0;
  for (const input of DEMO_TAGS) {
    if ((await tags.upsert(DEMO_SEED_EDITOR, input)).outcome === 'created') written += 1;
  }
  return written;
}
