import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, type SortOption } from '@editor/domain';
import { hasManyMatches, searchMatches, type PreparedSearch } from '../../../db/dialects/fullText.ts';
import type { DB } from '../../../db/schema.ts';
import { filterWordsOf, keepsEveryVersion, listConditions, withoutWordedFilters, type FacetName, type ListRoute, type ListScope } from './listRepository.ts';

/**
 * How a search finds its newest matches where relevance does not order them: for its counts, and for a page of an
 * advanced query sorted by last edit.
 *
 * - `bySearch` reads the matches of its words newest first from its own source (SQLite: the index's entries in the
 *   order they were written; PostgreSQL: its windows of days) and tests the list's other conditions on each.
 * - `newest` walks the versions in the list's order and tests the words on those that meet the other conditions
 *   (PostgreSQL: or whatever its planner prefers, such as every match of rare words from the search index, sorted).
 * - `byMatches` (SQLite) reads every match of its words and sorts them.
 *
 * PostgreSQL, the newest 10,001 matches at a million versions, ms, `bySearch` against `newest`: `mostar` 25 / 75,
 * `cliff diving AND status = draft` 155 / 195, `"mostar zermatt bali"` 56 / 215, `mostar AND stencil = athlete`
 * 340 / 110, `mostar AND localization = ja AND stencil = athlete` 2,500 / 490, six words that 4,129 versions hold
 * 365 / 66 (every window reads the postings of every word). The windows pay off while the other conditions keep a
 * good share of the versions and the matches fill the count early; the planner's estimates tell both.
 */

/** PostgreSQL: the least share of versions the list's other conditions may keep for its windows to pay off. */
const MIN_SHARE = 0.2;
/**
 * PostgreSQL: the fewest matches the windows must expect, in counts' worth, so that they stop early. Five words
 * that 10,858 of 1,000,000 versions hold (estimated 12,820): windows 330, the planner 72 ms; `cliff diving` at
 * 100,000 versions (17,600 estimated): 33 against 41–63 ms.
 */
const MIN_COUNTS = 1.5;

type Estimated = SelectQueryBuilder<DB & { l: DB['asset_localization'] }, 'l', { one: number }>;

/** The planner's estimates of a request, kept with its search (prepared once per request): its count and page ask alike. */
const estimatesOf = new WeakMap<PreparedSearch, Map<string, Promise<number>>>();

/** PostgreSQL: how many rows the planner expects a query to return (`EXPLAIN`, which runs nothing). */
function estimatedRows(db: Kysely<DB>, search: PreparedSearch, key: string, query: (from: Estimated) => Estimated): Promise<number> {
  const estimates = estimatesOf.get(search) ?? new Map<string, Promise<number>>();
  estimatesOf.set(search, estimates);
  const known = estimates.get(key);
  if (known) return known;
  const compiled = query(db.selectFrom('asset_localization as l').select(sql<number>`1`.as('one'))).compile();
  const estimate = db
    .executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]))
    .then((result) => result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  estimates.set(key, estimate);
  return estimate;
}

/**
 * PostgreSQL: whether a search's windows pay off, from the planner's estimates of how many versions match the words
 * and of the share of versions the list's other conditions keep.
 */
export function areWindowsCheaper(estimates: { matches: number; share: number }): boolean {
  const { matches, share } = estimates;
  return share >= MIN_SHARE && matches * share >= MIN_COUNTS * (COUNT_CAP + 1);
}

/**
 * PostgreSQL: whether a search's windows pay off for the versions that meet the list's conditions but `except`'s. The
 * filters the index answers as words (`filterWordsOf`) count with the matches, the others with what is kept.
 */
async function windowsPayOff(db: Kysely<DB>, scope: ListScope, search: PreparedSearch & { dialect: 'postgres' }, except: FacetName | undefined): Promise<boolean> {
  const filters = filterWordsOf(scope, except);
  const others = withoutWordedFilters(scope);
  // Without other conditions the share is 1, and the planner need not be asked (two statements fewer per search).
  const share = async () => {
    if (keepsEveryVersion(others, except)) return 1;
    const [versions, kept] = await Promise.all([
      estimatedRows(db, search, 'versions', (from) => from),
      estimatedRows(db, search, `kept:${except ?? ''}`, (from) => from.where(listConditions(others, except))),
    ]);
    return versions > 0 ? Math.min(1, kept / versions) : 1;
  };
  const [matches, keptShare] = await Promise.all([estimatedRows(db, search, `matches:${filters ?? ''}`, (from) => from.where(searchMatches(search, { isWalked: true, filters }))), share()]);
  return areWindowsCheaper({ matches, share: keptShare });
}

/** The route of a search's count of the versions that meet the list's conditions but `except`'s; none without a search. */
export async function searchCountRoute(db: Kysely<DB>, scope: ListScope, except: FacetName | undefined): Promise<ListRoute | undefined> {
  const { search } = scope;
  if (!search) return undefined;
  if (search.dialect === 'sqlite') return 'bySearch';
  return (await windowsPayOff(db, scope, search, except)) ? 'bySearch' : 'newest';
}

/**
 * The route of a search's page in the list's sort; none without a search or when relevance orders it. SQLite's entries are in the order they were
 * written, which a publish does not change, so only PostgreSQL's windows (days of the last edit) give a page by last
 * edit; SQLite walks the versions when the words are common and reads every match when they are few.
 */
export async function searchPageRoute(db: Kysely<DB>, scope: ListScope, sortBy: SortOption): Promise<ListRoute | undefined> {
  const { search } = scope;
  if (!search || sortBy === 'relevance') return undefined;
  if (search.dialect === 'sqlite') return (await hasManyMatches(db, search)) ? 'newest' : 'byMatches';
  return sortBy === 'lastEdited' && (await windowsPayOff(db, scope, search, undefined)) ? 'bySearch' : 'newest';
}
