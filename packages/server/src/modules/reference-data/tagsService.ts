import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PLAYGROUND_PROJECT_SUBTYPE,
  canCreatePlaygroundProject,
  checkTagRecordInput,
  isPlaygroundProjectReference,
  tagExternalId,
  type TagRecordInput,
  type TagRecordPatch,
  type TagReference,
  type UpsertResult,
} from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import * as repo from '../tag-feed/repository.ts';
import type { TagResourceRow } from '../tag-feed/repository.ts';
import type { PlaygroundProjectAssets } from './playgroundProjectAssets.ts';
import { changedColumns, recordChange, upsertEach, type RecordEditor } from './recordWriter.ts';

const referenceOf = (row: TagResourceRow): TagReference => ({ origin: row.origin as TagReference['origin'], foreignId: row.foreign_id });

/**
 * Writing the content repository's tags the tag feed answers (migration 028): topic tags of meppconnect, the SAP
 * business warehouse's, and mediaplanet's playground projects, each known by its external reference. A playground
 * project needs a broader tag whose label is no BP id (spec 001 §5), and gets the `tag` asset a project profile
 * references (`projectAssets`); a tag with narrower tags is not deleted.
 */
export function createTagsService(options: { db: Kysely<DB>; audit: AuditLog; projectAssets: PlaygroundProjectAssets; now?: () => Date }) {
  const { db, audit } = options;
  const clock = options.now ?? (() => new Date());

  async function get(reference: TagReference): Promise<TagResourceRow> {
    const row = await repo.findTagByReference(db, reference);
    if (!row) throw notFound(`There is no ${reference.origin} tag ${reference.foreignId}.`);
    return row;
  }

  /** The stored row the input describes, keeping what only the store knows (id, author, creation). */
  async function rowOf(input: TagRecordInput, identity: Pick<TagResourceRow, 'id' | 'author' | 'created_at' | 'status'>): Promise<TagResourceRow> {
    const parent = input.broaderTag ? await repo.findTagByReference(db, input.broaderTag) : undefined;
    if (input.broaderTag && !parent) throw badRequest(`broaderTag: there is no ${input.broaderTag.origin} tag ${input.broaderTag.foreignId}.`);
    if (parent && parent.id === identity.id) throw badRequest('broaderTag: a tag cannot be its own broader tag.');
    const isProject = isPlaygroundProjectReference(input);
    if (isProject && !canCreatePlaygroundProject(input.foreignId, parent)) {
      throw badRequest('broaderTag: a playground project needs a broader tag that is not itself a playground project.');
    }
    return {
      id: identity.id,
      origin: input.origin,
      foreign_id: input.foreignId,
      title: input.title,
      label: input.label ?? input.foreignId,
      uri_slug: input.uriSlug,
      sub_type: isProject ? PLAYGROUND_PROJECT_SUBTYPE : null,
      status: identity.status,
      author: identity.author,
      broader_tag_id: parent?.id ?? null,
      created_at: identity.created_at,
    };
  }

  const newIdentity = (editor: RecordEditor) => ({ id: crypto.randomUUID(), author: editor.name, created_at: clock().toISOString(), status: 'published' });

  async function create(editor: RecordEditor, input: TagRecordInput): Promise<TagResourceRow> {
    if (await repo.findTagByReference(db, input)) throw new HttpError(409, `The ${input.origin} tag ${input.foreignId} exists; change it, or upsert it.`, { code: 'conflict' });
    const row = await rowOf(input, newIdentity(editor));
    try {
      await repo.insertTag(db, row);
    } catch (error) {
      if (await repo.findTagByReference(db, input)) throw new HttpError(409, `The ${input.origin} tag ${input.foreignId} exists; change it, or upsert it.`, { code: 'conflict' });
      throw error;
    }
    recordChange(audit, { event: 'reference-data-create', editor, kind: 'tags', target: tagExternalId(input), externalId: tagExternalId(input) });
    await referenceable(editor, row);
    return row;
  }

  /** A playground project's tag asset, made if it has none yet (also when an earlier write stopped before it). */
  async function referenceable(editor: RecordEditor, row: TagResourceRow): Promise<void> {
    if (row.sub_type === PLAYGROUND_PROJECT_SUBTYPE) await options.projectAssets.ensure(editor, { foreignId: row.foreign_id, title: row.title });
  }

  async function inputOf(row: TagResourceRow): Promise<TagRecordInput> {
    const parent = row.broader_tag_id ? await repo.findTagById(db, row.broader_tag_id) : undefined;
    return { ...referenceOf(row), title: row.title, label: row.label, uriSlug: row.uri_slug, broaderTag: parent ? referenceOf(parent) : null };
  }

  async function update(editor: RecordEditor, reference: TagReference, patch: TagRecordPatch): Promise<TagResourceRow> {
    const before = await get(reference);
    const input = { ...(await inputOf(before)), ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
    const after = await rowOf(input, before);
    const changed = changedColumns(before, after);
    if (changed.length === 0) return before;
    await repo.updateTag(db, after);
    recordChange(audit, { event: 'reference-data-update', editor, kind: 'tags', target: tagExternalId(reference), externalId: tagExternalId(reference), changed });
    await referenceable(editor, after);
    return after;
  }

  async function remove(editor: RecordEditor, reference: TagReference): Promise<void> {
    const before = await get(reference);
    const narrower = await repo.countNarrowerTags(db, before.id);
    if (narrower > 0) throw new HttpError(409, `The ${reference.origin} tag ${reference.foreignId} is the broader tag of ${narrower} other tag${narrower > 1 ? 's' : ''}; delete or move them first.`, { code: 'conflict' });
    if (!(await repo.deleteTag(db, before.id))) throw notFound(`There is no ${reference.origin} tag ${reference.foreignId}.`);
    recordChange(audit, { event: 'reference-data-delete', editor, kind: 'tags', target: tagExternalId(reference), externalId: tagExternalId(reference) });
  }

  async function upsert(editor: RecordEditor, input: TagRecordInput): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: TagResourceRow }> {
    const before = await repo.findTagByReference(db, input);
    if (!before) {
      try {
        return { outcome: 'created', row: await create(editor, input) };
      } catch (error) {
        // Two writers of a new tag at once: the second updates the first one's.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
        return upsert(editor, input);
      }
    }
    const after = await rowOf(input, before);
    const changed = changedColumns(before, after);
    if (changed.length > 0) {
      await repo.updateTag(db, after);
      recordChange(audit, { event: 'reference-data-update', editor, kind: 'tags', target: tagExternalId(input), externalId: tagExternalId(input), changed });
    }
    await referenceable(editor, after);
    return { outcome: changed.length > 0 ? 'updated' : 'unchanged', row: changed.length > 0 ? after : before };
  }

  /** Upserts each item on its own, in order: a broader tag named earlier in the same batch is found by the later ones. */
  async function upsertBatch(editor: RecordEditor, items: readonly unknown[], hrefOf: (row: TagResourceRow) => string): Promise<UpsertResult[]> {
    return upsertEach({
      items,
      check: checkTagRecordInput,
      externalIdOf: (item) => {
        const record = (item !== null && typeof item === 'object' ? item : {}) as Record<string, unknown>;
        return [record.origin, record.foreignId].map((part) => (typeof part === 'string' ? part : '')).join('/');
      },
      upsert: async (item) => {
        const { outcome, row } = await upsert(editor, item);
        return { outcome, href: hrefOf(row) };
      },
    });
  }

  return { get, create, update, remove, upsert, upsertBatch };
}

export type TagsService = ReturnType<typeof createTagsService>;
