import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchEditorAsset } from './api/editorCalls.ts';

/**
 * The version the editor opens, with its stencil. It is not refetched behind the editor's back (focus, reconnect):
 * the editor decides when the server's version replaces what is on screen (after a save, Don't Save, a reload).
 */
export function useEditorAsset(id: string, locale: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.editorAsset(id, locale),
    queryFn: ({ signal }) => fetchEditorAsset(api, { id, locale }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
