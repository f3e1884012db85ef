import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { encodeChain, encodeMark, encodeRevision, rebuildContent, type ChainHead, type EncodedContent } from '../../db/revisionForm.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Who made a change: the signed-in user, or the user a scheduled transition runs for. */
export interface RevisionAuthor {
  id: string;
  name: string;
}

/**
 * Records revision `version` of a version in the transaction of the change that made it (issue 41): every
 * acknowledged change writes one, a refused one none, as the two commit or roll back together. `previous` is the
 * content of the version before and `content` the new one (each parsed or as stored JSON); for a publish or
 * unpublish they are the same and the revision is a mark on the timeline.
 */
export async function recordRevision(
  trx: Transaction<DB> | Kysely<DB>,
  input: {
    id: string;
    locale: string;
    version: number;
    action: string;
    by: RevisionAuthor;
    at: string;
    previous: unknown;
    content: unknown;
    /** The new content's JSON when the caller has it already. */
    contentJson?: string | undefined;
    changedProperties: readonly string[];
    ifMatch: number | null;
  },
): Promise<void> {
  const key = { id: input.id, locale: input.locale, deletedId: '' };
  const found = input.version > 1 ? await repo.findHead(trx, key) : undefined;
  // The chain goes on only from the revision just before; a history with a gap (versions written before revisions
  // were kept for them) starts a new chain with a snapshot.
  const head: ChainHead | undefined = found && found.version === input.version - 1 ? { version: found.version, baseVersion: found.base_version ?? found.version } : undefined;
  let encoded: EncodedContent;
  if (typeof input.content === 'string' && input.content === input.previous) {
    // A mark on the timeline (publish, unpublish): the content is the stored one, nothing to parse or compare.
    encoded = encodeMark({ version: input.version, head, contentJson: input.content });
  } else {
    const previous = typeof input.previous === 'string' ? (JSON.parse(input.previous) as unknown) : input.previous;
    const content = typeof input.content === 'string' ? (JSON.parse(input.content) as unknown) : input.content;
    const contentJson = input.contentJson ?? (typeof input.content === 'string' ? input.content : undefined);
    encoded = encodeRevision({ version: input.version, head, previous, content, contentJson });
  }
  await repo.insertRevision(trx, {
    asset_id: input.id,
    locale: input.locale,
    version: input.version,
    action: input.action,
    user_id: input.by.id,
    user_name: input.by.name,
    at: input.at,
    changed_properties: JSON.stringify(input.changedProperties),
    content: encoded.data,
    content_form: encoded.form,
    base_version: encoded.baseVersion,
    changed_paths: JSON.stringify(encoded.changedPaths),
    if_match: input.ifMatch,
  });
}

/** The content of a revision as it was saved, rebuilt from its chain; undefined when there is no such revision. */
export async function loadRevisionContent(db: Executor, key: repo.HistoryKey, version: number): Promise<unknown> {
  const row = await repo.findRevision(db, key, version);
  if (!row) return undefined;
  const forms = await repo.listForms(db, key, { from: row.base_version ?? version, to: version });
  return rebuildContent(forms.map((form) => ({ version: form.version, form: form.content_form, data: form.content })));
}

/**
 * The revision rows of a whole history written at once (the demo seed), encoded as `recordRevision` encodes them
 * one by one: the same snapshots, patches and changed paths.
 */
export function revisionRowsOf(input: {
  id: string;
  locale: string;
  steps: ReadonlyArray<{ action: string; by: RevisionAuthor; at: string; content: unknown; changedProperties: readonly string[]; ifMatch: number | null }>;
}): Array<Insertable<DB['asset_history']>> {
  return encodeChain(input.steps.map((step, index) => ({ ...step, version: index + 1 }))).map((step) => ({
    asset_id: input.id,
    locale: input.locale,
    version: step.version,
    action: step.action,
    user_id: step.by.id,
    user_name: step.by.name,
    at: step.at,
    changed_properties: JSON.stringify(step.changedProperties),
    content: step.encoded.data,
    content_form: step.encoded.form,
    base_version: step.encoded.baseVersion,
    changed_paths: JSON.stringify(step.encoded.changedPaths),
    if_match: step.ifMatch,
  }));
}
