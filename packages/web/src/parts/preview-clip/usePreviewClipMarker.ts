import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewClipMarker } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Clip } from './clipTime.ts';

/** Spec 002 §7 preview clip markers of a video. */
export const previewClipMarkersPath = (referenceId: string) => `/api/v1/media/preview-clip-markers/assets/${encodeURIComponent(referenceId)}/markers`;

/** The video's preview clip marker: the first of its markers (spec 002 §7), or null when it has none. */
export function usePreviewClipMarker(referenceId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.previewClipMarkers(referenceId),
    queryFn: async ({ signal }): Promise<PreviewClipMarker | null> => {
      const markers = await api.request({ path: previewClipMarkersPath(referenceId), response: 'previewClipMarkerList', signal });
      return markers[0] ?? null;
    },
    // Each opening asks afresh: the marker is dropped once the modal closes, so the form never starts from an old one.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Creates the marker (POST) or moves the existing one (PUT); the marker query is fetched again afterwards. */
export function useSavePreviewClipMarker(referenceId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ marker, clip }: { marker: PreviewClipMarker | null; clip: Clip }) =>
      api.request({
        method: marker ? 'PUT' : 'POST',
        path: marker ? `${previewClipMarkersPath(referenceId)}/${encodeURIComponent(marker.id)}` : previewClipMarkersPath(referenceId),
        body: { inpoint: clip.inpoint, outpoint: clip.outpoint },
        response: 'previewClipMarker',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.previewClipMarkers(referenceId) }),
  });
}
