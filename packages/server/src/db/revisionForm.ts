import { applyPatchInPlace, changedPathsOf, diffJson, type JsonPatchOperation } from '@editor/domain';

/**
 * How a revision's content is stored (docs/revisions.md): a full snapshot every SNAPSHOT_EVERY revisions of a chain,
 * and between two snapshots a JSON patch (RFC 6902) from the revision before. A revision is rebuilt from the
 * snapshot its chain starts at (`base_version`) and the patches after it, so no rebuild applies more than
 * SNAPSHOT_EVERY - 1 patches, whatever the length of the history.
 */
export const SNAPSHOT_EVERY = 50;

/** A patch this much of its snapshot's size or more is stored as a snapshot: it would save little and cost a rebuild. */
const PATCH_SHARE_LIMIT = 0.5;

export type ContentForm = 'snapshot' | 'patch';

/** The stored form of one revision's content. */
export interface EncodedContent {
  form: ContentForm;
  /** The content's JSON (snapshot) or the patch's JSON (patch). */
  data: string;
  /** The version of the snapshot the chain starts at; the revision's own version for a snapshot. */
  baseVersion: number;
  changedPaths: string[];
}

/** The revision a new one follows in its chain, when there is one. */
export interface ChainHead {
  version: number;
  baseVersion: number;
}

/**
 * Encodes the content of revision `version`. `previous` is the content of the revision before it (`head`); without a
 * head, or when the chain is long enough, the revision is a snapshot.
 */
export function encodeRevision(input: { version: number; head: ChainHead | undefined; previous: unknown; content: unknown; contentJson?: string | undefined }): EncodedContent {
  const { head } = input;
  const operations = head ? diffJson(input.previous ?? {}, input.content) : diffJson({}, input.content);
  const changedPaths = changedPathsOf(operations);
  const contentJson = input.contentJson ?? JSON.stringify(input.content);
  const isChained = head !== undefined && input.version - head.baseVersion < SNAPSHOT_EVERY;
  if (isChained) {
    const patch = JSON.stringify(operations);
    if (patch.length < contentJson.length * PATCH_SHARE_LIMIT) return { form: 'patch', data: patch, baseVersion: head.baseVersion, changedPaths };
  }
  return { form: 'snapshot', data: contentJson, baseVersion: input.version, changedPaths };
}

/** Encodes a revision whose content is that of the revision before (a publish, an unpublish): an empty patch. */
export function encodeMark(input: { version: number; head: ChainHead | undefined; contentJson: string }): EncodedContent {
  const { head } = input;
  if (head && input.version - head.baseVersion < SNAPSHOT_EVERY) return { form: 'patch', data: '[]', baseVersion: head.baseVersion, changedPaths: [] };
  return { form: 'snapshot', data: input.contentJson, baseVersion: input.version, changedPaths: [] };
}

/** A stored revision's content as the rebuild reads it. */
export interface StoredForm {
  version: number;
  form: string;
  data: string;
}

/** The content at the last of `rows`: the chain from its snapshot (first) through its patches, in version order. */
export function rebuildContent(rows: readonly StoredForm[]): unknown {
  const [first, ...rest] = rows;
  if (!first || first.form !== 'snapshot') throw new Error('A revision chain must start at a snapshot.');
  // Parsed fresh, the content is patched in place: one copy for the whole chain.
  let content: unknown = JSON.parse(first.data);
  for (const row of rest) {
    content = row.form === 'snapshot' ? JSON.parse(row.data) : applyPatchInPlace(content, JSON.parse(row.data) as JsonPatchOperation[]);
  }
  return content;
}

/** Re-encodes a whole history from its full contents (migration 035, and the retention after thinning). */
export function encodeChain<T extends { version: number; content: unknown }>(revisions: readonly T[]): Array<T & { encoded: EncodedContent }> {
  let head: ChainHead | undefined;
  let previous: unknown;
  return revisions.map((revision) => {
    const encoded = encodeRevision({ version: revision.version, head, previous, content: revision.content });
    head = { version: revision.version, baseVersion: encoded.baseVersion };
    previous = revision.content;
    return { ...revision, encoded };
  });
}
