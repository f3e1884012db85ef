import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { assetVersionKeySchema, stencilSummaryListSchema } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { showToast } from '../../ui/toasts.tsx';

/** The stencils the user may create in a space and locale; nothing is asked while either is missing. */
export function useCreatableStencils(space: string | null, localization: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.creatableStencils(space ?? '', localization ?? ''),
    queryFn: ({ signal }) =>
      api.request({ path: `/api/v1/stencils?${new URLSearchParams({ space: space ?? '', localization: localization ?? '' }).toString()}`, schema: stencilSummaryListSchema, signal }),
    enabled: space !== null && localization !== null,
    // Changing the space keeps the list on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
}

export interface NewAsset {
  space: string;
  localization: string;
  stencil: string;
}

/**
 * Creates an empty asset of a stencil (spec 000 §7: POST /api/v1/assets/-/localizations/{locale} with space and
 * stencil as parameters). A failure shows the warning toast of spec 001 §8.
 */
export function useCreateAsset() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ space, localization, stencil }: NewAsset) =>
      api.request({
        method: 'POST',
        path: `/api/v1/assets/-/localizations/${encodeURIComponent(localization)}?${new URLSearchParams({ space, 'container.stencil': stencil }).toString()}`,
        body: { content: {} },
        schema: assetVersionKeySchema,
      }),
    onError: () => showToast({ kind: 'warning', message: 'Asset could not be created' }),
  });
}
