import type { Kysely } from 'kysely';
import type { SortOption } from '@editor/domain';
import type { SearchRouteQuestion } from '../../../db/dialects/listEngine.ts';
import type { DB } from '../../../db/schema.ts';
import { filterWordsOf, keepsEveryVersion, listConditions, withoutWordedFilters, type FacetName, type ListRoute, type ListScope } from './listRepository.ts';

/**
 * How a search finds its newest matches where relevance does not order them: for its counts, and for a page of an
 * advanced query sorted otherwise. The list engine picks among the routes (`ListRoute`); what it may ask of the list
 * is the filters the search index answers as words and the list's other conditions.
 */
function routeQuestion(scope: ListScope, except: FacetName | undefined): SearchRouteQuestion {
  const others = withoutWordedFilters(scope);
  return {
    filters: filterWordsOf(scope, except),
    // Without other conditions every version is kept, and the engine need not estimate how many.
    others: keepsEveryVersion(others, except) ? undefined : { key: `kept:${except ?? ''}`, where: listConditions(others, except) },
  };
}

/** The route of a search's count of the versions that meet the list's conditions but `except`'s; none without a search. */
export async function searchCountRoute(db: Kysely<DB>, scope: ListScope, except: FacetName | undefined): Promise<ListRoute | undefined> {
  const { search } = scope;
  if (!search) return undefined;
  return scope.engine.searchCountRoute(db, search, () => routeQuestion(scope, except));
}

/** The route of a search's page in the list's sort; none without a search or when relevance orders it. */
export async function searchPageRoute(db: Kysely<DB>, scope: ListScope, sortBy: SortOption): Promise<ListRoute | undefined> {
  const { search } = scope;
  if (!search || sortBy === 'relevance') return undefined;
  return scope.engine.searchPageRoute(db, search, { sortBy, question: () => routeQuestion(scope, undefined) });
}
