import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AssetVersion, Revision, RevisionPage } from '@editor/domain';
import type { ApiClient } from '../../../api/client.ts';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { assetVersionPath } from '../../../api/paths.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

/** How many revisions a page of the history holds: enough to fill the panel, few enough to come at once. */
export const REVISION_PAGE_SIZE = 50;

export interface VersionKey {
  id: string;
  locale: string;
}

export const revisionsPath = (key: VersionKey) => `${assetVersionPath(key.id, key.locale)}/revisions`;

/** The revisions of a version, newest first, page by page by each page's `next` link (issue 41 history). */
export function useRevisions(key: VersionKey) {
  const api = useApiClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.revisions(key.id, key.locale),
    queryFn: ({ pageParam, signal }) => api.request({ path: pageParam, response: 'revisionPage', signal }),
    initialPageParam: `${revisionsPath(key)}?limit=${REVISION_PAGE_SIZE}`,
    getNextPageParam: (last: RevisionPage) => last._links.next?.href,
  });
  const revisions: Revision[] = query.data?.pages.flatMap((page) => page.revisions) ?? [];
  return { ...query, revisions };
}

/** Two revisions compared field by field; `to` is the newer side as the comparison reads it. */
export function useRevisionComparison(key: VersionKey, pair: { from: number; to: number } | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.revisionComparison(key.id, key.locale, pair?.from ?? 0, pair?.to ?? 0),
    queryFn: ({ signal }) => api.request({ path: `${revisionsPath(key)}/compare?from=${pair?.from ?? 0}&to=${pair?.to ?? 0}`, response: 'revisionComparison', signal }),
    enabled: pair !== null && pair.from !== pair.to,
    // A revision never changes, and so neither does a comparison of two.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Restores a revision, or one input of it, as a new save of the version. `If-Match` names the version the editor
 * shows, so a restore over someone's newer save is refused (412) rather than overwriting it.
 */
export function restoreRevision(api: ApiClient, input: { revision: Revision; inputName?: string | undefined; basedOnVersion: number }): Promise<AssetVersion> {
  return api.request({
    method: 'POST',
    path: input.revision._links.restore.href,
    headers: { 'If-Match': `"${input.basedOnVersion}"` },
    body: input.inputName === undefined ? {} : { input: input.inputName },
    response: 'assetVersion',
  });
}
