import type { Kysely } from 'kysely';
import { compareContents, mayUseLink, type FieldComparison, type RevisionContent } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { normaliseContent, parseContent, refuseGatedElements, type StoredContent } from '../assets/content.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor, LoadedVersion, VersionMeta } from '../assets/types.ts';
import { writeContent } from '../assets/versionWrites.ts';
import * as repo from '../revision-store/repository.ts';
import { loadRevisionContent } from '../revision-store/revisionStore.ts';

export interface RevisionsServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  assets: Pick<AssetsService, 'load' | 'rightsOn' | 'authorize'>;
  enabledFeatures: readonly string[];
}

interface VersionKey {
  id: string;
  locale: string;
}

const historyOf = (key: VersionKey): repo.HistoryKey => ({ id: key.id, locale: key.locale, deletedId: '' });

/** Issue 41: the revisions of a version, read with the rights of reading it and restored with those of editing it. */
export function createRevisionsService(options: RevisionsServiceOptions) {
  const { db, assets } = options;

  /** Whether the actor may restore into the version: the rights of a save (its self link's PUT). */
  const mayRestore = (actor: Actor, version: LoadedVersion) => mayUseLink(assets.rightsOn(actor, version), 'self', 'PUT');

  /** A page of revisions, newest first; `before` is the version the page starts below. */
  async function list(actor: Actor, key: VersionKey, page: { before: number | undefined; limit: number }) {
    const version = await assets.load(actor, key.id, key.locale);
    // One more than asked tells whether an older page exists.
    const rows = await repo.listRevisions(db, historyOf(key), { before: page.before, limit: page.limit + 1 });
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, canRestore: mayRestore(actor, version) };
  }

  async function contentAt(key: VersionKey, revision: number): Promise<StoredContent> {
    const content = await loadRevisionContent(db, historyOf(key), revision);
    if (content === undefined) throw notFound(`Asset ${key.id} in locale ${key.locale} has no revision ${revision}.`);
    return content as StoredContent;
  }

  /** One revision with its content rebuilt as it was saved. */
  async function get(actor: Actor, key: VersionKey, revision: number) {
    const version = await assets.load(actor, key.id, key.locale);
    const row = await repo.findRevision(db, historyOf(key), revision);
    if (!row) throw notFound(`Asset ${key.id} in locale ${key.locale} has no revision ${revision}.`);
    return { row, content: await contentAt(key, revision), canRestore: mayRestore(actor, version) };
  }

  /** Field by field, what changed from revision `from` to revision `to` (either may be the newer). */
  async function compare(actor: Actor, key: VersionKey, range: { from: number; to: number }): Promise<FieldComparison[]> {
    const version = await assets.load(actor, key.id, key.locale);
    const [before, after] = await Promise.all([contentAt(key, range.from), contentAt(key, range.to)]);
    return compareContents({ inputs: version.stencil.inputs, before: before as RevisionContent, after: after as RevisionContent });
  }

  /**
   * Restores a revision, or one input of it, as a new save over the version the client saw (`ifMatch`, required):
   * a stale one is refused with 412 like a save, with the same rights, and the restore is a revision of its own.
   */
  async function restore(actor: Actor, key: VersionKey, input: { revision: number; input: string | undefined; ifMatch: number | undefined }): Promise<LoadedVersion> {
    const current = await assets.load(actor, key.id, key.locale);
    assets.authorize(actor, current, { link: 'self', method: 'PUT', refusal: 'You may not edit this asset.' });
    if (input.ifMatch === undefined) throw new HttpError(428, 'A restore must name the version it is based on in If-Match.', { code: 'precondition-required' });
    const restored = await contentAt(key, input.revision);
    const stored = parseContent(current.localization.content);
    let content: StoredContent;
    if (input.input === undefined) {
      content = restored;
    } else {
      const name = input.input;
      if (!current.stencil.inputs.some((definition) => definition.name === name)) throw badRequest(`input: the ${current.stencil.label} stencil has no input named "${name}".`);
      content = { ...stored };
      const value = restored[name];
      if (value) content[name] = value;
      else delete content[name];
    }
    const checked = normaliseContent(current.stencil, content);
    refuseGatedElements({ stencil: current.stencil, before: stored, after: checked, features: options.enabledFeatures });
    await writeContent(db, options.dialect, {
      actor,
      current,
      content: checked,
      meta: JSON.parse(current.localization.meta) as VersionMeta,
      ifMatch: input.ifMatch,
      action: input.input === undefined ? `restore:${input.revision}` : `restore:${input.revision}:${input.input}`,
    });
    return assets.load(actor, key.id, key.locale);
  }

  return { list, get, compare, restore };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
