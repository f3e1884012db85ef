import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@editor/server/src/db/database.ts';
import { writeSearchEntry } from '@editor/server/src/db/dialects/fullText.ts';
import type { DB } from '@editor/server/src/db/schema.ts';

export interface ListWriter {
  /** Stops saving; how many saves ran while the calls were measured, and how long they took (ms). */
  stop(): Promise<{ saves: number; p50: number; p95: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Saves versions of the seeded archive at a steady rate while the list calls are measured, as editors at work would:
 * each save makes a version the newest edit and writes its search entry again, as a save through the API does (with
 * the same text, so every call finds what it found before). `before` saves run first at full speed, so that the
 * search index's not yet merged entries (PostgreSQL's GIN pending list) are as full as a busy archive's, instead of
 * empty as after the seed's VACUUM. The saved versions move to the front of the newest-first lists.
 */
export async function startListWrites(db: Kysely<DB>, dialect: Dialect, input: { perSecond: number; before: number }): Promise<ListWriter> {
  const sample = await sql<{ asset_id: string; locale: string; title: string; search_text: string }>`SELECT asset_id, locale, title, search_text FROM asset_localization
    ORDER BY random() LIMIT ${input.before + Math.ceil(input.perSecond * 600)}`.execute(db);
  const newest = await db.selectFrom('asset_localization').select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirstOrThrow();
  let at = Date.parse(newest.at ?? new Date().toISOString());
  let saved = 0;
  const durations: number[] = [];
  const save = async () => {
    const version = sample.rows[saved % sample.rows.length];
    if (!version) return;
    saved += 1;
    at += 1;
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('asset_localization')
        .set((eb) => ({ updated_at: new Date(at).toISOString(), updated_by: 'Bench Writer', version: eb('version', '+', 1) }))
        .where('asset_id', '=', version.asset_id)
        .where('locale', '=', version.locale)
        .execute();
      await writeSearchEntry(trx, dialect, { id: version.asset_id, locale: version.locale, title: version.title, body: version.search_text });
    });
    durations.push(performance.now() - started);
  };
  for (let n = 0; n < input.before; n++) await save();
  const savedBefore = saved;
  durations.length = 0;
  const stopping = new AbortController();
  const interval = 1000 / input.perSecond;
  const started = performance.now();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await save();
      await sleep(Math.max(0, started + (saved - savedBefore) * interval - performance.now()));
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await loop;
      const sorted = durations.toSorted((a, b) => a - b);
      const percentile = (share: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0) * 10) / 10;
      return { saves: saved - savedBefore, p50: percentile(0.5), p95: percentile(0.95) };
    },
  };
}
