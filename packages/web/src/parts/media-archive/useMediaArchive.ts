import { useInfiniteQuery } from '@tanstack/react-query';
import type { MediaLibraryItem, MediaLibraryPage } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { archivePagePath } from './archiveSearch.ts';

/**
 * The media archive search (spec 001 §7 fetch and fetch-more): the first page by the filters' parameters, each
 * further one after the previous page's `afterSearchPointer`. New parameters are a new query; the running one is
 * aborted once nothing waits for it (spec 000 §7), and the list starts again from its first page.
 */
export function useMediaArchive(params: Readonly<Record<string, string>>) {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.mediaArchive(params),
    queryFn: ({ pageParam, signal }) => api.request({ path: archivePagePath(params, pageParam), response: 'mediaLibraryPage', signal }),
    initialPageParam: null as string | null,
    // A page shorter than asked for is the last, whatever pointer it carries.
    getNextPageParam: (page: MediaLibraryPage) => (page.data.length > 0 && page.data.length >= Number(params.limit) ? page.meta.afterSearchPointer : null),
  });
  const items: MediaLibraryItem[] = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { ...query, items, total: query.data?.pages[0]?.meta.total };
}
