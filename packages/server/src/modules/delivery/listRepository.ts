import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DeliverySort } from '@editor/domain';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { compiledOnce, escapeLike, inAnySpace, inScope, isDocumentUsable, isLiveAt, shapeOf, unindexed, withDocuments, type ContentSelection, type DocumentRead, type ReadScope } from './repository.ts';

/**
 * The delivery list's pages, read from the ready documents (migration 041) merged with the queued versions.
 *
 * A published version has a ready document or is queued to get one: the triggers queue it with every change and drop
 * its document in the same transaction, and the maker removes an entry only as it stores the document (or for a
 * version no longer live). A document that is there is therefore its version's as it is now (one queued again only
 * because it is outdated, made with other stencils or past its validity, still lists its version rightly). So a page
 * is the live documents, walked along their own indexes in the list's order, and the queued versions without one,
 * read as before, merged by the database in that order. Whether an item's document is its answer for the key (the
 * key's scope, the fingerprint, its validity) is decided apart from whether the version is listed.
 */

export interface ListFilters {
  locales: readonly string[];
  stencils: readonly string[];
  /** Narrows within the scope's spaces; empty for no narrowing. */
  spaces: readonly string[];
  tagIds: readonly string[];
  publishedFrom: string | undefined;
  publishedTo: string | undefined;
}

/** Where the previous page ended, in the list's order. */
export interface ListAfter {
  value: string;
  id: string;
  locale: string;
}

/** A listed version: its key, its place in the list, and its ready document's columns when that is the answer for the key. */
export interface ListedRow {
  asset_id: string;
  locale: string;
  first_published_at: string;
  sort_title: string | null;
  publish_end: string | null;
  embargo_end: string | null;
  doc_json: string | null;
  doc_etag: string | null;
  doc_asset_ids: string | null;
  doc_refs: string | null;
  doc_valid_until: string | null;
}

export interface ListPageInput {
  dialect: Dialect;
  now: string;
  scope: ReadScope;
  selection: ContentSelection;
  document: DocumentRead;
  filters: ListFilters;
  sort: DeliverySort;
  after: ListAfter | undefined;
  limit: number;
}

/** The columns a source of listed rows filters and orders by. */
interface ListColumns {
  stencil: `${'l' | 'd'}.${string}`;
  spaces: RawBuilder<string>;
  newest: RawBuilder<string>;
  title: RawBuilder<string>;
  id: RawBuilder<string>;
  locale: RawBuilder<string>;
}

/** The filters but scope and locale, the cursor, and the order, on a source's columns (one locale: the locale is no part of the order). */
function narrowed(at: ListColumns, input: ListPageInput & { tagCondition: RawBuilder<SqlBool> | undefined; isOneStencilIndexed: boolean }) {
  const { filters, after } = input;
  const conditions: Array<RawBuilder<SqlBool>> = [];
  if (input.isOneStencilIndexed) conditions.push(sql<SqlBool>`${sql.ref(at.stencil)} = ${filters.stencils[0]}`);
  else if (filters.stencils.length > 0) conditions.push(sql<SqlBool>`${unindexed(at.stencil)} IN (${sql.join(filters.stencils)})`);
  if (filters.spaces.length > 0) conditions.push(inAnySpace(filters.spaces, at.spaces));
  if (input.tagCondition) conditions.push(input.tagCondition);
  if (filters.publishedFrom !== undefined) conditions.push(sql<SqlBool>`${at.newest} >= ${filters.publishedFrom}`);
  if (filters.publishedTo !== undefined) conditions.push(sql<SqlBool>`${at.newest} <= ${filters.publishedTo}`);
  const isOneLocale = filters.locales.length === 1;
  const order: Array<[RawBuilder<string>, 'asc' | 'desc']> = [];
  if (input.sort === 'newest') {
    if (after) {
      conditions.push(
        isOneLocale ? sql<SqlBool>`(${at.newest}, ${at.id}) < (${after.value}, ${after.id})` : sql<SqlBool>`(${at.newest}, ${at.id}, ${at.locale}) < (${after.value}, ${after.id}, ${after.locale})`,
      );
    }
    order.push([at.newest, 'desc'], [at.id, 'desc'], [at.locale, 'desc']);
  } else {
    conditions.push(sql<SqlBool>`${at.title} IS NOT NULL`);
    if (after) {
      // The first bound alone, besides the whole comparison, is what SQLite starts the index walk at.
      conditions.push(sql<SqlBool>`${at.title} >= ${after.value}`);
      conditions.push(isOneLocale ? sql<SqlBool>`(${at.title}, ${at.id}) > (${after.value}, ${after.id})` : sql<SqlBool>`(${at.title}, ${at.id}, ${at.locale}) > (${after.value}, ${after.id}, ${after.locale})`);
    }
    order.push([at.title, 'asc'], [at.id, 'asc'], [at.locale, 'asc']);
  }
  return { conditions, order };
}

/** Versions with any of these tags (`delivery_tag`, migration 034). */
const hasAnyTag = (alias: 'l' | 'd', tagIds: readonly string[]) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM delivery_tag x WHERE x.asset_id = ${sql.ref(`${alias}.asset_id`)} AND x.locale = ${sql.ref(`${alias}.locale`)} AND x.tag_id IN (${sql.join(tagIds)}))`;

/** A queued version whose document is still there (queued only as outdated) is listed from the document. */
const HAS_NO_DOCUMENT = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM delivery_document d WHERE d.asset_id = q.asset_id AND d.locale = q.locale)`;

/**
 * The live documents of the page, along an index of the list's order: one locale walks the locale's index,
 * one stencil more the stencil's, one tag more that tag's rows of `delivery_tag`; several locales walk the order's own.
 */
function listedDocuments(db: Kysely<DB>, input: ListPageInput) {
  const { filters } = input;
  const locale = filters.locales.length === 1 ? filters.locales[0] : undefined;
  const tag = locale !== undefined && filters.tagIds.length === 1 ? filters.tagIds[0] : undefined;
  // Walking a tag's rows, the order is theirs (the same values as the document's).
  const columns: ListColumns =
    tag === undefined
      ? { stencil: 'd.stencil', spaces: sql`d.spaces`, newest: sql`d.first_published_at`, title: sql`d.sort_title`, id: sql`d.asset_id`, locale: sql`d.locale` }
      : { stencil: 'd.stencil', spaces: sql`d.spaces`, newest: sql`t.first_published_at`, title: sql`t.sort_title`, id: sql`t.asset_id`, locale: sql`t.locale` };
  const { conditions, order } = narrowed(columns, {
    ...input,
    tagCondition: tag === undefined && filters.tagIds.length > 0 ? hasAnyTag('d', filters.tagIds) : undefined,
    isOneStencilIndexed: locale !== undefined && filters.stencils.length === 1,
  });
  const usable = sql<SqlBool>`(d.fingerprint = ${input.document.fingerprint} AND d.made_at <= ${input.now}
    AND (d.valid_until IS NULL OR d.valid_until > ${input.now}) AND ${isDocumentUsable(input.scope)})`;
  // A tag's rows lead (a cross join keeps them the outer loop in SQLite); otherwise the documents' own index.
  let query = (tag === undefined ? withDocuments(db).selectFrom('delivery_document as d') : withDocuments(db).selectFrom('delivery_tag as t').crossJoin('delivery_document as d'))
    .select([
      'd.asset_id',
      'd.locale',
      'd.first_published_at',
      'd.sort_title',
      'd.publish_end',
      'd.embargo_end',
      sql<string | null>`CASE WHEN ${usable} THEN d.json END`.as('doc_json'),
      sql<string | null>`d.etag`.as('doc_etag'),
      sql<string | null>`d.asset_ids`.as('doc_asset_ids'),
      // Only a field selection cuts the document along its index.
      (input.selection.kind === 'all' ? sql<string | null>`NULL` : sql<string | null>`d.refs`).as('doc_refs'),
      sql<string | null>`d.valid_until`.as('doc_valid_until'),
    ])
    .where(sql<SqlBool>`d.first_published_at IS NOT NULL
      AND (d.publish_end IS NULL OR d.publish_end > ${input.now})
      AND (d.embargo_start IS NULL OR d.embargo_start <= ${input.now})
      AND (d.embargo_end IS NULL OR d.embargo_end >= ${input.now})`)
    .where(inScope(input.scope, filters.locales, { isList: true, alias: 'd' }));
  if (tag !== undefined) query = query.where(sql<SqlBool>`t.asset_id = d.asset_id AND t.locale = d.locale AND t.tag_id = ${tag} AND t.locale = ${locale}`);
  for (const condition of conditions) query = query.where(condition);
  for (const [by, direction] of order) query = query.orderBy(by, direction);
  return query.limit(input.limit + 1);
}

/** The queued versions of the page without a document that are live, read from the versions themselves (their documents are being made). */
function listedQueued(db: Kysely<DB>, input: ListPageInput) {
  const { filters } = input;
  const columns: ListColumns = { stencil: 'l.stencil', spaces: sql`l.spaces`, newest: sql`l.first_published_at`, title: sql`lower(l.published_title)`, id: sql`l.asset_id`, locale: sql`l.locale` };
  const { conditions, order } = narrowed(columns, { ...input, tagCondition: filters.tagIds.length > 0 ? hasAnyTag('l', filters.tagIds) : undefined, isOneStencilIndexed: false });
  // From the queue (a cross join: SQLite keeps the queue, which is short, as the outer loop, rather than walking
  // every version of the order's index and looking each up in the queue).
  let query = withDocuments(db)
    .selectFrom('delivery_document_queue as q')
    .crossJoin('asset_localization as l')
    .innerJoin('asset as a', 'a.id', 'l.asset_id')
    .whereRef('l.asset_id', '=', 'q.asset_id')
    .whereRef('l.locale', '=', 'q.locale')
    .where(HAS_NO_DOCUMENT)
    .select([
      'l.asset_id',
      'l.locale',
      sql<string>`l.first_published_at`.as('first_published_at'),
      sql<string | null>`lower(l.published_title)`.as('sort_title'),
      'l.publish_end',
      'a.embargo_end',
      sql<string | null>`NULL`.as('doc_json'),
      sql<string | null>`NULL`.as('doc_etag'),
      sql<string | null>`NULL`.as('doc_asset_ids'),
      sql<string | null>`NULL`.as('doc_refs'),
      sql<string | null>`NULL`.as('doc_valid_until'),
    ])
    .where(isLiveAt(input.now))
    .where(inScope(input.scope, filters.locales, { isList: true }));
  for (const condition of conditions) query = query.where(condition);
  for (const [by, direction] of order) query = query.orderBy(by, direction);
  return query.limit(input.limit + 1);
}

/**
 * SQLite's order of stored text (BINARY: the bytes of UTF-8, so code points), which plain `<` on JavaScript's UTF-16
 * strings gets wrong only where a code point past U+FFFF (a surrogate pair) meets one from U+E000 to U+FFFF.
 */
export function compareStoredText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const isSurrogateX = x >= 0xd800 && x <= 0xdfff;
    const isSurrogateY = y >= 0xd800 && y <= 0xdfff;
    if (isSurrogateX !== isSurrogateY) return isSurrogateX ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Rows in the list's order: its sort value, then the key, all ascending by title or all descending by newest. */
function inListOrder(rows: readonly ListedRow[], sort: DeliverySort): ListedRow[] {
  const sign = sort === 'newest' ? -1 : 1;
  const valueOf = (row: ListedRow) => (sort === 'newest' ? row.first_published_at : (row.sort_title ?? ''));
  return rows.toSorted((a, b) => sign * (compareStoredText(valueOf(a), valueOf(b)) || compareStoredText(a.asset_id, b.asset_id) || compareStoredText(a.locale, b.locale)));
}

/**
 * One page of the delivery list after `after`, one row more than `limit` (whether more follow): newest first by first
 * publish, or by published title ignoring case, each with the key (asset id, locale) breaking ties.
 *
 * Each half comes in the list's order and at most a page long. PostgreSQL merges them (its text order is its
 * collation's); SQLite hands both over and they are merged here, which spares it copying every row with its document
 * into a sorter (about a fifth of the statement's time).
 */
export async function listPage(db: Kysely<DB>, input: ListPageInput): Promise<ListedRow[]> {
  if (input.filters.locales.length === 0) return [];
  const { compiled, values } = compiledPage(db, input);
  const { rows } = await db.executeQuery<ListedRow>({ ...compiled, parameters: compiled.parameters.map((parameter) => boundValue(parameter, values)) });
  return input.dialect === 'sqlite' ? inListOrder(rows, input.sort).slice(0, input.limit + 1) : rows;
}

function pageQuery(db: Kysely<DB>, input: ListPageInput) {
  const documents = db.selectFrom(listedDocuments(db, input).as('documents')).selectAll();
  const queued = db.selectFrom(listedQueued(db, input).as('queued')).selectAll();
  if (input.dialect === 'sqlite') return documents.unionAll(queued);
  const direction = input.sort === 'newest' ? 'desc' : 'asc';
  const sortColumn = input.sort === 'newest' ? 'first_published_at' : 'sort_title';
  return documents
    .unionAll(queued)
    .orderBy(sql.ref(sortColumn), direction)
    .orderBy(sql.ref('asset_id'), direction)
    .orderBy(sql.ref('locale'), direction)
    .limit(input.limit + 1);
}

/**
 * A page's statement is built and compiled once per shape (repository.ts `compiledOnce`: the key's scope, the field
 * selection, how many values each filter has, which bounds are set, the order, the cursor, the page size) with a
 * marker where each of the request's values goes, as the one-version reads are: building and compiling it anew took a
 * sixth of a list page's time on the main thread. A marker is a bound value of its own, or inside the `LIKE` pattern
 * of a space, where its value goes escaped as the pattern escapes it.
 */
const PAGE_MARKER = '\u0000delivery-page:';
const SPACE_MARKER = new RegExp(`${PAGE_MARKER}space\\d+`);

function compiledPage(db: Kysely<DB>, input: ListPageInput): { compiled: CompiledQuery; values: Map<string, string> } {
  const values = new Map<string, string>();
  const mark = (name: string, value: string) => {
    const marker = `${PAGE_MARKER}${name}`;
    values.set(marker, value);
    return marker;
  };
  const { filters, after } = input;
  const marked: ListPageInput = {
    ...input,
    now: mark('now', input.now),
    filters: {
      locales: filters.locales.map((value, index) => mark(`locale${index}`, value)),
      stencils: filters.stencils.map((value, index) => mark(`stencil${index}`, value)),
      spaces: filters.spaces.map((value, index) => mark(`space${index}`, value)),
      tagIds: filters.tagIds.map((value, index) => mark(`tag${index}`, value)),
      publishedFrom: filters.publishedFrom === undefined ? undefined : mark('publishedFrom', filters.publishedFrom),
      publishedTo: filters.publishedTo === undefined ? undefined : mark('publishedTo', filters.publishedTo),
    },
    after: after && { value: mark('afterValue', after.value), id: mark('afterId', after.id), locale: mark('afterLocale', after.locale) },
  };
  const counts = [filters.locales, filters.stencils, filters.spaces, filters.tagIds].map((list) => list.length).join(',');
  const bounds = `${filters.publishedFrom === undefined ? '' : 'from'}-${filters.publishedTo === undefined ? '' : 'to'}`;
  const kind = `page ${counts} ${bounds} ${input.sort} ${after === undefined ? '' : 'after'} ${input.limit}`;
  return { compiled: compiledOnce(shapeOf(kind, input), () => pageQuery(db, marked)), values };
}

/** A compiled parameter with the request's value in place of its marker. */
function boundValue(parameter: unknown, values: ReadonlyMap<string, string>): unknown {
  if (typeof parameter !== 'string' || !parameter.includes(PAGE_MARKER)) return parameter;
  const value = values.get(parameter);
  if (value !== undefined) return value;
  // A space's LIKE pattern (`inAnySpace`): the marker, which has nothing to escape, inside it.
  return parameter.replace(SPACE_MARKER, (marker) => {
    const space = values.get(marker);
    if (space === undefined) throw new Error(`A list page's statement has no value for ${JSON.stringify(marker)}`);
    return escapeLike(space);
  });
}
