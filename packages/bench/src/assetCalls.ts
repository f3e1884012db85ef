import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '@editor/server/src/db/schema.ts';
import { startBenchServer } from './benchServer.ts';
import { measure, type Measurement } from './measure.ts';

const LOCALES = ['en', 'de'] as const;
/** Rows per INSERT: below SQLite's bound-parameter limit for the widest table. */
const BATCH = 400;

const storyContent = (n: number, locale: string) =>
  JSON.stringify({
    title: { value: `${locale === 'de' ? 'Reportage' : 'Feature'} ${n}: cliff diving season opener in Mostar` },
    teaser: { value: 'Twenty-seven metres above the Neretva, the best divers in the world open the season.' },
    standalone: { value: true },
  });

/** Seeds `versions` story versions (two locales per asset) straight into the tables, in batches. */
async function seedVersions(db: Kysely<DB>, versions: number): Promise<string[]> {
  const ids = Array.from({ length: Math.ceil(versions / LOCALES.length) }, () => crypto.randomUUID());
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('asset').values(batch.map((id) => ({ id, stencil: 'story', embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Bench Editor' }))).execute();
      await trx.insertInto('asset_space').values(batch.map((id) => ({ asset_id: id, space: 'rbcom' }))).execute();
      for (const locale of LOCALES) {
        await trx
          .insertInto('asset_localization')
          .values(
            batch.map((id, index) => ({
              asset_id: id,
              locale,
              stencil: 'story',
              status: 'draft',
              title: `Feature ${start + index}`,
              content: storyContent(start + index, locale),
              meta: '{}',
              changed_properties: '["standalone","teaser","title"]',
              published_content: null,
              version: 1,
              created_at: at,
              created_by: 'Bench Editor',
              updated_at: at,
              updated_by: 'Bench Editor',
              first_published_at: null,
              last_published_at: null,
              last_shipped_at: null,
              publish_start: null,
              publish_end: null,
            })),
          )
          .execute();
      }
    });
  }
  return ids;
}

export interface AssetCallFigures {
  seedSeconds: number;
  getOne: Measurement;
  save: Measurement;
}

/** Get-one and save against `versions` seeded asset versions, each request on a random version. */
export async function benchmarkAssetCalls(input: { databaseUrl?: string | undefined; versions: number; seconds: number; connections: number }): Promise<AssetCallFigures> {
  let ids: string[] = [];
  let seedSeconds = 0;
  const server = await startBenchServer({
    databaseUrl: input.databaseUrl,
    prepare: async (db) => {
      const started = performance.now();
      ids = await seedVersions(db, input.versions);
      seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    },
  });
  try {
    const authorization = await server.authorization({ roles: ['content-editor'], spaces: ['rbcom'], localizations: [...LOCALES] });
    const randomVersion = () => `/api/v1/assets/${ids[Math.floor(Math.random() * ids.length)]}/localizations/${LOCALES[Math.floor(Math.random() * LOCALES.length)]}`;
    const load = { url: server.url, headers: { authorization }, seconds: input.seconds, connections: input.connections };
    const getOne = await measure({ ...load, nextRequest: () => ({ method: 'GET', path: randomVersion() }) });
    const body = JSON.stringify({ content: { title: { value: 'Cliff diving: the final in Mostar' }, teaser: { value: 'Saved by the benchmark.' } } });
    const save = await measure({ ...load, nextRequest: () => ({ method: 'PUT', path: randomVersion(), body }) });
    return { seedSeconds, getOne, save };
  } finally {
    await server.close();
  }
}
