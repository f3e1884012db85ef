import crypto from 'node:crypto';
import { dropValueSamples } from '@editor/server/src/db/dialects/sqlitePlans.ts';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '@editor/server/src/db/database.ts';
import { writeSearchEntriesFromColumns } from '@editor/server/src/db/dialects/fullText.ts';
import type { DB } from '@editor/server/src/db/schema.ts';
import { fillSearchEntries } from '@editor/server/src/db/migrations/018_search_entries.ts';
import { SEARCH_ENTRY_COLUMNS } from '@editor/server/src/db/migrations/043_postgres_search_keys.ts';
import { createRandom } from '@editor/server/src/demo/random.ts';
import { tagIdsOf } from '@editor/server/src/modules/assets/tagging.ts';

/** The stencils of the seed, each as often as it is drawn. */
export const STENCILS = ['story', 'story', 'story', 'story', 'video', 'video', 'image', 'image', 'image-gallery', 'event-profile', 'athlete', 'podcast-episode'];
export const SPACES = ['rbcom', 'rbtv', 'global', 'rb-rookies', 'illume', 'media-partnerships', 'wrc', 'erc'];
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'en-US'];
const STATUSES = ['published', 'published', 'draft', 'unpublished'];
/** A content sub-field of stories with few values (`content.motorsport-series-id`), each on a fifth of them. */
export const SERIES_IDS = ['wrc', 'erc', 'dakar', 'motogp', 'extreme-e'];
/** The words of every seeded title and text: a search for one of them matches some versions. */
export const WORDS = (
  'cliff diving mountain bike formula one snowboard surfing breaking esports skate climbing kayak freeride motocross rally ' +
  'downhill slopestyle halfpipe final qualifier season opener record champion rookie legend night session street park wave ' +
  'summit glacier canyon desert harbour bridge arena track stadium festival tour premiere documentary interview portrait ' +
  'mostar kitzbuehel cape town red rocks monaco hawaii tokyo lisbon oslo zermatt whistler utah sahara bali nazare chamonix'
).split(' ');

const iso = (ms: number) => new Date(ms).toISOString();
const seriesOf = (stencil: string, position: number) => (stencil === 'story' ? { 'motorsport-series-id': { value: SERIES_IDS[position % SERIES_IDS.length] } } : {});

/**
 * The tag assets versions reference through the tagging inputs the list's tagging facet counts (a few thousand, as in
 * a real archive), and which of those inputs each seeded stencil has (its stencil file).
 */
const TAG_POOLS = [
  { input: 'disciplines', stencil: 'discipline', size: 200 },
  { input: 'content-categories', stencil: 'content-category', size: 60 },
  { input: 'tags', stencil: 'tag', size: 2740 },
] as const;
type TagInput = (typeof TAG_POOLS)[number]['input'];
const TAGGING_INPUTS_OF: Record<string, readonly TagInput[]> = {
  story: ['disciplines', 'content-categories', 'tags'],
  video: ['disciplines', 'content-categories', 'tags'],
  image: ['disciplines', 'tags'],
  'image-gallery': ['disciplines', 'content-categories', 'tags'],
  'event-profile': ['disciplines', 'content-categories', 'tags'],
  athlete: ['disciplines'],
  'podcast-episode': ['disciplines', 'content-categories', 'tags'],
};

/** Draws from a pool with Zipf-like popularity (the k-th most popular has weight 1/k): a few tags are on many versions. */
function zipfPicker(size: number, next: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= size; rank++) cumulative.push((sum += 1 / rank));
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** About three tags per asset: one discipline, one content category where the stencil has one, the rest free tags. */
function tagsFor(stencil: string, pools: ReadonlyMap<TagInput, { ids: string[]; pick: () => number }>): Array<{ input: TagInput; targetId: string }> {
  const inputs = TAGGING_INPUTS_OF[stencil] ?? [];
  const tags: Array<{ input: TagInput; targetId: string }> = [];
  for (const input of inputs) {
    const pool = pools.get(input);
    if (!pool) continue;
    const wanted = input === 'tags' ? 3 - tags.length : 1;
    const ids = new Set<string>();
    for (let draw = 0; ids.size < wanted && draw < wanted * 4; draw++) ids.add(pool.ids[pool.pick()] ?? '');
    for (const targetId of ids) tags.push({ input, targetId });
  }
  return tags;
}

/** One version of each tag asset (English, published, in the global space), so tag buckets have titles. */
async function seedTagAssets(db: Kysely<DB>, dialect: Dialect, at: string): Promise<Map<TagInput, string[]>> {
  const idsOf = new Map<TagInput, string[]>();
  for (const pool of TAG_POOLS) {
    const ids = Array.from({ length: pool.size }, () => crypto.randomUUID());
    idsOf.set(pool.input, ids);
    for (let start = 0; start < ids.length; start += 400) {
      const slice = ids.slice(start, start + 400);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('asset').values(slice.map((id) => ({ id, stencil: pool.stencil, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: at, created_by: 'Bench' }))).execute();
        await trx.insertInto('asset_space').values(slice.map((id) => ({ asset_id: id, space: 'global' }))).execute();
        await trx
          .insertInto('asset_localization')
          .values(
            slice.map((id, index) => {
              const title = `${pool.stencil} ${start + index + 1}`;
              return {
                asset_id: id, locale: 'en', stencil: pool.stencil, status: 'published', title, content: JSON.stringify({ title: { value: title } }), meta: '{}', changed_properties: '[]',
                published_content: null, version: 1, created_at: at, created_by: 'Bench', updated_at: at, updated_by: 'Bench', first_published_at: at, last_published_at: at,
                last_shipped_at: null, publish_start: null, publish_end: null, search_text: title,
              };
            }),
          )
          .execute();
        await writeSearchEntriesFromColumns(trx, dialect, slice);
      });
    }
  }
  return idsOf;
}

/**
 * Seeds `versions` asset versions with the spread of a real archive (stencils, spaces, locales, statuses, two years of
 * edits, about three tags per tag-bearing asset from a few thousand tag assets with skewed popularity) and their
 * search entries, straight into the tables in batches (the database's triggers keep the list's spaces and counts).
 * The tag assets' own versions are among the `versions`. Returns how long it took.
 */
export async function seedListData(db: Kysely<DB>, dialect: Dialect, versions: number): Promise<number> {
  const started = performance.now();
  // Deterministic, so two runs measure the same data.
  const random = createRandom(42);
  const now = Date.UTC(2026, 10, 1);
  const tagIds = await seedTagAssets(db, dialect, iso(now - 800 * 86_400_000));
  const pools = new Map([...tagIds].map(([input, ids]) => [input, { ids, pick: zipfPicker(ids.length, random.next) }]));
  const BATCH = 400;
  let written = [...tagIds.values()].reduce((sum, ids) => sum + ids.length, 0);
  let analyzedAt = written;
  while (written < versions) {
    // The planner must know the tables grow, as autovacuum would tell it (it may be off): a trigger's cached plan made
    // for an empty table scanned every version on each insert of a space, and the 1,000,000-version seed slowed to
    // 3,000 versions a minute.
    if (dialect === 'postgres' && written >= 2 * analyzedAt) {
      await sql`ANALYZE asset, asset_space, asset_localization, asset_reference, asset_history`.execute(db);
      analyzedAt = written;
    }
    const assets: Array<{ id: string; stencil: string; spaces: string[]; created: number }> = [];
    const references: Array<Insertable<DB['asset_reference']>> = [];
    const rows: Array<Insertable<DB['asset_localization']>> = [];
    while (rows.length < BATCH && written + rows.length < versions) {
      const id = crypto.randomUUID();
      const stencil = random.pick(STENCILS);
      const spaces = random.next() < 0.2 ? [random.pick(SPACES), random.pick(SPACES)] : [random.pick(SPACES)];
      const created = now - Math.floor(random.next() * 730 * 86_400_000);
      assets.push({ id, stencil, spaces: [...new Set(spaces)], created });
      const tags = tagsFor(stencil, pools);
      const tagContent = Object.fromEntries(
        TAG_POOLS.map((pool) => [pool.input, tags.filter((tag) => tag.input === pool.input).map((tag) => ({ id: tag.targetId, stencil: pool.stencil }))] as const)
          .filter(([, values]) => values.length > 0)
          .map(([input, values]) => [input, { value: values }]),
      );
      const tagIds = tagIdsOf(tags);
      const locales = random.next() < 0.4 ? ['en', random.pick(LOCALES)] : [random.pick(LOCALES)];
      for (const locale of new Set(locales)) {
        for (const tag of tags) references.push({ asset_id: id, locale, input: tag.input, target_id: tag.targetId });
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
          // By position, not drawn: the draws stay those of the seed before the format existed.
          content: JSON.stringify({ title: { value: title }, teaser: { value: body.slice(0, 120) }, ...tagContent, ...seriesOf(stencil, written + rows.length) }),
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
          tag_ids: tagIds,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('asset').values(assets.map((a) => ({ id: a.id, stencil: a.stencil, embargo_start: null, embargo_end: null, external_reference: null, music_import: null, created_at: iso(a.created), created_by: 'Bench' }))).execute();
      await trx.insertInto('asset_space').values(assets.flatMap((a) => a.spaces.map((space) => ({ asset_id: a.id, space })))).execute();
      await trx.insertInto('asset_localization').values(rows).execute();
      if (references.length > 0) await trx.insertInto('asset_reference').values(references).execute();
      await trx
        .insertInto('asset_history')
        .values(rows.map((row) => ({ asset_id: row.asset_id, locale: row.locale, version: 1, action: 'create', user_id: 'bench', user_name: row.created_by, at: row.created_at, changed_properties: '[]', content: '{}', if_match: null })))
        .execute();
      await writeSearchEntriesFromColumns(trx, dialect, assets.map((a) => a.id));
    });
    written += rows.length;
  }
  // PostgreSQL: the search entries again in the order of the versions' last edits (migration 018). The seed writes two
  // years of edits in random order; an archive receives them in the order they happen, and the migration copies
  // an existing archive's in that order.
  if (dialect === 'postgres') {
    await sql`TRUNCATE asset_search_entry`.execute(db);
    await fillSearchEntries(db, SEARCH_ENTRY_COLUMNS);
  }
  // PostgreSQL: VACUUM also fills the visibility map, as autovacuum would by the time a million versions exist;
  // without it the planner avoids index-only scans and sorts the whole table instead.
  await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE')}`.execute(db);
  if (dialect === 'sqlite') await dropValueSamples(db);
  return Math.round((performance.now() - started) / 100) / 10;
}
