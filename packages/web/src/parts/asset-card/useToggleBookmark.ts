import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AssetListItem, AssetListResponse } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { describeError } from '../../ui/describeError.ts';
import { showToast } from '../../ui/toasts.tsx';

type ListData = InfiniteData<AssetListResponse, string | null>;

function withBookmark(data: ListData | undefined, target: Pick<AssetListItem, 'id' | 'localization'>, bookmarked: boolean): ListData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      _embedded: {
        item: page._embedded.item.map((item) =>
          item.id === target.id && item.localization === target.localization
            ? { ...item, _embedded: { about: { ...item._embedded.about, _meta: { ...item._embedded.about._meta, bookmarked } } } }
            : item,
        ),
      },
    })),
  };
}

/**
 * Spec 000 §4, §7, §8: the star sets (PUT) or removes (DELETE) the bookmark on the version's bookmark link. It flips at
 * once in every list showing the asset and flips back, with an error toast, when the call fails.
 */
export function useToggleBookmark() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const lists = queryKeys.assetLists();

  const setEverywhere = (item: AssetListItem, bookmarked: boolean) =>
    queryClient.setQueriesData<ListData>({ queryKey: lists }, (data) => withBookmark(data, item, bookmarked));

  return useMutation({
    mutationFn: ({ item, bookmarked }: { item: AssetListItem; bookmarked: boolean }) =>
      api.send({ method: bookmarked ? 'PUT' : 'DELETE', path: item._links['p:bookmark'].href }),
    onMutate: ({ item, bookmarked }) => setEverywhere(item, bookmarked),
    onError: (error, { item, bookmarked }) => {
      setEverywhere(item, !bookmarked);
      showToast({ kind: 'error', message: describeError(error).message });
    },
    // Lists not on screen (Favorites, for one) are fetched again when they are next shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lists, refetchType: 'none' }),
  });
}
