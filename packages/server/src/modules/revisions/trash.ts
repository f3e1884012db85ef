import type { Kysely, Transaction } from 'kysely';
import { canManageTrash } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB, DeletedVersionTable } from '../../db/schema.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import * as slugsRepo from '../slugs/repository.ts';
import * as assetsRepo from '../assets/repository.ts';
import type { AssetRow } from '../assets/repository.ts';
import type { StoredContent } from '../assets/content.ts';
import type { Actor, StencilLookup, VersionMeta } from '../assets/types.ts';
import { insertVersion } from '../assets/versionWrites.ts';
import * as repo from '../revision-store/repository.ts';
import { loadRevisionContent, type RevisionAuthor } from '../revision-store/revisionStore.ts';
import type { TrashedSlug } from '../revision-store/trashMove.ts';

type Executor = Kysely<DB> | Transaction<DB>;

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

function requireTrashRights(actor: Actor): void {
  if (!canManageTrash(actor.rights)) throw forbidden('The trash is for technical admins.');
}

/** The container of a restored version: the asset as it is, or as the trash kept it when it went with a version. */
async function containerOf(trx: Transaction<DB>, entry: DeletedVersionTable): Promise<{ exists: true } | { exists: false; row: AssetRow } | undefined> {
  if (await assetsRepo.findAsset(trx, entry.asset_id)) return { exists: true };
  const kept = entry.asset_row ?? (await repo.findKeptContainer(trx, entry.asset_id));
  return kept ? { exists: false, row: JSON.parse(kept) as AssetRow } : undefined;
}

export interface TrashServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  stencils: StencilLookup;
}

/** Issue 41 trash: technical admins list deleted versions and restore one from its revisions. */
export function createTrashService(options: TrashServiceOptions) {
  const { db } = options;

  async function list(actor: Actor, page: { after: { at: string; id: string } | undefined; limit: number }) {
    requireTrashRights(actor);
    const rows = await repo.listDeletedVersions(db, { after: page.after, limit: page.limit + 1 });
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
  }

  /**
   * Restores a deleted version as a draft from its last revision: its revisions come back with it and the restore is
   * one more. Its URI slugs are checked again (`reclaimSlugs`). Refused with 409 when the locale exists again.
   */
  async function restore(actor: Actor, id: string) {
    requireTrashRights(actor);
    const at = new Date().toISOString();
    return db.transaction().execute(async (trx) => {
      const entry = await repo.findDeletedVersion(trx, id);
      if (!entry) throw notFound(`No deleted version ${id}.`);
      if (await assetsRepo.findLocalization(trx, entry.asset_id, entry.locale)) {
        throw new HttpError(409, `Locale ${entry.locale} exists again for this asset; it cannot be restored over.`, { code: 'locale-exists' });
      }
      const stencil = options.stencils.get(entry.stencil);
      if (!stencil) throw new HttpError(409, `The stencil "${entry.stencil}" of this asset is not installed.`, { code: 'unknown-stencil' });
      const container = await containerOf(trx, entry);
      if (!container) throw new HttpError(409, 'The asset of this version is gone and the trash does not hold it.', { code: 'container-gone' });
      const content = (await loadRevisionContent(trx, { id: entry.asset_id, locale: entry.locale, deletedId: entry.id }, entry.last_version)) as StoredContent | undefined;
      if (content === undefined) throw new HttpError(409, 'The trash holds no revision of this version to restore.', { code: 'no-revision' });
      if (!container.exists) await assetsRepo.insertAsset(trx, container.row, JSON.parse(entry.spaces) as string[]);
      await repo.moveHistory(trx, { id: entry.asset_id, locale: entry.locale, deletedId: entry.id }, '');
      await insertVersion(trx, options.dialect, {
        actor,
        id: entry.asset_id,
        locale: entry.locale,
        stencil,
        content,
        meta: JSON.parse(entry.meta) as VersionMeta,
        at,
        action: 'restore-deleted',
        after: { version: entry.last_version, content },
      });
      const slugs = await reclaimSlugs(trx, { entry, by: actor.identity, at });
      await repo.deleteDeletedVersion(trx, entry.id);
      return { id: entry.asset_id, localization: entry.locale, version: entry.last_version + 1, slugs };
    });
  }

  return { list, restore };
}

export type TrashService = ReturnType<typeof createTrashService>;
