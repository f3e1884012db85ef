import type { Kysely, Transaction } from 'kysely';
import type { DB, UriSlugClaimTable, UriSlugTable } from '../../db/schema.ts';

export type Executor = Kysely<DB> | Transaction<DB>;
export type UriSlugRow = UriSlugTable;
export type UriSlugClaimRow = UriSlugClaimTable;

/** One asset version. */
export interface VersionKey {
  assetId: string;
  locale: string;
}

export async function findSlug(db: Executor, slugId: string): Promise<UriSlugRow | undefined> {
  return db.selectFrom('uri_slug').selectAll().where('slug_id', '=', slugId).executeTakeFirst();
}

export async function findClaim(db: Executor, slugId: string): Promise<UriSlugClaimRow | undefined> {
  return db.selectFrom('uri_slug_claim').selectAll().where('slug_id', '=', slugId).executeTakeFirst();
}

/** Stores a slug unless the slug id is taken already (a concurrent claim may have won); the caller reads who owns it. */
export async function insertSlugIfFree(db: Executor, row: UriSlugRow): Promise<void> {
  await db
    .insertInto('uri_slug')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Stores a pending claim unless the slug has one already; the caller reads whose it is. */
export async function insertClaimIfNone(db: Executor, row: UriSlugClaimRow): Promise<void> {
  await db
    .insertInto('uri_slug_claim')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The pending claims of a version, on any slug. */
export async function listClaimsBy(db: Executor, version: VersionKey): Promise<UriSlugClaimRow[]> {
  return db.selectFrom('uri_slug_claim').selectAll().where('asset_id', '=', version.assetId).where('locale', '=', version.locale).orderBy('slug_id').execute();
}

/** Hands a slug to a new owner and drops its pending claim. */
export async function moveSlug(db: Executor, slugId: string, owner: VersionKey): Promise<void> {
  await db.updateTable('uri_slug').set({ asset_id: owner.assetId, locale: owner.locale }).where('slug_id', '=', slugId).execute();
  await db.deleteFrom('uri_slug_claim').where('slug_id', '=', slugId).execute();
}

/** The taken URI titles of a space and slug region locale that start with `{base}-` (the suffixed variants of `base`). */
export async function listTakenVariants(db: Executor, key: { space: string; regionLocale: string; base: string }): Promise<string[]> {
  // URI titles hold only [a-z0-9-], so the base needs no LIKE escaping.
  const rows = await db
    .selectFrom('uri_slug')
    .select('uri_title')
    .where('space', '=', key.space)
    .where('region_locale', '=', key.regionLocale)
    .where('uri_title', 'like', `${key.base}-%`)
    .execute();
  return rows.map((row) => row.uri_title);
}

/** The slugs a version owns, on any space and region. */
export async function listSlugsOf(db: Executor, version: VersionKey): Promise<UriSlugRow[]> {
  return db.selectFrom('uri_slug').selectAll().where('asset_id', '=', version.assetId).where('locale', '=', version.locale).orderBy('slug_id').execute();
}
