import { useEffect, useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { ApiError, type ApiClient } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import { internalLinkHref, MISSING_LINKED_ASSET_MESSAGE } from './internalLinks.ts';

/** An asset that exists now is very unlikely to vanish while the editor is open; look again after ten minutes. */
const STALE_MS = 10 * 60_000;

export const NO_ASSET_IDS: ReadonlySet<string> = new Set();

/** Whether the asset exists (spec 000 §7 GET /api/v1/assets/{id}); 404 is an answer, any other failure an error. */
async function assetExists(api: ApiClient, assetId: string, signal: AbortSignal): Promise<boolean> {
  try {
    await api.send({ path: internalLinkHref(assetId), signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * Spec 002 §4: an internal link whose asset answers 404 counts as an error until it is removed or changed. Asks
 * the server about each linked asset, reports the error at `errorPath` while one is missing (cleared when none
 * is, and when the text goes away), and returns the missing ids for marking the links.
 */
export function useLinkedAssetCheck(assetIds: readonly string[], errorPath: string): ReadonlySet<string> {
  const api = useApiClient();
  const store = useEditorStoreApi();
  const missingKey = useQueries({
    queries: assetIds.map((assetId) => ({
      queryKey: queryKeys.linkedAsset(assetId),
      queryFn: ({ signal }: { signal: AbortSignal }) => assetExists(api, assetId, signal),
      staleTime: STALE_MS,
    })),
    combine: (results) => assetIds.filter((_id, index) => results[index]?.data === false).join('\n'),
  });
  const missing = useMemo(() => (missingKey === '' ? NO_ASSET_IDS : new Set(missingKey.split('\n'))), [missingKey]);

  useEffect(() => {
    store.getState().setWidgetErrors(errorPath, missingKey === '' ? [] : [MISSING_LINKED_ASSET_MESSAGE]);
  }, [store, errorPath, missingKey]);
  useEffect(() => () => store.getState().setWidgetErrors(errorPath, []), [store, errorPath]);

  return missing;
}
