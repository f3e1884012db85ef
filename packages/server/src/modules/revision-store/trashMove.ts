import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './repository.ts';
import type { RevisionAuthor } from './revisionStore.ts';

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
export async function moveToTrash(
  trx: Transaction<DB>,
  input: {
    row: { asset_id: string; locale: string; stencil: string; title: string; meta: string; version: number };
    spaces: readonly string[];
    /** The asset's row, kept when this version is its last. */
    asset: object;
    by: RevisionAuthor;
    at: string;
  },
): Promise<void> {
  const { row } = input;
  const key = { id: row.asset_id, locale: row.locale };
  const [others, held] = await Promise.all([repo.listOtherLocales(trx, key), repo.listSlugsHeld(trx, key)]);
  const slugs: TrashedSlug[] = held.map((slug) => ({ slugId: slug.slug_id, space: slug.space, regionLocale: slug.region_locale, uriTitle: slug.uri_title, isClaim: slug.is_claim }));
  const id = crypto.randomUUID();
  await repo.insertDeletedVersion(trx, {
    id,
    asset_id: row.asset_id,
    locale: row.locale,
    stencil: row.stencil,
    title: row.title,
    spaces: JSON.stringify(input.spaces),
    meta: row.meta,
    asset_row: others.length === 0 ? JSON.stringify(input.asset) : null,
    slugs: JSON.stringify(slugs),
    last_version: row.version,
    deleted_at: input.at,
    deleted_by: input.by.name,
  });
  await repo.moveHistory(trx, { id: row.asset_id, locale: row.locale, deletedId: '' }, id);
}
