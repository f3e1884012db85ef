import type { Insertable, Kysely, Transaction } from 'kysely';
import type { StencilDefinition } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import { writeSearchEntry } from '../../db/dialects/fullText.ts';
import type { AssetLocalizationTable, DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';
import { changedMetaOnly, changedValues, parseContent, type StoredContent } from './content.ts';
import { deriveColumns } from './derived.ts';
import { guardFieldChanges } from './fieldGuard.ts';
import { recordArchiveUse } from '../media-archive/assetUse.ts';
import { recordRevision } from '../revision-store/revisionStore.ts';
import type { Actor, LoadedVersion, VersionMeta } from './types.ts';

const now = () => new Date().toISOString();

/** 412: the write was based on an older version; the body names the newer one so the app can show the conflict. */
export function conflict(current: repo.LocalizationRow): HttpError {
  return new HttpError(412, 'A newer version of this asset is on the server.', {
    code: 'version-conflict',
    extra: { current: { version: current.version, updatedBy: current.updated_by, updatedDate: current.updated_at } },
  });
}

/** Stores what lists, search and usage read from a version: derived columns, references and the search entry. */
export async function storeDerived(
  trx: Kysely<DB> | Transaction<DB>,
  dialect: Dialect,
  input: { id: string; locale: string; stencil: StencilDefinition; content: StoredContent },
): Promise<void> {
  const derived = deriveColumns(input.stencil, input.content);
  await repo.updateDerived(trx, {
    id: input.id,
    locale: input.locale,
    values: {
      title: derived.title,
      error_count: derived.errorCount,
      main_image: derived.mainImage,
      search_text: derived.searchText,
      infographic: derived.infographic ? 1 : 0,
      // With its references, in the same transaction: the list counts tags from this column (migration 011).
      tag_ids: derived.tagIds,
    },
  });
  await repo.replaceReferences(trx, { id: input.id, locale: input.locale, references: derived.references });
  await writeSearchEntry(trx, dialect, { id: input.id, locale: input.locale, title: derived.title, body: derived.searchText });
  // The archive items its media inputs use learn their asset (spec 000 §3 media library item).
  await recordArchiveUse(trx, { assetId: input.id, content: input.content });
}

/** The dates and people of a version's row; a new version has only its creation (`created` is also its update). */
export interface VersionRowDates {
  created: { at: string; by: string };
  updated?: { at: string; by: string } | undefined;
  firstPublishedAt?: string | null | undefined;
  lastPublishedAt?: string | null | undefined;
  publishStart?: string | null | undefined;
  publishEnd?: string | null | undefined;
}

/**
 * The stored row of a version with the columns derived from its content (title, error count, search text, tags...),
 * the one mapping of a version's write to its row: `insertVersion` and the demo seed's bulk rows both use it.
 */
export function versionRowOf(input: {
  id: string;
  locale: string;
  stencil: StencilDefinition;
  content: StoredContent;
  meta: VersionMeta;
  status: string;
  version: number;
  published: StoredContent | null;
  dates: VersionRowDates;
}): Insertable<AssetLocalizationTable> & { tag_ids: string } {
  const derived = deriveColumns(input.stencil, input.content);
  const { dates } = input;
  return {
    asset_id: input.id,
    locale: input.locale,
    stencil: input.stencil.name,
    status: input.status,
    title: derived.title,
    error_count: derived.errorCount,
    main_image: derived.mainImage,
    search_text: derived.searchText,
    infographic: derived.infographic ? 1 : 0,
    tag_ids: derived.tagIds,
    content: JSON.stringify(input.content),
    meta: JSON.stringify(input.meta),
    changed_properties: JSON.stringify(changedValues(input.published ?? {}, input.content)),
    published_content: input.published ? JSON.stringify(input.published) : null,
    version: input.version,
    created_at: dates.created.at,
    created_by: dates.created.by,
    updated_at: dates.updated?.at ?? dates.created.at,
    updated_by: dates.updated?.by ?? dates.created.by,
    first_published_at: dates.firstPublishedAt ?? null,
    last_published_at: dates.lastPublishedAt ?? null,
    last_shipped_at: null,
    publish_start: dates.publishStart ?? null,
    publish_end: dates.publishEnd ?? null,
  };
}

/**
 * Inserts version 1 of a locale with its first revision, or (a version restored from the trash) the version after
 * its last revision, `after` being that revision.
 */
export async function insertVersion(
  trx: Kysely<DB>,
  dialect: Dialect,
  input: { actor: Actor; id: string; locale: string; stencil: StencilDefinition; content: StoredContent; meta: VersionMeta; at: string; action: string; after?: { version: number; content: StoredContent } },
): Promise<void> {
  const version = (input.after?.version ?? 0) + 1;
  const row = versionRowOf({ ...input, status: 'draft', version, published: null, dates: { created: { at: input.at, by: input.actor.identity.name } } });
  await repo.insertLocalization(trx, row);
  const previous = input.after?.content ?? {};
  await recordRevision(trx, { id: input.id, locale: input.locale, version, action: input.action, by: input.actor.identity, at: input.at, previous, content: input.content, changedProperties: changedValues(previous, input.content), ifMatch: null });
  await storeDerived(trx, dialect, { id: input.id, locale: input.locale, stencil: input.stencil, content: input.content });
}

/**
 * Writes new content for a version as one compare-and-set on its version number, with its revision in the
 * same transaction. `ifMatch` is the version the writer saw; without it the write is based on whatever is stored.
 * A change to an input the user may not edit (spec 002 §5 field-level rights) is refused before anything is written.
 */
export async function writeContent(db: Kysely<DB>, dialect: Dialect, input: {
  actor: Actor;
  current: LoadedVersion;
  content: StoredContent;
  meta: VersionMeta;
  ifMatch: number | undefined;
  action: string;
  extra?: { last_shipped_at?: string };
  /** Writes that belong to this change, in its transaction after it won (a ship's webhook event). */
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<void>;
}): Promise<void> {
  const { actor, current } = input;
  const row = current.localization;
  if (input.ifMatch !== undefined && input.ifMatch !== row.version) throw conflict(row);
  const published = row.published_content ? parseContent(row.published_content) : {};
  const previous = parseContent(row.content);
  guardFieldChanges({ rights: actor.rights, stencil: current.stencil, before: previous, after: input.content, isPublished: row.first_published_at !== null, pendingSlugTitles: current.pendingSlugTitles });
  const at = now();
  const meta: VersionMeta = { ...input.meta, previewedProperties: changedMetaOnly(published, input.content) };
  const contentJson = JSON.stringify(input.content);
  const won = await db.transaction().execute(async (trx) => {
    const written = await repo.updateLocalizationIfVersion(trx, {
      id: row.asset_id,
      locale: row.locale,
      expectedVersion: row.version,
      values: {
        content: contentJson,
        meta: JSON.stringify(meta),
        changed_properties: JSON.stringify(changedValues(published, input.content)),
        updated_at: at,
        updated_by: actor.identity.name,
        ...input.extra,
      },
    });
    if (!written) return false;
    await recordRevision(trx, {
      id: row.asset_id,
      locale: row.locale,
      version: row.version + 1,
      action: input.action,
      by: actor.identity,
      at,
      previous,
      content: input.content,
      contentJson,
      changedProperties: changedValues(previous, input.content),
      ifMatch: input.ifMatch ?? null,
    });
    await storeDerived(trx, dialect, { id: row.asset_id, locale: row.locale, stencil: current.stencil, content: input.content });
    await input.alsoInTransaction?.(trx);
    return true;
  });
  if (!won) {
    const latest = await repo.findLocalization(db, row.asset_id, row.locale);
    if (!latest) throw notFound(`No asset ${row.asset_id} in locale ${row.locale}.`);
    throw conflict(latest);
  }
}
