import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { COUNT_CAP, type SortOption } from '@editor/domain';
import type { Dialect } from '../../../db/database.ts';
import { fullTextMatches, fullTextRanking } from '../../../db/dialects/fullText.ts';
import type { DB } from '../../../db/schema.ts';
import { dayBound, type Cursor, type ListQuery } from './listQuery.ts';

/** Expressions over the list's main table, aliased `l`. */
type Eb = ExpressionBuilder<DB & { l: DB['asset_localization'] }, 'l'>;

/** The facets whose filter is left out when their own bucket counts are computed (disjunctive faceting). */
/** `none` keeps every filter. */
export type FacetName = 'stencil' | 'localization' | 'publishstatus' | 'space' | 'infographic' | 'tagging' | 'none';

/** Everything that narrows a list: the request's filters, who asks, and a search or an advanced query. */
export interface ListScope {
  query: ListQuery;
  userId: string;
  /** The spaces the request acts with: nothing outside them is listed. */
  spaces: readonly string[];
  /** Every space of the installation: a user holding all of them needs no space check per row. */
  allSpaces: readonly string[];
  searchTerms: readonly string[];
  /** A compiled advanced query (EAQL), if any. */
  advanced?: ((eb: Eb) => Expression<SqlBool>) | undefined;
}

const inSpaces = (eb: Eb, spaces: readonly string[]) =>
  eb.exists(eb.selectFrom('asset_space as s').select(sql`1`.as('one')).whereRef('s.asset_id', '=', 'l.asset_id').where('s.space', 'in', [...spaces]));

const referencesAny = (eb: Eb, targets: readonly string[], inputs?: readonly string[]) => {
  let references = eb.selectFrom('asset_reference as r').select(sql`1`.as('one')).whereRef('r.asset_id', '=', 'l.asset_id').whereRef('r.locale', '=', 'l.locale').where('r.target_id', 'in', [...targets]);
  if (inputs) references = references.where('r.input', 'in', [...inputs]);
  return eb.exists(references);
};

/** Inputs whose references count as authorship (spec 001 §3 authorshipId). */
const AUTHORSHIP_INPUTS = ['authorship'];

/** The WHERE clause of a list, leaving out the filter of `except` (for that facet's own counts). */
export function listConditions(dialect: Dialect, scope: ListScope, except?: FacetName): (eb: Eb) => Expression<SqlBool> {
  const { query } = scope;
  return (eb) => {
    const conditions: Array<Expression<SqlBool>> = [];
    if (scope.spaces.length === 0) return eb.val(false);
    if (!scope.allSpaces.every((space) => scope.spaces.includes(space))) conditions.push(inSpaces(eb, scope.spaces));
    if (query.stencil.length > 0 && except !== 'stencil') conditions.push(eb('l.stencil', 'in', query.stencil));
    if (query.localization.length > 0 && except !== 'localization') conditions.push(eb('l.locale', 'in', query.localization));
    if (query.publishstatus.length > 0 && except !== 'publishstatus') conditions.push(eb('l.status', 'in', query.publishstatus));
    if (query.space.length > 0 && except !== 'space') conditions.push(inSpaces(eb, query.space));
    if (query.infographic !== undefined && except !== 'infographic') conditions.push(eb('l.infographic', '=', query.infographic === 'true' ? 1 : 0));
    if (query.tagging.length > 0 && except !== 'tagging') conditions.push(referencesAny(eb, query.tagging));
    if (query.authorshipId.length > 0) conditions.push(referencesAny(eb, query.authorshipId, AUTHORSHIP_INPUTS));
    if (query.author) {
      const author = query.author;
      conditions.push(
        eb.exists(eb.selectFrom('asset_history as h').select(sql`1`.as('one')).whereRef('h.asset_id', '=', 'l.asset_id').whereRef('h.locale', '=', 'l.locale').where('h.user_name', '=', author)),
      );
    }
    // Spec 001 §5: the created-date filter applies only when both dates are present.
    if (query.createdDateFrom && query.createdDateTo) {
      conditions.push(eb.between('l.created_at', dayBound(query.createdDateFrom, 'start'), dayBound(query.createdDateTo, 'end')));
    }
    if (query.publishDateFrom || query.publishDateTo) {
      const from = query.publishDateFrom ? dayBound(query.publishDateFrom, 'start') : '0000';
      const to = query.publishDateTo ? dayBound(query.publishDateTo, 'end') : '9999';
      conditions.push(eb.or([eb.between('l.last_published_at', from, to), eb.between('l.publish_start', from, to), eb.between('l.publish_end', from, to)]));
    }
    if (query.bookmarked === 'true') {
      conditions.push(
        eb.exists(eb.selectFrom('bookmark as b').select(sql`1`.as('one')).whereRef('b.asset_id', '=', 'l.asset_id').whereRef('b.locale', '=', 'l.locale').where('b.user_id', '=', scope.userId)),
      );
    }
    if (scope.searchTerms.length > 0) conditions.push(fullTextMatches(dialect, scope.searchTerms));
    if (scope.advanced) conditions.push(scope.advanced(eb));
    return eb.and(conditions);
  };
}

/** The sort expression of each sort option; the key (asset id, locale) breaks ties. Relevance is ranked apart. */
function sortExpression(sortBy: Exclude<SortOption, 'relevance'>): RawBuilder<string> {
  switch (sortBy) {
    case 'lastPublished':
      return sql<string>`coalesce(l.last_published_at, '')`;
    case 'lastCreated':
      return sql<string>`l.created_at`;
    case 'lastEdited':
      return sql<string>`l.updated_at`;
  }
}

export interface ListedRow {
  asset_id: string;
  locale: string;
  sort_value: string | number;
}

/** One page of keys, newest (or most relevant) first, after the cursor; one row more than asked tells whether more follow. */
export async function listPage(db: Kysely<DB>, dialect: Dialect, input: { scope: ListScope; sortBy: SortOption; cursor: Cursor | undefined; limit: number }): Promise<ListedRow[]> {
  const { scope, cursor } = input;
  const ranking = input.sortBy === 'relevance' && scope.searchTerms.length > 0 ? fullTextRanking(dialect, scope.searchTerms) : undefined;
  const sort: RawBuilder<string | number> = ranking?.rank ?? sortExpression(input.sortBy === 'relevance' ? 'lastEdited' : input.sortBy);
  let query = db.selectFrom('asset_localization as l');
  if (ranking?.join) {
    query = query.innerJoin(sql<{ asset_id: string; locale: string; rank: number }>`${ranking.join}`.as('f'), (join) => join.onRef('f.asset_id', '=', 'l.asset_id').onRef('f.locale', '=', 'l.locale'));
  }
  let page = query.select(['l.asset_id', 'l.locale', sort.as('sort_value')]).where(listConditions(dialect, scope));
  if (cursor) page = page.where(sql<boolean>`(${sort}, l.asset_id, l.locale) < (${cursor.value}, ${cursor.id}, ${cursor.locale})`);
  return page.orderBy(sort, 'desc').orderBy('l.asset_id', 'desc').orderBy('l.locale', 'desc').limit(input.limit + 1).execute();
}

/** How many versions match, counting no further than COUNT_CAP + 1 (spec 001 §2.3 'More than 10000 Assets'). */
export async function countCapped(db: Kysely<DB>, dialect: Dialect, scope: ListScope): Promise<number> {
  const row = await db
    .selectFrom((qb) => qb.selectFrom('asset_localization as l').select(sql`1`.as('one')).where(listConditions(dialect, scope)).limit(COUNT_CAP + 1).as('matching'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The matching versions a facet counts: all of them up to COUNT_CAP + 1, beyond that the most recently edited ones.
 * Facet counts of a list of more than 10,000 versions (shown as 'More than 10000 Assets') are therefore shares of its
 * newest 10,001, which bounds the cost of a list at any size.
 */
function countedVersions(db: Kysely<DB>, dialect: Dialect, scope: ListScope, except: FacetName) {
  return db
    .selectFrom('asset_localization as l')
    .select(['l.asset_id', 'l.locale', 'l.stencil', 'l.status', 'l.infographic'])
    .where(listConditions(dialect, scope, except))
    .orderBy('l.updated_at', 'desc')
    .limit(COUNT_CAP + 1);
}

/** The facets backed by a column of the version. */
export const COLUMN_FACETS = { stencil: 'stencil', localization: 'locale', publishstatus: 'status', infographic: 'infographic' } as const;
export type ColumnFacet = keyof typeof COLUMN_FACETS;

/**
 * Bucket counts of every column facet at once, under every filter but `except`'s: one grouped pass over the counted
 * versions serves all facets whose own filter is not set.
 */
export async function countByColumns(db: Kysely<DB>, dialect: Dialect, scope: ListScope, except: FacetName): Promise<Record<ColumnFacet, Map<string, number>>> {
  const rows = await db
    .selectFrom(countedVersions(db, dialect, scope, except).as('m'))
    .select(['m.stencil', 'm.locale', 'm.status', 'm.infographic', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(['m.stencil', 'm.locale', 'm.status', 'm.infographic'])
    .execute();
  const counts: Record<ColumnFacet, Map<string, number>> = { stencil: new Map(), localization: new Map(), publishstatus: new Map(), infographic: new Map() };
  const add = (facet: ColumnFacet, bucket: string, n: number) => counts[facet].set(bucket, (counts[facet].get(bucket) ?? 0) + n);
  for (const row of rows) {
    const n = Number(row.n);
    add('stencil', row.stencil, n);
    add('localization', row.locale, n);
    add('publishstatus', row.status, n);
    add('infographic', String(row.infographic), n);
  }
  return counts;
}

/** Bucket counts of the space facet (an asset may be in several spaces). */
export async function countBySpace(db: Kysely<DB>, dialect: Dialect, scope: ListScope): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(countedVersions(db, dialect, scope, 'space').as('m'))
    .innerJoin('asset_space as sp', 'sp.asset_id', 'm.asset_id')
    .select(['sp.space as bucket', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('sp.space')
    .execute();
  // The user's spaces are picked here rather than in SQL: a condition on the space lets the database start from
  // the space index and visit every asset of those spaces instead of only the counted versions.
  return new Map(rows.filter((row) => scope.spaces.includes(row.bucket)).map((row) => [row.bucket, Number(row.n)]));
}

/** The most referenced tags (taxonomy assets) among the matching versions, with a title of each. */
export async function countByTag(db: Kysely<DB>, dialect: Dialect, scope: ListScope, input: { inputs: readonly string[]; limit: number }): Promise<Array<{ id: string; title: string; count: number }>> {
  const rows = await db
    .selectFrom(countedVersions(db, dialect, scope, 'tagging').as('m'))
    .innerJoin('asset_reference as r', (join) => join.onRef('r.asset_id', '=', 'm.asset_id').onRef('r.locale', '=', 'm.locale'))
    .select(['r.target_id as id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('r.input', 'in', [...input.inputs])
    .groupBy('r.target_id')
    .orderBy('n', 'desc')
    .orderBy('r.target_id')
    .limit(input.limit)
    .execute();
  if (rows.length === 0) return [];
  const titles = await db
    .selectFrom('asset_localization')
    .select(['asset_id', 'title', 'locale'])
    .where('asset_id', 'in', rows.map((row) => row.id))
    .orderBy('created_at')
    .execute();
  const titleOf = new Map<string, string>();
  for (const title of titles) if (!titleOf.has(title.asset_id) || title.locale === 'en') titleOf.set(title.asset_id, title.title);
  return rows.map((row) => ({ id: row.id, title: titleOf.get(row.id) ?? row.id, count: Number(row.n) }));
}
