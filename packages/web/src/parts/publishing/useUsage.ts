import { useInfiniteQuery } from '@tanstack/react-query';
import { EAQL_PROPERTIES, USAGE_PAGE_SIZE, describeEaql, type AssetVersionKey, type EaqlNode, type UsageResponse } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** One page of the usage call: GET on the version's usage link with a limit and an offset (spec 002 §7, §9). */
export function usagePagePath(usageHref: string, offset: number): string {
  const separator = usageHref.includes('?') ? '&' : '?';
  return `${usageHref}${separator}limit=${USAGE_PAGE_SIZE}&offset=${offset}`;
}

const loadedCount = (pages: readonly UsageResponse[]) => pages.reduce((count, page) => count + page.items.length, 0);

/** The versions referencing the asset, USAGE_PAGE_SIZE at a time (spec 002 §2 Usage tab, Load more). */
export function useUsage(usageHref: string, options: { isEnabled: boolean }) {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.usage(usageHref),
    queryFn: ({ pageParam, signal }) => api.request({ path: usagePagePath(usageHref, pageParam), response: 'usageResponse', signal }),
    initialPageParam: 0,
    // An empty page ends the list too, should the total promise more than the server still has.
    getNextPageParam: (last: UsageResponse, pages: UsageResponse[]) => (last.items.length > 0 && loadedCount(pages) < last.total ? loadedCount(pages) : undefined),
    enabled: options.isEnabled,
  });
  return { ...query, pages: query.data?.pages ?? [], total: query.data?.pages[0]?.total };
}

const keyword = (name: 'id' | 'localization') => ({ name, type: EAQL_PROPERTIES[name].type });

/**
 * The list call's EAQL query for exactly these versions, `id = … AND localization = … OR …`, so one list call answers
 * the card data of a whole usage page (the usage answer holds only ids and locales).
 */
export function versionsQuery(keys: readonly AssetVersionKey[]): string {
  const tree: EaqlNode = {
    kind: 'or',
    operands: keys.map((key) => ({
      kind: 'and',
      operands: [
        { kind: 'compare', property: keyword('id'), operator: '=', value: key.id },
        { kind: 'compare', property: keyword('localization'), operator: '=', value: key.localization },
      ],
    })),
  };
  return describeEaql(tree);
}
