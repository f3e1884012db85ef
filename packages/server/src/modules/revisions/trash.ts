import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, DeletedVersionTable } from '../../db/schema.ts';
import * as slugsRepo from '../slugs/repository.ts';
import type { LoadedVersion } from '../assets/types.ts';
import * as repo from './repository.ts';
import type { RevisionAuthor } from './revisionStore.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A URI slug a deleted version owned or claimed, to be checked again when it is restored. */
export interface TrashedSlug {
  slugId: string;
  space: string;
  regionLocale: string;
  uriTitle: string;
  isClaim: boolean;
}

/**
 * Issue 41, deleted is not gone: in the transaction that deletes a version (before its rows go), its revisions move
 * to a new trash entry that remembers what a restore needs: the container when this was its last version, the
 * spaces, the meta and the URI slugs it held.
 */
export async function moveToTrash(trx: Transaction<DB>, input: { version: LoadedVersion; by: RevisionAuthor; at: string }): Promise<void> {
  const { version } = input;
  const row = version.localization;
  const key = { assetId: row.asset_id, locale: row.locale };
  const [others, owned, claims] = await Promise.all([
    trx.selectFrom('asset_localization').select('locale').where('asset_id', '=', row.asset_id).where('locale', '!=', row.locale).execute(),
    slugsRepo.listSlugsOf(trx, key),
    slugsRepo.listClaimsBy(trx, key),
  ]);
  const claimed = await Promise.all(claims.map((claim) => slugsRepo.findSlug(trx, claim.slug_id)));
  const slugs: TrashedSlug[] = [
    ...owned.map((slug) => ({ slugId: slug.slug_id, space: slug.space, regionLocale: slug.region_locale, uriTitle: slug.uri_title, isClaim: false })),
    ...claimed.flatMap((slug) => (slug ? [{ slugId: slug.slug_id, space: slug.space, regionLocale: slug.region_locale, uriTitle: slug.uri_title, isClaim: true }] : [])),
  ];
  const id = crypto.randomUUID();
  await repo.insertDeletedVersion(trx, {
    id,
    asset_id: row.asset_id,
    locale: row.locale,
    stencil: row.stencil,
    title: row.title,
    spaces: JSON.stringify(version.spaces),
    meta: row.meta,
    asset_row: others.length === 0 ? JSON.stringify(version.asset) : null,
    slugs: JSON.stringify(slugs),
    last_version: row.version,
    deleted_at: input.at,
    deleted_by: input.by.name,
  });
  await repo.moveHistory(trx, { id: row.asset_id, locale: row.locale, deletedId: '' }, id);
}

export type SlugOutcome = 'owned' | 'claimed' | 'taken';

/**
 * Spec 000 §3 checked again for a restored version: a slug still free becomes its own again; one another version
 * took meanwhile gets a pending claim, as a claim on a taken slug would, unless another claim is pending (taken).
 */
export async function reclaimSlugs(trx: Executor, input: { entry: DeletedVersionTable; by: RevisionAuthor; at: string }): Promise<Array<{ slugId: string; outcome: SlugOutcome }>> {
  const { entry } = input;
  const owner = { assetId: entry.asset_id, locale: entry.locale };
  const outcomes: Array<{ slugId: string; outcome: SlugOutcome }> = [];
  for (const slug of JSON.parse(entry.slugs) as TrashedSlug[]) {
    await slugsRepo.insertSlugIfFree(trx, { slug_id: slug.slugId, space: slug.space, region_locale: slug.regionLocale, uri_title: slug.uriTitle, asset_id: owner.assetId, locale: owner.locale, created_at: input.at });
    const current = await slugsRepo.findSlug(trx, slug.slugId);
    if (current?.asset_id === owner.assetId && current.locale === owner.locale) {
      outcomes.push({ slugId: slug.slugId, outcome: 'owned' });
      continue;
    }
    await slugsRepo.insertClaimIfNone(trx, { slug_id: slug.slugId, asset_id: owner.assetId, locale: owner.locale, user_name: input.by.name, created_at: input.at });
    const claim = await slugsRepo.findClaim(trx, slug.slugId);
    outcomes.push({ slugId: slug.slugId, outcome: claim?.asset_id === owner.assetId && claim.locale === owner.locale ? 'claimed' : 'taken' });
  }
  return outcomes;
}
