import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropValueSamples } from '@editor/server/src/db/dialects/sqlitePlans.ts';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '@editor/server/src/db/database.ts';
import type { DB, MediaItemTable } from '@editor/server/src/db/schema.ts';
import { createMediaArchive } from '@editor/server/src/modules/media-archive/archiveStore.ts';
import { insertMediaItems } from '@editor/server/src/modules/media-archive/repository.ts';
import { startBenchServer } from './benchServer.ts';
import { measure, type Measurement } from './measure.ts';

const TYPES = ['video', 'video', 'video', 'video', 'video', 'image', 'image', 'image', 'audio', 'audio'] as const;
const WORDS = ['cliff', 'diving', 'mostar', 'surf', 'wave', 'rally', 'kenya', 'summit', 'glacier', 'bike', 'jump', 'skate', 'crowd', 'finish', 'replay', 'interview', 'sunrise', 'harbour', 'night', 'training'];
/** Seeded items per insert: 25 columns each stays under SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;
const VIDEO_MEGABYTES = 64;

/** A deterministic stream of numbers, so every run seeds the same archive. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `items` archive rows written straight through the repository in batches: half videos, a third images, the rest
 * audio; one in ten of the cartoons channel and one in twenty of media partnerships; three words of `WORDS` in each
 * title, ingested over two years. They all name one stored file; the search never reads it.
 */

async function seedArchive(db: Kysely<DB>, dialect: Dialect, items: number): Promise<number> {
  const started = performance.now();
  const random = randomOf(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const now = Date.UTC(2026, 10, 1);
  for (let first = 0; first < items; first += BATCH) {
    const rows: Array<Insertable<MediaItemTable>> = [];
    for (let n = first; n < Math.min(items, first + BATCH); n++) {
      const contentType = pick(TYPES);
      const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${n}`;
      const description = `${pick(WORDS)} and ${pick(WORDS)} at the ${pick(WORDS)}.`;
      const roll = random();
      rows.push({
        id: crypto.randomUUID(),
        content_type: contentType,
        title,
        description,
        search_text: `${title}\n${description}`.toLowerCase(),
        photographer_credit_option: null,
        campaign_name: null,
        ingest_timestamp: new Date(now - Math.floor(random() * 730 * 86_400_000)).toISOString(),
        reference_key_frame: null,
        channel: roll < 0.1 ? 'cartoons' : roll < 0.15 ? 'media-partnerships' : null,
        blocked_countries: random() < 0.1 ? '["AT","DE"]' : '[]',
        duration: contentType === 'image' ? null : Math.round(random() * 600),
        width: contentType === 'audio' ? null : 1920,
        height: contentType === 'audio' ? null : 1080,
        codec: contentType === 'video' ? 'avc1.640028' : null,
        renditions_available: contentType === 'image' ? 0 : 1,
        original_key: 'bench-original.mp4',
        original_content_type: 'video/mp4',
        original_bytes: 1000,
        poster_key: null,
        very_large_key: null,
        asset_id: null,
        last_published_at: null,
      });
    }
    await db.transaction().execute((trx) => insertMediaItems(trx, rows));
  }
  // As the list seed does: PostgreSQL's VACUUM fills the visibility map that autovacuum would (counts read the index
  // alone), and both databases' planners learn the table's size.
  await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE media_item' : 'ANALYZE media_item')}`.execute(db);
  if (dialect === 'sqlite') await dropValueSamples(db);
  return Math.round((performance.now() - started) / 100) / 10;
}

export interface ArchiveFigures {
  seedSeconds: number;
  calls: Array<{ name: string; measurement: Measurement }>;
  ranges: Array<{ name: string; measurement: Measurement; megabytesPerSecond: number }>;
}

/**
 * The media archive (issue "The media archive, video and audio"): its search on `items` items, one request at a time
 * and at `connections`, for a plain page, a text search, a type and channel filter and a page further on by the
 * cursor; then HTTP range requests of a 64 MB video file at `connections` (1 MB pieces as a player buffers, and the
 * first 64 kB as a seek's first answer), in MB/s and requests per second.
 */
export async function benchmarkArchiveCalls(input: { databaseUrl?: string | undefined; items: number; seconds: number; connections: number }): Promise<ArchiveFigures> {
  let seedSeconds = 0;
  const server = await startBenchServer({ databaseUrl: input.databaseUrl, prepare: async (db, dialect) => void (seedSeconds = await seedArchive(db, dialect, input.items)) });
  try {
    // A taxonomy manager holding media partnerships sees every channel, so no filter hides a seeded item.
    const authorization = await server.authorization({ roles: ['content-editor', 'taxonomy-manager'], spaces: ['rbcom', 'media-partnerships'], localizations: ['en'] });
    const headers = { authorization };
    const search = '/api/v1/sparkle/assets?limit=20&sort=-ingest_timestamp';
    // Ten pages on, as an editor scrolling the grid.
    let after = '';
    for (let page = 0; page < 10; page++) {
      const response = await fetch(`${server.url}${search}${after ? `&searchAfter=${after}` : ''}`, { headers });
      const body = (await response.json()) as { meta: { afterSearchPointer: string | null } };
      if (!body.meta.afterSearchPointer) throw new Error(`the archive ended at page ${page + 1}`);
      after = body.meta.afterSearchPointer;
    }
    const paths = {
      'plain page': search,
      'text search q=cliff diving': `${search}&q=cliff%20diving`,
      'video of the cartoons channel': `${search}&contentType=video&channel=cartoons`,
      'page 11 by the cursor': `${search}&searchAfter=${after}`,
    };
    const calls: ArchiveFigures['calls'] = [];
    for (const connections of [1, input.connections]) {
      for (const [name, callPath] of Object.entries(paths)) {
        calls.push({ name: `${name}, ${connections} conn.`, measurement: await measure({ url: `${server.url}${callPath}`, headers, seconds: input.seconds, connections }) });
      }
    }

    const ranges = await measureRanges({ url: server.url, dataDir: server.dataDir, db: server.db, seconds: input.seconds, connections: input.connections });
    return { seedSeconds, calls, ranges };
  } finally {
    await server.close();
  }
}

async function measureRanges(input: { url: string; dataDir: string; db: Kysely<DB>; seconds: number; connections: number }): Promise<ArchiveFigures['ranges']> {
  const file = path.join(input.dataDir, 'bench-video.mp4');
  fs.writeFileSync(file, crypto.randomBytes(VIDEO_MEGABYTES * 1024 * 1024));
  const archive = createMediaArchive({ db: input.db, dataDir: input.dataDir });
  const id = await archive.addItem({ contentType: 'video', title: 'Range bench', duration: 60, original: { file, extension: 'mp4', contentType: 'video/mp4', bytes: VIDEO_MEGABYTES * 1024 * 1024 } });
  const url = `${input.url}/media/archive/${id}/original`;
  const ranges: ArchiveFigures['ranges'] = [];
  for (const [name, bytes] of [['1 MB range', 1024 * 1024], ['64 kB range', 64 * 1024]] as const) {
    // Always the middle of the file: the disk's page cache holds it after the warm-up, as for a file many watch.
    const start = 32 * 1024 * 1024;
    const measurement = await measure({ url, headers: { range: `bytes=${start}-${start + bytes - 1}` }, seconds: input.seconds, connections: input.connections });
    ranges.push({ name: `${name}, ${input.connections} conn.`, measurement, megabytesPerSecond: Math.round((measurement.requestsPerSecond * bytes) / 1024 / 1024) });
  }
  return ranges;
}
