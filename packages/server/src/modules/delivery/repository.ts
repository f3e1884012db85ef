import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { jsonPick } from '../../db/dialects/json.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The delivery API's reads: published versions (`asset_localization`, `asset`) and the slug registry (`uri_slug`), read
 * only, as a read model of the assets and slugs modules (like the panels' and the media archive's). Every query keeps
 * to what is live (`isLive` of the domain, as SQL) and to the key's scope.
 */

/**
 * What a key may read: its locales, and its spaces unless it holds every space of the installation (`undefined`);
 * `everyLocale` when it holds every locale of the installation too.
 */
export interface ReadScope {
  locales: readonly string[];
  spaces: readonly string[] | undefined;
  everyLocale?: boolean;
}

/** Which content a read brings: all of it, none, or the named inputs only. */
export type ContentSelection = { kind: 'all' } | { kind: 'none' } | { kind: 'inputs'; names: readonly string[] };

export interface VersionRow extends DocumentColumns {
  asset_id: string;
  locale: string;
  stencil: string;
  /** The asset's spaces as `,a,b,` (migration 007). */
  spaces: string;
  first_published_at: string;
  last_published_at: string;
  /** The published title (migration 032), and as the list sorts it (`lower`, the case of A to Z ignored). */
  title: string;
  sort_title: string;
  /** JSON of the published content, or of the selected inputs, or null for none. */
  content: string | null;
  /** When the version leaves its window, if it has such a date: its unpublish date, its asset's embargo end. */
  publish_end: string | null;
  embargo_end: string | null;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
export const anyOf = (conditions: ReadonlyArray<RawBuilder<SqlBool>>) => sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
const NOTHING = sql<SqlBool>`(1 = 0)`;

/** Whether the version's asset is in any of `spaces`, which the version keeps as `,a,b,` (migration 007). */
export function inAnySpace(spaces: readonly string[], column: RawBuilder<string> = sql<string>`l.spaces`): RawBuilder<SqlBool> {
  if (spaces.length === 0) return NOTHING;
  return anyOf(spaces.map((space) => sql<SqlBool>`${column} LIKE ${`%,${escapeLike(space)},%`} ESCAPE '\\'`));
}

/**
 * Live at `now` (the domain's `isLive`): published (a literal, so SQLite takes the partial indexes of migration 032),
 * before its unpublish date and inside its asset's embargo; ISO UTC texts compare as times.
 */
export function isLiveAt(now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(l.status = 'published' AND l.first_published_at IS NOT NULL
    AND (l.publish_end IS NULL OR l.publish_end > ${now})
    AND (a.embargo_start IS NULL OR a.embargo_start <= ${now})
    AND (a.embargo_end IS NULL OR a.embargo_end >= ${now}))`;
}

/**
 * A column as an expression (`l.stencil || ''`): the same values, but no index of the column is taken for it. A list
 * filters on such columns while it walks the index of its order; without statistics, SQLite would otherwise read every
 * version of a stencil or of several locales by their index and sort them all.
 */
export const unindexed = (column: `${'l' | 'd'}.${string}`) => sql`(${sql.ref(column)} || '')`;

/** In the key's scope (and among `locales`), for the versions or documents of `alias` (`l`, `d`): both keep `locale` and `spaces`. */
export function inScope(scope: ReadScope, locales: readonly string[] = scope.locales, options: { isList?: boolean; alias?: 'l' | 'd' } = {}): RawBuilder<SqlBool> {
  if (locales.length === 0) return NOTHING;
  const alias = options.alias ?? 'l';
  const locale =
    locales.length === 1
      ? sql<SqlBool>`${sql.ref(`${alias}.locale`)} = ${locales[0]}`
      : sql<SqlBool>`${options.isList ? unindexed(`${alias}.locale`) : sql.ref(`${alias}.locale`)} IN (${sql.join(locales)})`;
  return scope.spaces === undefined ? locale : sql<SqlBool>`(${locale} AND ${inAnySpace(scope.spaces, sql<string>`${sql.ref(`${alias}.spaces`)}`)})`;
}

function contentOf(dialect: Dialect, selection: ContentSelection): RawBuilder<string | null> {
  if (selection.kind === 'all') return sql<string | null>`l.published_content`;
  if (selection.kind === 'none') return sql<string | null>`NULL`;
  return jsonPick(dialect, sql`l.published_content`, selection.names);
}

/** What a read asks of the ready documents: those made with this fingerprint, still valid at the read's `now`. */
export interface DocumentRead {
  fingerprint: string;
}

/** A version's ready document when it is the answer for the key (see `delivery_document`, migration 034): `doc_json` null otherwise. */
export interface DocumentColumns {
  doc_json: string | null;
  doc_etag: string | null;
  doc_asset_ids: string | null;
  doc_refs: string | null;
  doc_valid_until: string | null;
}

/** The ready documents' tables (migration 034), as this module reads and writes them. */
export type DocumentTables = {
  delivery_document: {
    asset_id: string;
    locale: string;
    /** The version's list columns and window (migration 041), as the maker read them. */
    stencil: string;
    spaces: string;
    first_published_at: string;
    sort_title: string | null;
    publish_end: string | null;
    embargo_start: string | null;
    embargo_end: string | null;
    fingerprint: string;
    json: string;
    etag: string;
    asset_ids: string;
    refs: string;
    scope_spaces: string;
    scope_locales: string;
    valid_until: string | null;
    made_at: string;
  };
  delivery_document_target: { target_id: string; asset_id: string; locale: string };
  delivery_document_queue: { asset_id: string; locale: string; token: string };
  delivery_asset_stamp: { asset_id: string; stamp: number | string };
  delivery_tag: { tag_id: string; asset_id: string; locale: string; first_published_at: string; sort_title: string | null };
};

export const withDocuments = (db: Kysely<DB>) => db.withTables<DocumentTables>();

const NO_DOCUMENT = sql<null>`NULL`;

/** Whether a stored list (`,a,b,`, or `*`) names only these values: each removed, nothing but the commas is left. */
function isListWithin(list: RawBuilder<string>, values: readonly string[]): RawBuilder<SqlBool> {
  const rest = values.reduce<RawBuilder<string>>((expression, value) => sql<string>`replace(${expression}, ${`,${value},`}, ',')`, list);
  return sql<SqlBool>`(${rest} = ',')`;
}

/**
 * Whether the joined ready document `d` is the answer for a key of this scope: there is one, and the key reads every
 * space and locale it shows (`*`: only a key of every space). A key of every space (or locale) of the installation
 * reads any document's: the fingerprint a document is read by names the installation's spaces and locales it was
 * made for (`documentFingerprint`).
 */
export function isDocumentUsable(scope: ReadScope): RawBuilder<SqlBool> {
  const spaces = scope.spaces === undefined ? sql<SqlBool>`TRUE` : isListWithin(sql<string>`d.scope_spaces`, scope.spaces);
  const locales = scope.everyLocale === true ? sql<SqlBool>`TRUE` : isListWithin(sql<string>`d.scope_locales`, scope.locales);
  return sql<SqlBool>`(d.json IS NOT NULL AND ${spaces} AND ${locales})`;
}

/**
 * Versions of `l` joined to their assets `a`, with the columns a delivered version needs. With `document`, each with
 * its ready document (migration 034) when that was made with the current fingerprint, is valid at `now`, is not queued
 * to be made again (changed since, whatever was written meanwhile) and is the answer for the scope's key; the content
 * is then not read at all (null), as the document holds the answer.
 */
function deliveredVersions(db: Kysely<DB>, input: { dialect: Dialect; now: string; selection: ContentSelection; scope?: ReadScope | undefined; document?: DocumentRead | undefined }) {
  const { document } = input;
  const usable = document && input.scope ? isDocumentUsable(input.scope) : undefined;
  const content = contentOf(input.dialect, input.selection);
  return withDocuments(db)
    .selectFrom('asset_localization as l')
    .innerJoin('asset as a', 'a.id', 'l.asset_id')
    .$if(usable !== undefined, (query) =>
      query.leftJoin('delivery_document as d', (join) =>
        join.on(sql<SqlBool>`d.asset_id = l.asset_id AND d.locale = l.locale AND d.fingerprint = ${document?.fingerprint}
          AND d.made_at <= ${input.now} AND (d.valid_until IS NULL OR d.valid_until > ${input.now})
          AND NOT EXISTS (SELECT 1 FROM delivery_document_queue q WHERE q.asset_id = l.asset_id AND q.locale = l.locale)`),
      ),
    )
    .select([
      'l.asset_id',
      'l.locale',
      'l.stencil',
      'l.spaces',
      sql<string>`l.first_published_at`.as('first_published_at'),
      sql<string>`l.last_published_at`.as('last_published_at'),
      sql<string>`coalesce(l.published_title, '')`.as('title'),
      sql<string>`coalesce(lower(l.published_title), '')`.as('sort_title'),
      (usable ? sql<string | null>`CASE WHEN ${usable} THEN NULL ELSE ${content} END` : content).as('content'),
      'l.publish_end',
      'a.embargo_end',
      (usable ? sql<string | null>`CASE WHEN ${usable} THEN d.json END` : NO_DOCUMENT).as('doc_json'),
      (usable ? sql<string | null>`d.etag` : NO_DOCUMENT).as('doc_etag'),
      (usable ? sql<string | null>`d.asset_ids` : NO_DOCUMENT).as('doc_asset_ids'),
      // Only a field selection cuts the document along its index.
      (usable && input.selection.kind !== 'all' ? sql<string | null>`d.refs` : NO_DOCUMENT).as('doc_refs'),
      (usable ? sql<string | null>`d.valid_until` : NO_DOCUMENT).as('doc_valid_until'),
    ]);
}

/** The live versions of `l` joined to their assets `a`, in the scope, with the columns a delivered version needs. */
function liveVersions(
  db: Kysely<DB>,
  input: { dialect: Dialect; now: string; scope: ReadScope; selection: ContentSelection; locales?: readonly string[]; isList?: boolean; document?: DocumentRead | undefined },
) {
  return deliveredVersions(db, input)
    .where(isLiveAt(input.now))
    .where(inScope(input.scope, input.locales, { isList: input.isList }));
}

export type Read = { dialect: Dialect; now: string; scope: ReadScope; selection: ContentSelection; document?: DocumentRead | undefined };

/**
 * The one-version reads, asked most: each built and compiled once per shape (key scope, field selection) with markers
 * where the request's values go, then run with those values in their place. SQLite runs them on a connection of this
 * thread with its statements prepared once; PostgreSQL prepares them once per connection (`PREPARED`).
 */
export interface Lookups {
  first<O>(query: CompiledQuery<O>, parameters: readonly unknown[]): Promise<O | undefined>;
}

const MARKER = '\u0000delivery-lookup:';
type LookupValues = { now: string; id?: string; locale?: string; slugId?: string };
const marked = (name: keyof LookupValues) => `${MARKER}${name}`;
/** Shapes kept at most: key scopes times field selections, which clients choose, and the list's page shapes (listRepository.ts). */
const MAX_SHAPES = 1000;
const shapes = new Map<string, CompiledQuery>();

export function compiledOnce(shape: string, build: () => { compile(): CompiledQuery }): CompiledQuery {
  let compiled = shapes.get(shape);
  if (!compiled) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    compiled = build().compile();
    shapes.set(shape, compiled);
  }
  return compiled;
}

function bound(compiled: CompiledQuery, values: LookupValues): unknown[] {
  return compiled.parameters.map((parameter) => (typeof parameter === 'string' && parameter.startsWith(MARKER) ? values[parameter.slice(MARKER.length) as keyof LookupValues] : parameter));
}

/** Shapes by read scope object, then by kind and selection: a scope's requests name their statement without serialising it again. */
const shapesByScope = new WeakMap<ReadScope, Map<string, string>>();
export function shapeOf(kind: string, input: Read): string {
  let kept = shapesByScope.get(input.scope);
  if (!kept) {
    kept = new Map();
    shapesByScope.set(input.scope, kept);
  }
  const selection = input.selection.kind === 'inputs' ? input.selection.names.join(',') : input.selection.kind;
  const key = `${kind} ${input.dialect} ${input.document?.fingerprint ?? ''} ${selection}`;
  let shape = kept.get(key);
  if (shape === undefined) {
    if (kept.size >= MAX_SHAPES) kept.clear();
    shape = JSON.stringify([kind, input.dialect, input.scope, input.selection, input.document?.fingerprint ?? null]);
    kept.set(key, shape);
  }
  return shape;
}

/** One live version by asset id and locale. */
export async function findVersion(lookups: Lookups, db: Kysely<DB>, input: Read & { id: string; locale: string }): Promise<VersionRow | undefined> {
  if (!input.scope.locales.includes(input.locale)) return undefined;
  const compiled = compiledOnce(shapeOf('id', input), () =>
    liveVersions(db, { ...input, now: marked('now'), locales: [marked('locale')] }).where('l.asset_id', '=', marked('id')),
  );
  return lookups.first(compiled as CompiledQuery<VersionRow>, bound(compiled, input));
}

/** The live version owning a URI slug (spec 000 §3 registry), when the slug's space is one the key may read. */
export async function findVersionBySlug(lookups: Lookups, db: Kysely<DB>, input: Read & { slugId: string }): Promise<VersionRow | undefined> {
  const compiled = compiledOnce(shapeOf('slug', input), () => {
    let query = liveVersions(db, { ...input, now: marked('now') })
      .innerJoin('uri_slug as s', (join) => join.onRef('s.asset_id', '=', 'l.asset_id').onRef('s.locale', '=', 'l.locale'))
      .where('s.slug_id', '=', marked('slugId'));
    if (input.scope.spaces !== undefined) query = query.where('s.space', 'in', input.scope.spaces.length > 0 ? [...input.scope.spaces] : ['']);
    return query;
  });
  return lookups.first(compiled as CompiledQuery<VersionRow>, bound(compiled, input));
}

/** What a read by id or slug needs of a version answered by its ready document. */
export type DocumentRow = Pick<VersionRow, 'asset_id' | 'publish_end' | 'embargo_end' | 'doc_json' | 'doc_etag' | 'doc_asset_ids' | 'doc_refs' | 'doc_valid_until'>;

/**
 * The version's ready document when it is the answer for the key: read without the version's own row or its asset's.
 * The document is dropped in the transaction of any change to the version's published state or to its asset's
 * embargo, and valid only until its unpublish date (migrations 034 and 041, `valid_until`), so its being there and
 * valid says the version is published and before that date; the embargo it keeps is checked here, and its scope
 * within the key's (which puts the version in the key's scope).
 */
function readyDocuments(db: Kysely<DB>, input: { now: string; scope: ReadScope; selection: ContentSelection; document: DocumentRead }) {
  return withDocuments(db)
    .selectFrom('delivery_document as d')
    .select([
      'd.asset_id',
      sql<null>`NULL`.as('publish_end'),
      'd.embargo_end',
      sql<string>`d.json`.as('doc_json'),
      sql<string>`d.etag`.as('doc_etag'),
      sql<string>`d.asset_ids`.as('doc_asset_ids'),
      (input.selection.kind === 'all' ? sql<string | null>`NULL` : sql<string | null>`d.refs`).as('doc_refs'),
      sql<string | null>`d.valid_until`.as('doc_valid_until'),
    ])
    .where(sql<SqlBool>`d.fingerprint = ${input.document.fingerprint} AND d.made_at <= ${input.now} AND (d.valid_until IS NULL OR d.valid_until > ${input.now})
      AND (d.embargo_start IS NULL OR d.embargo_start <= ${input.now}) AND (d.embargo_end IS NULL OR d.embargo_end >= ${input.now})
      AND NOT EXISTS (SELECT 1 FROM delivery_document_queue q WHERE q.asset_id = d.asset_id AND q.locale = d.locale)`)
    .where(isDocumentUsable(input.scope));
}

/** The ready document answering a read of one version by asset id and locale for the key, if there is one. */
export async function findDocument(lookups: Lookups, db: Kysely<DB>, input: Read & { document: DocumentRead; id: string; locale: string }): Promise<DocumentRow | undefined> {
  if (!input.scope.locales.includes(input.locale)) return undefined;
  const compiled = compiledOnce(shapeOf('document id', input), () =>
    readyDocuments(db, { ...input, now: marked('now') }).where('d.asset_id', '=', marked('id')).where('d.locale', '=', marked('locale')),
  );
  return lookups.first(compiled as CompiledQuery<DocumentRow>, bound(compiled, input));
}

/** The ready document answering a read by URI slug for the key, if there is one and the slug is in a space of the key. */
export async function findDocumentBySlug(lookups: Lookups, db: Kysely<DB>, input: Read & { document: DocumentRead; slugId: string }): Promise<DocumentRow | undefined> {
  const compiled = compiledOnce(shapeOf('document slug', input), () => {
    let query = readyDocuments(db, { ...input, now: marked('now') })
      .innerJoin('uri_slug as s', (join) => join.onRef('s.asset_id', '=', 'd.asset_id').onRef('s.locale', '=', 'd.locale'))
      .where('s.slug_id', '=', marked('slugId'));
    if (input.scope.spaces !== undefined) query = query.where('s.space', 'in', input.scope.spaces.length > 0 ? [...input.scope.spaces] : ['']);
    return query;
  });
  return lookups.first(compiled as CompiledQuery<DocumentRow>, bound(compiled, input));
}

/** Every live version of these assets in the scope (the targets of a page's references), whatever their locale. */
export async function findVersionsOf(db: Kysely<DB>, input: Read & { ids: readonly string[] }): Promise<VersionRow[]> {
  if (input.ids.length === 0) return [];
  return liveVersions(db, input).where('l.asset_id', 'in', [...input.ids]).execute();
}

/** The URI slugs of these assets' versions (any locale) in the given spaces (all spaces when undefined). */
export async function findSlugs(db: Kysely<DB>, input: { ids: readonly string[]; spaces: readonly string[] | undefined }): Promise<Array<{ slug_id: string; asset_id: string; locale: string }>> {
  if (input.ids.length === 0) return [];
  let query = db.selectFrom('uri_slug').select(['slug_id', 'asset_id', 'locale']).where('asset_id', 'in', [...input.ids]);
  if (input.spaces !== undefined) query = query.where('space', 'in', input.spaces.length > 0 ? [...input.spaces] : ['']);
  return query.orderBy('slug_id').execute();
}

/** A published version as the maker reads it: besides what it delivers, what its document keeps for the list (migration 041). */
export type PublishedVersionRow = VersionRow & { embargo_start: string | null; list_title: string | null };

const byKeys = (keys: ReadonlyArray<{ assetId: string; locale: string }>) => anyOf(keys.map((key) => sql<SqlBool>`(l.asset_id = ${key.assetId} AND l.locale = ${key.locale})`));

/** The published versions with these keys, whatever their window (what their ready documents are made of), all content. */
export async function findPublishedVersions(db: Kysely<DB>, input: { dialect: Dialect; now: string; keys: ReadonlyArray<{ assetId: string; locale: string }> }): Promise<PublishedVersionRow[]> {
  if (input.keys.length === 0) return [];
  return deliveredVersions(db, { dialect: input.dialect, now: input.now, selection: { kind: 'all' } })
    .select(['a.embargo_start', sql<string | null>`lower(l.published_title)`.as('list_title')])
    .where(sql<SqlBool>`l.status = 'published' AND l.first_published_at IS NOT NULL`)
    .where(byKeys(input.keys))
    .execute();
}

/** The live versions in the scope with these keys (a list page's items without a ready document for the key). */
export async function findLiveVersions(db: Kysely<DB>, input: Read & { keys: ReadonlyArray<{ assetId: string; locale: string }> }): Promise<VersionRow[]> {
  if (input.keys.length === 0) return [];
  return liveVersions(db, input).where(byKeys(input.keys)).execute();
}

/** A published version of a referenced asset, live or not: what a ready document showing it depends on. */
export interface TargetState {
  asset_id: string;
  locale: string;
  spaces: string;
  publish_end: string | null;
  embargo_start: string | null;
  embargo_end: string | null;
}

export async function findTargetStates(db: Kysely<DB>, ids: readonly string[]): Promise<TargetState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('asset_localization as l')
    .innerJoin('asset as a', 'a.id', 'l.asset_id')
    .select(['l.asset_id', 'l.locale', 'l.spaces', 'l.publish_end', 'a.embargo_start', 'a.embargo_end'])
    .where(sql<SqlBool>`l.status = 'published'`)
    .where('l.asset_id', 'in', [...ids])
    .execute();
}

/** The spaces of the URI slugs of these assets (any locale), by asset. */
export async function findSlugSpaces(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string[]>> {
  const spaces = new Map<string, string[]>();
  if (ids.length === 0) return spaces;
  const rows = await db.selectFrom('uri_slug').select(['asset_id', 'space']).distinct().where('asset_id', 'in', [...ids]).execute();
  for (const row of rows) spaces.set(row.asset_id, [...(spaces.get(row.asset_id) ?? []), row.space]);
  return spaces;
}
