import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeliveredAsset, StencilDefinition } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { findQueued, queueOutdated, storeDocuments } from './documentsRepository.ts';
import { referencedIds, type StoredValues } from './presenter.ts';
import type { DocumentRow, TargetState, VersionRow } from './repository.ts';

/**
 * Ready documents (migration 034): each published version as the delivery API answers it, made ahead by the server
 * (`createDocumentMaker`) so that a read is one indexed lookup. A read still decides at its own moment whether the
 * version is live (its window and embargo), in the key's scope; it takes the document only when the key reads every
 * space and locale the document shows, the document is still valid and nothing it shows changed since it was made
 * (the migration's triggers queue it again). Otherwise the answer is made for the request, as before.
 */

/** Changes whenever what a document holds is made differently (the presenter's output), so old ones are made again. */
const DOCUMENT_FORMAT = 3;

/**
 * What a document is made with besides the data: the stencils (which inputs are delivered, how), the image address,
 * and the installation's spaces and locales, which bound what any document shows: a key holding all of them reads
 * every document without comparing its scope.
 */
export function documentFingerprint(input: { stencils: readonly StencilDefinition[]; images: ImageDelivery; spaces: readonly string[]; locales: readonly string[] }): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([DOCUMENT_FORMAT, input.images.baseUrl ?? null, input.stencils, input.spaces.toSorted(), input.locales.toSorted()]))
    .digest('hex');
}

/** A document's spaces or locales as stored (`,a,b,`), or `*`: only a key that reads every space. */
const listOf = (values: Iterable<string>) => `,${[...new Set(values)].toSorted().join(',')},`;
const ALL = '*';

/** The spaces and locales a document shows: its version's, its slugs', and those of every version its references could resolve to. */
const spacesOf = (spaces: string) => spaces.split(',').filter(Boolean);

export function documentScope(input: { row: VersionRow; targets: readonly TargetState[]; slugSpaces: readonly string[] }): { scope_spaces: string; scope_locales: string } {
  const versions = [input.row.spaces, ...input.targets.map((target) => target.spaces)].map(spacesOf);
  // A version without spaces is read only by a key that holds every space (no space filter at all).
  const spaces = versions.some((list) => list.length === 0) ? ALL : listOf([...versions.flat(), ...input.slugSpaces]);
  return { scope_spaces: spaces, scope_locales: listOf([input.row.locale, ...input.targets.map((target) => target.locale)]) };
}

/**
 * When the document stops being what a read would make: the first moment ahead at which a version its references
 * could resolve to enters or leaves its window (unpublish date, embargo start or end); null when none is ahead.
 */
export function targetsChangeAt(targets: readonly TargetState[], now: string): string | null {
  const ahead = targets.flatMap((target) => [target.publish_end, target.embargo_start, target.embargo_end]).filter((at): at is string => at !== null && at > now);
  return ahead.length === 0 ? null : ahead.toSorted()[0]!;
}

/** The ids each top-level input references or links to, in the stencil's order: a field selection's purge keys. */
export function referencesByInput(stencil: StencilDefinition, content: StoredValues): Record<string, string[]> {
  const refs: Record<string, string[]> = {};
  for (const input of stencil.inputs) {
    const ids = new Set<string>();
    referencedIds({ ...stencil, inputs: [input] }, content, ids);
    if (ids.size > 0) refs[input.name] = [...ids];
  }
  return refs;
}

/**
 * What a document's `refs` column holds: the ids each input references or links to (a field selection's purge keys),
 * and where the content object and each of its inputs stand in the document's JSON (`[start, end)`), so a field
 * selection is cut from the stored JSON without parsing it.
 */
interface DocumentIndex {
  refs: Record<string, string[]>;
  content: [number, number];
  inputs: Array<[string, number, number]>;
}

/**
 * A delivered answer's JSON, exactly as JSON.stringify writes it, and the `refs` column of its document: written key
 * by key so that the offsets of the content and of each input are known.
 */
export function documentJson(asset: DeliveredAsset, refs: Record<string, string[]>): { json: string; refs: string } {
  let json = '{';
  let content: [number, number] = [0, 0];
  const inputs: DocumentIndex['inputs'] = [];
  for (const [key, value] of Object.entries(asset)) {
    // As JSON.stringify, which leaves such members out.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    json += `${json === '{' ? '' : ','}${JSON.stringify(key)}:`;
    if (key !== 'content') {
      json += JSON.stringify(value);
      continue;
    }
    const start = json.length;
    json += '{';
    for (const [name, input] of Object.entries(asset.content)) {
      if (input === undefined || typeof input === 'function' || typeof input === 'symbol') continue;
      const at = json.length + (json.length === start + 1 ? 0 : 1);
      json += `${json.length === start + 1 ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(input)}`;
      inputs.push([name, at, json.length]);
    }
    json += '}';
    content = [start, json.length];
  }
  json += '}';
  const index: DocumentIndex = { refs, content, inputs };
  return { json, refs: JSON.stringify(index) };
}

/**
 * A version's answer from its document: as stored, or with the selected inputs only (as a selection reads them, in
 * the stencil's order) and the assets those reference, cut from the stored JSON. The JSON is what JSON.stringify
 * makes of the made answer.
 */
export function documentItem(row: DocumentRow, fields: readonly string[] | undefined): { json: string; etag: string | undefined; assetIds: string[] } {
  const json = row.doc_json ?? '';
  if (fields === undefined) return { json, etag: row.doc_etag ?? undefined, assetIds: (row.doc_asset_ids ?? '').split(' ').filter(Boolean) };
  const names = new Set(fields);
  const index = JSON.parse(row.doc_refs ?? '{}') as DocumentIndex;
  const [start, end] = index.content;
  const selected = index.inputs.filter(([name]) => names.has(name)).map(([, from, to]) => json.slice(from, to));
  const assetIds = [...new Set([row.asset_id, ...Object.entries(index.refs).flatMap(([name, ids]) => (names.has(name) ? ids : []))])];
  return { json: `${json.slice(0, start)}{${selected.join(',')}}${json.slice(end)}`, etag: undefined, assetIds };
}

/** Until when answers of these rows hold (epoch ms): their own unpublish date or embargo end, their documents' validity. */
export function documentValidUntil(rows: readonly DocumentRow[], now: string): number | undefined {
  // A loop, not a chain of arrays: every read of one version by slug or id passes here.
  let first = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    for (const end of [row.publish_end, row.embargo_end, row.doc_valid_until]) if (end !== null && end >= now) first = Math.min(first, Date.parse(end));
  }
  return first === Number.POSITIVE_INFINITY ? undefined : first;
}

/** Versions made into documents per transaction. */
const BATCH = 100;
/** How often the queue is looked at when nothing wakes the maker. */
const DEFAULT_INTERVAL_MS = 250;
/** How often documents past their validity are queued. */
const EXPIRY_CHECK_MS = 5000;
/**
 * How long a wake waits before the maker looks: the versions of the writes answered meanwhile are made in one batch
 * and stored in one transaction (on SQLite one commit, a millisecond, for all of them). A read meanwhile makes its
 * answer itself, as for any version without a document.
 */
const WAKE_DELAY_MS = 50;

/**
 * Makes the queued ready documents in the background (every instance; a document made twice is stored once):
 * right away when `wake` says something was written through this instance, else every `intervalMs`. At its first
 * run it queues the documents made with another fingerprint (stencils or image address changed since).
 */
export function createDocumentMaker(options: {
  db: Kysely<DB>;
  dialect: Dialect;
  make: (queued: Awaited<ReturnType<typeof findQueued>>) => Promise<Parameters<typeof storeDocuments>[1]['made']>;
  fingerprint: string;
  now: () => Date;
  intervalMs?: number;
  onError: (error: unknown) => void;
}) {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  /** When the timer fires (epoch ms). */
  let dueAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let isStopped = true;
  let isWanted = false;
  let checkedAt: number | undefined;

  /** Makes and stores everything queued now; answers how many documents it stored or dropped. */
  async function runOnce(): Promise<number> {
    const now = options.now();
    if (checkedAt === undefined || now.getTime() - checkedAt >= EXPIRY_CHECK_MS) {
      await queueOutdated(options.db, { fingerprint: options.fingerprint, now: now.toISOString(), isFingerprintChecked: checkedAt === undefined });
      checkedAt = now.getTime();
    }
    let total = 0;
    for (;;) {
      const queued = await findQueued(options.db, BATCH);
      if (queued.length === 0) return total;
      const stored = await storeDocuments(options.db, { dialect: options.dialect, made: await options.make(queued) });
      total += stored;
      // Nothing stored: each was changed again meanwhile; the next run makes them anew.
      if (stored === 0 || queued.length < BATCH || isStopped) return total;
    }
  }

  function schedule(ms: number): void {
    if (isStopped) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(tick, ms);
  }

  function tick(): void {
    if (running) {
      isWanted = true;
      return;
    }
    running = runOnce()
      .then(() => undefined, options.onError)
      .finally(() => {
        running = undefined;
        schedule(isWanted ? WAKE_DELAY_MS : intervalMs);
        isWanted = false;
      });
  }

  return {
    runOnce,
    start(): void {
      if (!isStopped) return;
      isStopped = false;
      schedule(0);
    },
    /** Something was written: look at the queue within `WAKE_DELAY_MS` rather than at the next tick; a look due sooner stays. */
    wake(): void {
      if (isStopped) return;
      if (running) isWanted = true;
      else if (dueAt > Date.now() + WAKE_DELAY_MS) schedule(WAKE_DELAY_MS);
    },
    async stop(): Promise<void> {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type DocumentMaker = ReturnType<typeof createDocumentMaker>;
