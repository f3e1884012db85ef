import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** Spec 002 §7 media lookup: a video's or audio file's title, duration and files; failures are only logged (002 §8). */
export function useArchiveMedia({ provider, referenceId }: { provider: string; referenceId: string }) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.archiveMedia(provider, referenceId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ provider, referenceId });
      try {
        return await api.request({ path: `/api/v1/media?${query.toString()}`, response: 'archiveMedia', signal });
      } catch (error) {
        console.warn('The media lookup failed.', error);
        throw error;
      }
    },
  });
}

/** Spec 002 §7 video renditions by referenceId: whether a player can stream the video, and from where. */
export function useMediaRenditions(referenceId: string, { enabled }: { enabled: boolean }) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.mediaRenditions(referenceId),
    queryFn: ({ signal }) => api.request({ path: `/api/v1/media/renditions/${encodeURIComponent(referenceId)}`, response: 'mediaRenditions', signal }),
    enabled,
  });
}
