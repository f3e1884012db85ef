import { useQuery } from '@tanstack/react-query';
import type { AssetLinkRel } from '@editor/domain';
import { ApiError } from '../../api/client.ts';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** What each url-composer link reads in a menu or the Meta tab (spec 002 §2 names for those it lists). */
export const ASSET_LINK_LABELS: Readonly<Record<AssetLinkRel, string>> = {
  web: 'View on website',
  webPreview: 'Preview',
  editorApp: 'Editor App',
  explorer: 'Content explorer',
  featuringApp: 'Featuring app',
};

/** Spec 001 §7: a 404 is asked once more after this delay (a new asset may not be known to the composer yet). */
export const LINKS_RETRY_DELAY_MS = 1500;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Spec 001 §7 Links: `GET /api/crepo/url-composer/v1/resources/{id}/links?localization=`, only those present, each
 * with its label; retried once after a delay on a 404. A failure is logged only (§8) and leaves the list empty.
 */
export function useAssetLinks(target: { id: string; localization: string }) {
  const api = useApiClient();
  const query = useQuery({
    queryKey: queryKeys.resourceLinks(target.id, target.localization),
    queryFn: async ({ signal }) => {
      try {
        const search = new URLSearchParams({ localization: target.localization });
        const answer = await api.request({ path: `/api/crepo/url-composer/v1/resources/${encodeURIComponent(target.id)}/links?${search.toString()}`, response: 'assetLinksResponse', signal });
        return answer.data.links.map((link) => ({ ...link, label: ASSET_LINK_LABELS[link.rel] }));
      } catch (error) {
        if (!signal.aborted) console.error(`The links of ${target.id} (${target.localization}) could not be fetched.`, error);
        throw error;
      }
    },
    retry: (failureCount, error) => failureCount < 1 && isNotFound(error),
    retryDelay: LINKS_RETRY_DELAY_MS,
  });
  return { links: query.data ?? [], isPending: query.isPending && query.fetchStatus !== 'idle' };
}
