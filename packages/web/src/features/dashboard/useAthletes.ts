import { useInfiniteQuery } from '@tanstack/react-query';
import { ATHLETES_PAGE_SIZE, hasMorePanelEntries } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

/** Spec 001 §2.2, §4: new athletes are drafts, existing ones published. */
export type AthletesKind = 'new' | 'existing';
const STATUS_OF: Readonly<Record<AthletesKind, 'draft' | 'published'>> = { new: 'draft', existing: 'published' };

/**
 * Spec 001 §7 Athletes: `POST /api/v1/panels/athletes?assetStatus=&limit=10&offset=` with the user's locales;
 * a next page only after a full one (§9).
 */
export function useAthletes(kind: AthletesKind) {
  const api = useApiClient();
  const locales = useCurrentUser().effectiveRights.localizations;
  const assetStatus = STATUS_OF[kind];
  const query = useInfiniteQuery({
    queryKey: queryKeys.dashboardAthletes(assetStatus, locales),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ assetStatus, limit: String(ATHLETES_PAGE_SIZE), offset: String(pageParam) });
      return api.request({ method: 'POST', path: `/api/v1/panels/athletes?${search.toString()}`, body: { locales }, response: 'athletesResponse', signal });
    },
    initialPageParam: 0,
    getNextPageParam: (page, pages) => (hasMorePanelEntries(page.athletes.length, ATHLETES_PAGE_SIZE) ? pages.length * ATHLETES_PAGE_SIZE : undefined),
  });
  return { ...query, athletes: query.data?.pages.flatMap((page) => page.athletes) ?? [] };
}
