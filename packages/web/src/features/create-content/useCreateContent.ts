import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { ApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { showToast } from '../../ui/toasts.tsx';
import { removeNewAssetDraft, writeNewAssetDraft } from '../../editor-state/newAssetDrafts.ts';

/** The stencils the user may create in a space and locale; nothing is asked while either is missing. */
export function useCreatableStencils(space: string | null, localization: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.creatableStencils(space ?? '', localization ?? ''),
    queryFn: ({ signal }) =>
      api.request({ path: `/api/v1/stencils?${new URLSearchParams({ space: space ?? '', localization: localization ?? '' }).toString()}`, response: 'stencilSummaryList', signal }),
    enabled: space !== null && localization !== null,
    // Changing the space keeps the list on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
}

export interface NewAsset {
  space: string;
  localization: string;
  stencil: string;
  /** The stencil's label, to name a kept draft. */
  stencilLabel: string;
  /** The first values, by input name; none from the create-content modal (the server fills the stencil's defaults). */
  values?: Record<string, unknown>;
}

/** Whether a failed create is worth trying again from its draft: the network or the server failed (not a refusal). */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * Creates an asset (spec 000 §7: POST /api/v1/assets/-/localizations/{locale} with space and stencil as parameters).
 * Spec 000 §4: a local draft with id '-' holding the first values is made first; it goes once the asset exists, or
 * when the server refuses the create, and stays when the network or the server fails, to be offered again
 * (`NewAssetDraftOffer`). A failure shows the warning toast of spec 001 §8.
 */
export function useCreateAsset() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ space, localization, stencil, stencilLabel, values = {} }: NewAsset) => {
      writeNewAssetDraft({ locale: localization, space, stencil, stencilLabel, values });
      try {
        const created = await api.request({
          method: 'POST',
          path: `/api/v1/assets/-/localizations/${encodeURIComponent(localization)}?${new URLSearchParams({ space, 'container.stencil': stencil }).toString()}`,
          body: { content: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }])) },
          response: 'assetVersionKey',
        });
        removeNewAssetDraft(localization);
        return created;
      } catch (error) {
        if (!isRetryable(error)) removeNewAssetDraft(localization);
        throw error;
      }
    },
    onError: () => showToast({ kind: 'warning', message: 'Asset could not be created' }),
  });
}
