import { useInfiniteQuery } from '@tanstack/react-query';
import { hasMorePanelEntries, SCHEDULE_PAGE_SIZE } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

/** Spec 001 §7 Schedule (`POST /api/v1/panels/schedules`), 10 at a time; a next page only after a full one (§9). */
export function useSchedule() {
  const api = useApiClient();
  const locales = useCurrentUser().effectiveRights.localizations;
  const query = useInfiniteQuery({
    queryKey: queryKeys.dashboardSchedule(locales),
    queryFn: ({ pageParam, signal }) =>
      api.request({
        method: 'POST',
        path: '/api/v1/panels/schedules',
        body: { locales, limit: SCHEDULE_PAGE_SIZE, offset: pageParam },
        response: 'scheduleResponse',
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (page, pages) => (hasMorePanelEntries(page.scheduledAssets.length, SCHEDULE_PAGE_SIZE) ? pages.length * SCHEDULE_PAGE_SIZE : undefined),
  });
  return { ...query, entries: query.data?.pages.flatMap((page) => page.scheduledAssets) ?? [] };
}
