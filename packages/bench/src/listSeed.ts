import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '@editor/server/src/db/database.ts';
import { writeSearchEntriesFromColumns } from '@editor/server/src/db/dialects/fullText.ts';
import type { DB } from '@editor/server/src/db/schema.ts';
import { createRandom } from '@editor/server/src/demo/random.ts';

const STENCILS = ['story', 'story', 'story', 'story', 'video', 'video', 'image', 'image', 'image-gallery', 'event-profile', 'athlete', 'podcast-episode'];
const SPACES = ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'];
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US'];
const STATUSES = ['published', 'published', 'draft', 'unpublished'];
const WORDS = (
  'cliff diving mountain bike formula one snowboard surfing breaking esports skate climbing kayak freeride motocross rally ' +
  'downhill slopestyle halfpipe final qualifier season opener record champion rookie legend night session street park wave ' +
  'summit glacier canyon desert harbour bridge arena track stadium festival tour premiere documentary interview portrait ' +
  'mostar kitzbuehel cape town red rocks monaco hawaii tokyo lisbon oslo zermatt whistler utah sahara bali nazare chamonix'
).split(' ');

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Seeds `versions` asset versions with the spread of a real archive (stencils, spaces, locales, statuses, two years of
 * edits) and their search entries, straight into the tables in batches (the database's triggers keep the list's
 * spaces and counts). Returns how long it took.
 */
export async function seedListData(db: Kysely<DB>, dialect: Dialect, versions: number): Promise<number> {
  const started = performance.now();
  // Deterministic, so two runs measure the same data.
  const random = createRandom(42);
  const now = Date.UTC(2026, 10, 1);
  const BATCH = 400;
  let written = 0;
  while (written < versions) {
    const assets: Array<{ id: string; stencil: string; spaces: string[]; created: number }> = [];
    const rows: Array<Insertable<DB['asset_localization']>> = [];
    while (rows.length < BATCH && written + rows.length < versions) {
      const id = crypto.randomUUID();
      const stencil = random.pick(STENCILS);
      const spaces = random.next() < 0.2 ? [random.pick(SPACES), random.pick(SPACES)] : [random.pick(SPACES)];
      const created = now - Math.floor(random.next() * 730 * 86_400_000);
      assets.push({ id, stencil, spaces: [...new Set(spaces)], created });
      const locales = random.next() < 0.4 ? ['en', random.pick(LOCALES)] : [random.pick(LOCALES)];
      for (const locale of new Set(locales)) {
        const title = Array.from({ length: 5 }, () => random.pick(WORDS)).join(' ');
        const body = Array.from({ length: 30 }, () => random.pick(WORDS)).join(' ');
        const status = random.pick(STATUSES);
        const updated = created + Math.floor(random.next() * (now - created));
        rows.push({
          asset_id: id,
          locale,
          stencil,
          status,
          title,
          content: JSON.stringify({ title: { value: title }, teaser: { value: body.slice(0, 120) } }),
          meta: '{}',
          changed_properties: '[]',
          published_content: null,
          version: 1,
          created_at: iso(created),
          created_by: random.pick(['Emma Editor', 'Ada Admin', 'Tara Vision', 'Theo Translator']),
          updated_at: iso(updated),
          updated_by: 'Emma Editor',
          first_published_at: status === 'draft' ? null : iso(updated),
          last_published_at: status === 'draft' ? null : iso(updated),
          last_shipped_at: null,
          publish_start: null,
          publish_end: null,
          error_count: random.next() < 0.05 ? 1 : 0,
          main_image: null,
          search_text: body,
          infographic: stencil === 'image' && random.next() < 0.1 ? 1 : 0,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('asset').values(assets.map((a) => ({ id: a.id, stencil: a.stencil, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: iso(a.created), created_by: 'Bench' }))).execute();
      await trx.insertInto('asset_space').values(assets.flatMap((a) => a.spaces.map((space) => ({ asset_id: a.id, space })))).execute();
      await trx.insertInto('asset_localization').values(rows).execute();
      await trx
        .insertInto('asset_history')
        .values(rows.map((row) => ({ asset_id: row.asset_id, locale: row.locale, version: 1, action: 'create', user_id: 'bench', user_name: row.created_by, at: row.created_at, changed_properties: '[]', content: '{}', if_match: null })))
        .execute();
      await writeSearchEntriesFromColumns(trx, dialect, assets.map((a) => a.id));
    });
    written += rows.length;
  }
  // PostgreSQL: VACUUM also fills the visibility map, as autovacuum would by the time a million versions exist;
  // without it the planner avoids index-only scans and sorts the whole table instead.
  await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE')}`.execute(db);
  return Math.round((performance.now() - started) / 100) / 10;
}
