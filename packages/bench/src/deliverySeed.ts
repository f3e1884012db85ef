import crypto from 'node:crypto';
import { dropValueSamples } from '@editor/server/src/db/dialects/sqlitePlans.ts';
import { sql, type Insertable, type Kysely } from 'kysely';
import { slugRegionLocaleOf } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '@editor/server/src/config.ts';
import type { Dialect } from '@editor/server/src/db/database.ts';
import type { DB } from '@editor/server/src/db/schema.ts';
import { createDocumentMaker } from '@editor/server/src/modules/delivery/documents.ts';
import { createDeliveryService } from '@editor/server/src/modules/delivery/service.ts';
import { STENCILS_DIR, loadStencils } from '@editor/server/src/modules/stencils/loadStencils.ts';
import { createStencilRegistry } from '@editor/server/src/modules/stencils/stencilRegistry.ts';

/** Assets per transaction (about 1.4 versions each in the list seed). */
const BATCH = 500;

/** A URI title from a version's title, unique by its number: URI titles are unique per space and slug locale. */
function uriTitleOf(title: string, n: number): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 80).replace(/-+$/, '');
  return `${base === '' ? 'asset' : base}-${n.toString(36)}`;
}

/**
 * Publishes every version of a seeded archive (`seedListData` leaves a quarter as drafts and a quarter unpublished,
 * with no published content) as a publish stores one (publishing/writes.ts), in batches: status published, the content
 * as the published content (migration 032's triggers take the published title and tag ids from it), first and last
 * publish dates (the last edit for a version never published), the version number up by one with its history entry,
 * and an executed transition. Each version also gets a URI slug in its asset's first space, as a claim stores one.
 * Answers the slug ids.
 */
export async function publishEveryVersion(db: Kysely<DB>, dialect: Dialect): Promise<string[]> {
  const slugIds: string[] = [];
  let after = '';
  for (;;) {
    const assets = await db.selectFrom('asset').select('id').where('id', '>', after).orderBy('id').limit(BATCH).execute();
    const last = assets.at(-1);
    if (!last) break;
    after = last.id;
    const ids = assets.map((asset) => asset.id);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('asset_localization')
        .select(['asset_id', 'locale', 'version', 'title', 'content', 'spaces', 'first_published_at', 'last_published_at', 'updated_at'])
        .where('asset_id', 'in', ids)
        .execute();
      await trx
        .updateTable('asset_localization')
        .set({
          status: 'published',
          published_content: sql<string>`content`,
          changed_properties: '[]',
          first_published_at: sql<string>`coalesce(first_published_at, updated_at)`,
          last_published_at: sql<string>`coalesce(last_published_at, updated_at)`,
          publish_start: sql<string>`coalesce(last_published_at, updated_at)`,
          publish_end: null,
          version: sql<number>`version + 1`,
        })
        .where('asset_id', 'in', ids)
        .execute();
      const history: Array<Insertable<DB['asset_history']>> = [];
      const transitions: Array<Insertable<DB['transition']>> = [];
      const slugs: Array<Insertable<DB['uri_slug']>> = [];
      for (const row of rows) {
        const at = row.last_published_at ?? row.updated_at;
        history.push({ asset_id: row.asset_id, locale: row.locale, version: Number(row.version) + 1, action: 'publish', user_id: 'bench', user_name: 'Bench', at, changed_properties: '[]', content: row.content, if_match: null });
        transitions.push({ id: crypto.randomUUID(), asset_id: row.asset_id, locale: row.locale, transition_to: 'PUBLISHED', status: 'EXECUTED', due_at: at, executed_at: at, message: null, user_name: 'Bench', user_id: null, created_at: at });
        const space = row.spaces.split(',').find(Boolean);
        const regionLocale = slugRegionLocaleOf(row.locale);
        if (space === undefined || regionLocale === undefined) continue;
        const uriTitle = uriTitleOf(row.title, slugIds.length);
        const slugId = `${space}:${regionLocale}:${uriTitle}`;
        slugs.push({ slug_id: slugId, space, region_locale: regionLocale, uri_title: uriTitle, asset_id: row.asset_id, locale: row.locale, created_at: at });
        slugIds.push(slugId);
      }
      if (history.length > 0) await trx.insertInto('asset_history').values(history).execute();
      if (transitions.length > 0) await trx.insertInto('transition').values(transitions).execute();
      if (slugs.length > 0) await trx.insertInto('uri_slug').values(slugs).execute();
    });
  }
  // PostgreSQL: the update left a dead row behind each version; VACUUM clears them and fills the visibility map.
  await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE')}`.execute(db);
  if (dialect === 'sqlite') await dropValueSamples(db);
  return slugIds;
}

/**
 * Makes the delivery API's ready documents of every published version (migration 034's triggers queued them), as the
 * server's document maker does in the background after a publish, for the default spaces and locales and no image
 * account. Answers how many were made.
 */
export async function makeDeliveryDocuments(db: Kysely<DB>, dialect: Dialect): Promise<number> {
  const service = createDeliveryService({
    db,
    dialect,
    stencils: createStencilRegistry(loadStencils(STENCILS_DIR)),
    images: {},
    allSpaces: DEFAULT_SPACES,
    allLocales: DEFAULT_LOCALES,
    cursorKey: async () => Buffer.alloc(32),
  });
  const maker = createDocumentMaker({ db, dialect, make: service.makeDocuments, fingerprint: service.fingerprint, now: () => new Date(), onError: () => undefined });
  let made = 0;
  for (;;) {
    const stored = await maker.runOnce();
    if (stored === 0) break;
    made += stored;
  }
  // The statistics autovacuum would take soon after: the documents made, the queue emptied (PostgreSQL plans by them).
  if (dialect === 'postgres') await sql`ANALYZE delivery_document, delivery_document_queue`.execute(db);
  return made;
}
