import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AssetListItem, AssetListResponse } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { listPath } from './listFilters.ts';

/**
 * The asset list (spec 001 §7 asset search) for a set of request parameters, page by page: the first page from the
 * parameters, every further one by GET on the previous page's `next` link as it is. A request superseded by new
 * parameters is aborted (spec 000 §7): TanStack aborts the signal once no view waits for the old answer.
 * While the answer to new parameters is on its way, the previous list stays on screen.
 */
export function useAssetList(params: Readonly<Record<string, string>>) {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.assetList(params),
    queryFn: ({ pageParam, signal }) => api.request({ path: pageParam ?? listPath(params), response: 'assetListResponse', signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: AssetListResponse) => page._links.next?.href ?? null,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const items: AssetListItem[] = pages.flatMap((page) => page._embedded.item);
  return {
    ...query,
    items,
    /** Facets, total and sort come with the first page; the server does not repeat them on later pages. */
    facets: first?.facets ?? [],
    total: first?.total,
    sortBy: first?.sortBy,
  };
}
