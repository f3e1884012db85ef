import type { Kysely } from 'kysely';
import type { DB, MasterDataRecordTable } from '../db/schema.ts';

const at = '2026-01-05T09:00:00.000Z';

function record(input: { domain: 'culture' | 'sports'; model: string; masterId: string; title: string; space: string; content: Record<string, string> }): MasterDataRecordTable {
  const content = Object.fromEntries(Object.entries({ title: input.title, ...input.content }).map(([name, value]) => [name, { value }]));
  return { domain: input.domain, model: input.model, master_id: input.masterId, program: 'meppconnect', locale: 'en', space: input.space, title: input.title, content: JSON.stringify(content), updated_at: at };
}

/** The demo's master data (spec 002 §7): a few records of each model the import by domain, model and id knows. */
export const DEMO_MASTER_DATA: readonly MasterDataRecordTable[] = [
  record({ domain: 'culture', model: 'artist', masterId: 'mepp-artist-1001', title: 'Nova Sterling', space: 'rbcom', content: { 'first-name': 'Nova', 'last-name': 'Sterling' } }),
  record({ domain: 'culture', model: 'artist', masterId: 'mepp-artist-1002', title: 'Kai Okafor', space: 'rbcom', content: { 'first-name': 'Kai', 'last-name': 'Okafor' } }),
  record({ domain: 'culture', model: 'event', masterId: 'mepp-event-2001', title: 'Harbour Sound Sessions 2026', space: 'rbcom', content: { teaser: 'Three nights of live music on the old harbour.' } }),
  record({ domain: 'culture', model: 'series', masterId: 'mepp-series-3001', title: 'Harbour Sound Sessions', space: 'rbcom', content: { teaser: 'A yearly series of concerts by the sea.' } }),
  record({ domain: 'sports', model: 'athlete', masterId: 'mepp-athlete-4001', title: 'Lena Brandt', space: 'rbcom', content: { 'first-name': 'Lena', 'last-name': 'Brandt', 'birth-place': 'Innsbruck' } }),
  record({ domain: 'sports', model: 'athlete', masterId: 'mepp-athlete-4002', title: 'Mateo Ruiz', space: 'rbcom', content: { 'first-name': 'Mateo', 'last-name': 'Ruiz', 'birth-place': 'Valencia' } }),
  record({ domain: 'sports', model: 'event', masterId: 'mepp-event-5001', title: 'Alpine Cliff Dive Finals', space: 'rbcom', content: { teaser: 'The season finale off the alpine cliffs.' } }),
  record({ domain: 'sports', model: 'team', masterId: 'mepp-team-6001', title: 'Northern Lights Racing', space: 'rbcom', content: { 'short-name': 'NLR', teaser: 'A young rally team from the north.' } }),
];

/** Seeds the master data when the store is empty (the first start of an installation); answers how many records were written. */
export async function seedDemoMasterDataIfEmpty(db: Kysely<DB>): Promise<number> {
  const existing = await db.selectFrom('master_data_record').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return 0;
  await db.insertInto('master_data_record').values([...DEMO_MASTER_DATA]).execute();
  return DEMO_MASTER_DATA.length;
}
