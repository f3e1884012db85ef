import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedVersion, DeletedVersionPage } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

export const TRASH_PATH = '/api/v1/trash';
const PAGE_SIZE = 50;

/** Deleted versions, most recently deleted first, page by page by each page's `next` link (issue 41 trash). */
export function useTrash() {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.trash(),
    queryFn: ({ pageParam, signal }) => api.request({ path: pageParam, response: 'deletedVersionPage', signal }),
    initialPageParam: `${TRASH_PATH}?limit=${PAGE_SIZE}`,
    getNextPageParam: (last: DeletedVersionPage) => last._links.next?.href,
  });
  const deleted: DeletedVersion[] = query.data?.pages.flatMap((page) => page.deleted) ?? [];
  return { ...query, deleted };
}

/** Restores a deleted version; the trash is read again, since the entry has left it. */
export function useRestoreDeleted() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: DeletedVersion) => api.request({ method: 'POST', path: entry._links.restore.href, body: {}, response: 'restoredVersion' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.trash() }),
  });
}
