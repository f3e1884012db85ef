import type { Kysely } from 'kysely';
import {
  DELIVERY_PREFIX,
  normaliseEaqlDate,
  parseSlugId,
  resolveLocale,
  type DeliveredAsset,
  type DeliveryListQuery,
  type StencilDefinition,
} from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { StencilLookup } from '../assets/types.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { decodeCursor, encodeCursor, invalidCursor } from './cursor.ts';
import { documentFingerprint, documentItem, documentJson, documentScope, documentValidUntil, referencesByInput, targetsChangeAt } from './documents.ts';
import { etagOf } from './httpCaching.ts';
import { openLookups } from './lookups.ts';
import type { DeliveredJson } from './answerCache.ts';
import type { DeliveryScope } from './keysService.ts';
import { deliverContent, deliverSummary, presentAsset, referencedIds, selfHref, type DeliveryContext, type StoredValues } from './presenter.ts';
import { findAssetStamps, type MadeDocument, type QueuedVersion } from './documentsRepository.ts';
import { listPage } from './listRepository.ts';
import * as repo from './repository.ts';
import type { ContentSelection, DocumentRow, ReadScope, VersionRow } from './repository.ts';

/** An answer, and every asset it names or leaves out (its items, their references and links): a CDN's purge keys. */
export interface Delivered<T> {
  body: T;
  assetIds: string[];
  /** The first unpublish date or embargo end ahead among the versions in it (epoch ms): the answer changes then. */
  validUntil: number | undefined;
}

export interface DeliveryServiceOptions {
  db: Kysely<DB>;
  /** Where reads go instead of `db` (SQLite's reader threads), if anywhere. */
  readDb?: Kysely<DB> | undefined;
  dialect: Dialect;
  stencils: StencilLookup & { all(): readonly StencilDefinition[] };
  images: ImageDelivery;
  /** Every space of the installation: a key that holds them all needs no space check per version. */
  allSpaces: readonly string[];
  /** Every locale of the installation: ready documents are made for a key of every space and locale. */
  allLocales: readonly string[];
  /** The key that signs list cursors, shared by all instances. */
  cursorKey: () => Promise<Buffer>;
  /** The clock; tests move it. */
  now?: () => Date;
}

const notDelivered = () => notFound('No published asset here.');

const ALL_CONTENT: ContentSelection = { kind: 'all' };

function selectionOf(fields: readonly string[] | undefined): ContentSelection {
  if (fields === undefined) return ALL_CONTENT;
  const names = [...new Set(fields)];
  return names.length === 0 ? { kind: 'none' } : { kind: 'inputs', names };
}

const spacesOf = (row: VersionRow) => row.spaces.split(',').filter(Boolean);
const contentOf = (row: VersionRow): StoredValues => (row.content === null ? {} : (JSON.parse(row.content) as StoredValues));
const versionKey = (id: string, locale: string) => `${id} ${locale}`;

/** The first moment after `now` at which one of the versions leaves its window (its unpublish date or embargo end). */
function validUntilOf(rows: readonly VersionRow[], now: string): number | undefined {
  const ends = rows.flatMap((row) => [row.publish_end, row.embargo_end]).filter((end): end is string => end !== null && end >= now);
  return ends.length === 0 ? undefined : Math.min(...ends.map((end) => Date.parse(end)));
}

/** A day is the whole UTC day from its first to its last millisecond; a date-time is that instant. */
function boundOf(value: string | undefined, end: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const normalised = normaliseEaqlDate(value);
  if (normalised === undefined) throw badRequest(`published${end === 'from' ? 'From' : 'To'}: must be a date like 2026-01-31.`);
  if (normalised.includes('T')) return normalised;
  return end === 'from' ? `${normalised}T00:00:00.000Z` : `${normalised}T23:59:59.999Z`;
}

/** The list a cursor belongs to: its filters and order, whatever the page size and field selection. */
const listFingerprint = (query: DeliveryListQuery) =>
  JSON.stringify([query.sort, query.locale, query.stencil, query.space, query.tag, query.publishedFrom ?? null, query.publishedTo ?? null]);

/** The list's address with its query (and a cursor for the next page). */
function listHref(query: DeliveryListQuery, cursor?: string): string {
  const params = new URLSearchParams();
  for (const name of ['locale', 'stencil', 'space', 'tag'] as const) if (query[name].length > 0) params.set(name, query[name].join(','));
  if (query.publishedFrom !== undefined) params.set('publishedFrom', query.publishedFrom);
  if (query.publishedTo !== undefined) params.set('publishedTo', query.publishedTo);
  params.set('sort', query.sort);
  params.set('limit', String(query.limit));
  if (query.fields !== undefined) params.set('fields', query.fields.join(','));
  if (cursor !== undefined) params.set('cursor', cursor);
  return `${DELIVERY_PREFIX}/assets?${params.toString()}`;
}

/** A version's answer from its ready document, and until when it holds. */
function deliverDocument(row: DocumentRow, read: { now: string; fields: readonly string[] | undefined }): DeliveredJson {
  return { ...documentItem(row, read.fields), validUntil: documentValidUntil([row], read.now) };
}

export function createDeliveryService(options: DeliveryServiceOptions) {
  const { dialect, stencils, images } = options;
  const db = options.readDb ?? options.db;
  /** Where the reads of one version go (lookups.ts); the lists, which read more, go to `db`. */
  let lookups: ReturnType<typeof openLookups> | undefined;
  const lookupsOf = () => (lookups ??= openLookups({ db: options.db, dialect }));
  const clock = options.now ?? (() => new Date());

  /** One read scope per key scope (a key's scope stays the same object while its entry is kept): repository.ts keeps its statements' shapes by it. */
  const readScopes = new WeakMap<DeliveryScope, ReadScope>();
  function readScopeOf(key: DeliveryScope): ReadScope {
    let scope = readScopes.get(key);
    if (!scope) {
      const holdsAll = options.allSpaces.every((space) => key.spaces.includes(space));
      const everyLocale = options.allLocales.every((locale) => key.locales.includes(locale));
      scope = { locales: key.locales, spaces: holdsAll ? undefined : key.spaces, everyLocale };
      readScopes.set(key, scope);
    }
    return scope;
  }

  /**
   * Delivers versions as one page: their references and links looked up in one query and their slugs in another, side
   * by side, whatever the number of versions. A reference resolves to the target's version in the item's locale, else in the
   * fallback order (spec 000 §4), among the target's live versions in the key's locales.
   */
  async function presentVersions(rows: readonly VersionRow[], read: { key: DeliveryScope; scope: ReadScope; now: string }): Promise<Delivered<DeliveredAsset[]>> {
    const items = rows.map((row) => ({ row, stencil: stencils.get(row.stencil), content: contentOf(row) }));
    const ids = new Set<string>();
    for (const item of items) if (item.stencil) referencedIds(item.stencil, item.content, ids);
    // The targets and the slugs of every asset involved (whichever of its versions a reference resolves to), side by side.
    const [targets, slugRows] = await Promise.all([
      repo.findVersionsOf(db, { dialect, now: read.now, scope: read.scope, selection: { kind: 'all' }, ids: [...ids] }),
      repo.findSlugs(db, { ids: [...new Set([...rows.map((row) => row.asset_id), ...ids])], spaces: read.scope.spaces }),
    ]);
    const localesOf = new Map<string, string[]>();
    const targetOf = new Map<string, VersionRow>();
    for (const target of targets) {
      localesOf.set(target.asset_id, [...(localesOf.get(target.asset_id) ?? []), target.locale]);
      targetOf.set(versionKey(target.asset_id, target.locale), target);
    }
    const slugsOf = new Map<string, string[]>();
    for (const slug of slugRows) slugsOf.set(versionKey(slug.asset_id, slug.locale), [...(slugsOf.get(versionKey(slug.asset_id, slug.locale)) ?? []), slug.slug_id]);

    const readable = (row: VersionRow) => spacesOf(row).filter((space) => read.key.spaces.includes(space));
    const versionOf = (row: VersionRow) => ({
      id: row.asset_id,
      locale: row.locale,
      stencil: row.stencil,
      title: row.title,
      spaces: readable(row),
      uriSlugs: slugsOf.get(versionKey(row.asset_id, row.locale)) ?? [],
      firstPublishedAt: row.first_published_at,
      lastPublishedAt: row.last_published_at,
    });
    const delivered = new Map<string, DeliveredAsset>();
    const targetLocale = (id: string, locale: string) => {
      const available = localesOf.get(id);
      return available ? resolveLocale(locale, available) : undefined;
    };
    const contextFor = (locale: string): DeliveryContext => ({
      images,
      linkTo: (id) => {
        const found = targetLocale(id, locale);
        return found === undefined ? undefined : selfHref(id, found);
      },
      resolve: (id) => {
        const found = targetLocale(id, locale);
        const target = found === undefined ? undefined : targetOf.get(versionKey(id, found));
        const stencil = target ? stencils.get(target.stencil) : undefined;
        if (!target || !stencil) return undefined;
        const key = versionKey(target.asset_id, target.locale);
        let asset = delivered.get(key);
        if (!asset) {
          // One level deep: a referenced asset comes as its summary, without references of its own.
          asset = presentAsset(versionOf(target), deliverSummary(stencil, contentOf(target), { images }));
          delivered.set(key, asset);
        }
        return asset;
      },
    });
    const body = items.map(({ row, stencil, content }) => presentAsset(versionOf(row), stencil ? deliverContent(stencil, content, contextFor(row.locale)) : {}));
    return { body, assetIds: [...new Set([...rows.map((row) => row.asset_id), ...ids])], validUntil: validUntilOf([...rows, ...targets], read.now) };
  }

  const fingerprint = documentFingerprint({ stencils: stencils.all(), images, spaces: options.allSpaces, locales: options.allLocales });
  /** The key ready documents are made for: every space and locale of the installation. */
  const documentKey: DeliveryScope = { keyId: 'ready documents', spaces: options.allSpaces, locales: options.allLocales, requestsPerSecond: null };

  function readOf(key: DeliveryScope, fields: readonly string[] | undefined) {
    return { dialect, now: clock().toISOString(), scope: readScopeOf(key), selection: selectionOf(fields), document: { fingerprint } };
  }

  /** One version as its ready document when that is the answer for the key (the read brought it), else as it is made for the key now. */
  async function deliverOne(row: VersionRow, read: ReturnType<typeof readOf> & { key: DeliveryScope; fields: readonly string[] | undefined }): Promise<DeliveredJson> {
    if (row.doc_json !== null) return deliverDocument(row, read);
    const page = await presentVersions([row], read);
    return { json: JSON.stringify(page.body[0]), etag: undefined, assetIds: page.assetIds, validUntil: page.validUntil };
  }

  /** One live version by asset id and locale; 404 for anything else (draft, unpublished, embargoed, out of scope, unknown). */
  async function getAsset(key: DeliveryScope, input: { id: string; locale: string; fields: readonly string[] | undefined }): Promise<DeliveredJson> {
    const read = readOf(key, input.fields);
    const reads = await lookupsOf();
    const ready = await repo.findDocument(reads, options.db, { ...read, id: input.id, locale: input.locale });
    if (ready) return deliverDocument(ready, { now: read.now, fields: input.fields });
    const row = await repo.findVersion(reads, options.db, { ...read, id: input.id, locale: input.locale });
    if (!row) throw notDelivered();
    return deliverOne(row, { ...read, key, fields: input.fields });
  }

  /** The live version that owns a URI slug (`{space}:{slug region locale}:{uri title}`); 404 like `getAsset`. */
  async function getBySlug(key: DeliveryScope, input: { slugId: string; fields: readonly string[] | undefined }): Promise<DeliveredJson> {
    if (!parseSlugId(input.slugId)) throw badRequest(`"${input.slugId}" is not a slug id: {space}:{locale}:{uri title}, for example rbcom:en-INT:cliff-diving-recap.`);
    const read = readOf(key, input.fields);
    const reads = await lookupsOf();
    const ready = await repo.findDocumentBySlug(reads, options.db, { ...read, slugId: input.slugId });
    if (ready) return deliverDocument(ready, { now: read.now, fields: input.fields });
    const row = await repo.findVersionBySlug(reads, options.db, { ...read, slugId: input.slugId });
    if (!row) throw notDelivered();
    return deliverOne(row, { ...read, key, fields: input.fields });
  }

  /** A page of live versions in the key's scope, filtered, newest first or by title, continued by a signed cursor. */
  async function list(key: DeliveryScope, query: DeliveryListQuery): Promise<DeliveredJson> {
    const read = readOf(key, query.fields);
    const cursorKey = await options.cursorKey();
    const listKey = listFingerprint(query);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, { key: cursorKey, list: listKey });
    if (cursor && cursor.sort !== query.sort) throw invalidCursor();
    const locales = query.locale.length > 0 ? query.locale.filter((locale) => key.locales.includes(locale)) : [...key.locales];
    const spaces = query.space.filter((space) => key.spaces.includes(space));
    const isEmpty = locales.length === 0 || (query.space.length > 0 && spaces.length === 0);
    const rows = isEmpty
      ? []
      : await listPage(db, {
          ...read,
          filters: { locales, stencils: query.stencil, spaces, tagIds: query.tag, publishedFrom: boundOf(query.publishedFrom, 'from'), publishedTo: boundOf(query.publishedTo, 'to') },
          sort: query.sort,
          after: cursor,
          limit: query.limit,
        });
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    const next =
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, value: query.sort === 'newest' ? last.first_published_at : (last.sort_title ?? ''), id: last.asset_id, locale: last.locale }, { key: cursorKey, list: listKey })
        : undefined;
    const links = { self: { href: listHref(query, query.cursor) }, ...(next === undefined ? {} : { next: { href: listHref(query, next) } }) };
    // Items with their ready document are its JSON; the others are read and made for the key now, all of them
    // together (one changed meanwhile so that it is no longer live is left out). The page is their JSON side by side,
    // as JSON.stringify would write it.
    const toMake = pageRows.filter((row) => row.doc_json === null);
    const found = await repo.findLiveVersions(db, { ...read, document: undefined, keys: toMake.map((row) => ({ assetId: row.asset_id, locale: row.locale })) });
    const foundByKey = new Map(found.map((row) => [versionKey(row.asset_id, row.locale), row]));
    // In the page's order, which the purge keys follow.
    const made = toMake.flatMap((row) => foundByKey.get(versionKey(row.asset_id, row.locale)) ?? []);
    const page = made.length === 0 ? undefined : await presentVersions(made, { ...read, key });
    const madeJson = new Map(made.map((row, index) => [versionKey(row.asset_id, row.locale), JSON.stringify(page?.body[index])]));
    const assetIds = new Set(page?.assetIds ?? []);
    const items = pageRows.flatMap((row) => {
      if (row.doc_json === null) {
        const json = madeJson.get(versionKey(row.asset_id, row.locale));
        return json === undefined ? [] : [json];
      }
      const item = documentItem(row, query.fields);
      for (const id of item.assetIds) assetIds.add(id);
      assetIds.add(row.asset_id);
      return [item.json];
    });
    for (const row of made) assetIds.add(row.asset_id);
    const json = `{"_embedded":{"item":[${items.join(',')}]},"_links":${JSON.stringify(links)},"size":${items.length}}`;
    const ends = [documentValidUntil(pageRows.filter((row) => row.doc_json !== null), read.now), page?.validUntil].filter((end): end is number => end !== undefined);
    return { json, etag: undefined, assetIds: [...assetIds], validUntil: ends.length === 0 ? undefined : Math.min(...ends) };
  }

  /**
   * Makes the ready documents of queued versions (migration 034): each published one as `getAsset` answers it to a key
   * of every space and locale, with what it shows (spaces, locales, assets) and until when that holds, and the change
   * stamps of the assets it shows as read before them (migration 039: the store drops a document one of them changed
   * under); none for a version no longer published.
   */
  async function makeDocuments(queued: readonly QueuedVersion[]): Promise<MadeDocument[]> {
    const now = clock().toISOString();
    const rows = await repo.findPublishedVersions(db, { dialect, now, keys: queued.map((entry) => ({ assetId: entry.asset_id, locale: entry.locale })) });
    const refsOf = new Map(
      rows.map((row) => {
        const stencil = stencils.get(row.stencil);
        return [row, stencil ? referencesByInput(stencil, contentOf(row)) : {}];
      }),
    );
    const targetIdsOf = (row: repo.PublishedVersionRow) => [...new Set(Object.values(refsOf.get(row) ?? {}).flat())];
    const allIds = [...new Set(rows.flatMap((row) => [row.asset_id, ...targetIdsOf(row)]))];
    // Before anything of the targets is read: a change to one after this moment changes its stamp.
    const stamps = await findAssetStamps(repo.withDocuments(db), allIds);
    // One page of them all: each item is what `getAsset` makes of its version alone (references resolve per item).
    const [page, targets, slugSpaces] = await Promise.all([
      presentVersions(rows, { key: documentKey, scope: readScopeOf(documentKey), now }),
      repo.findTargetStates(db, allIds),
      repo.findSlugSpaces(db, allIds),
    ]);
    const made = new Map<string, NonNullable<MadeDocument['document']>>();
    for (const [index, row] of rows.entries()) {
      const targetIds = targetIdsOf(row);
      const ids = new Set(targetIds);
      const rowTargets = targets.filter((target) => ids.has(target.asset_id));
      const asset = page.body[index];
      // Past its unpublish date a version is no longer live: no document, until a change (a new publish) queues it again.
      if (!asset || (row.publish_end !== null && row.publish_end <= now)) continue;
      const { json, refs } = documentJson(asset, refsOf.get(row) ?? {});
      const values = {
        // What the list reads of the version from its document alone (migration 041).
        stencil: row.stencil,
        spaces: row.spaces,
        first_published_at: row.first_published_at,
        sort_title: row.list_title,
        publish_end: row.publish_end,
        embargo_start: row.embargo_start,
        embargo_end: row.embargo_end,
        fingerprint,
        json,
        etag: etagOf(json),
        asset_ids: [...new Set([row.asset_id, ...targetIds])].join(' '),
        refs,
        ...documentScope({ row, targets: rowTargets, slugSpaces: [row.asset_id, ...targetIds].flatMap((id) => slugSpaces.get(id) ?? []) }),
        // Reads by id or slug take the document without the version's row: it holds only until the unpublish date.
        valid_until: [targetsChangeAt(rowTargets, now), row.publish_end].filter((end): end is string => end !== null).toSorted()[0] ?? null,
        made_at: now,
      };
      const shown = targetIds.filter((id) => id !== row.asset_id);
      made.set(versionKey(row.asset_id, row.locale), { values, targetIds, stamps: new Map(shown.map((id) => [id, stamps.get(id) ?? 0])) });
    }
    return queued.map((entry) => ({ queued: entry, document: made.get(versionKey(entry.asset_id, entry.locale)) }));
  }

  /** Closes the connection of the one-version reads, if one was opened. */
  async function close(): Promise<void> {
    if (lookups) (await lookups).close();
  }

  return { getAsset, getBySlug, list, makeDocuments, fingerprint, close };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
