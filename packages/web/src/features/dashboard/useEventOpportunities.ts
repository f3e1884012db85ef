import { useInfiniteQuery } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

/** Spec 001 §2.2: 'show upcoming events' lists events to create profiles for, 'show only existing' those to maintain. */
export type EventFlow = 'create' | 'maintain';

/**
 * Spec 001 §7: the create flow reads `GET /api/v1/events` (upcoming, in the user's locales), the maintain flow
 * `GET /api/v1/events/maintainable?cutOffRange=future`; both 10 a page (§9), more while `meta.totalCount` says so.
 */
export function useEventOpportunities(flow: EventFlow) {
  const api = useApiClient();
  const locales = useCurrentUser().effectiveRights.localizations;
  const query = useInfiniteQuery({
    queryKey: queryKeys.dashboardEvents(flow, locales),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ 'page[number]': String(pageParam), 'page[size]': String(EVENTS_PAGE_SIZE) });
      if (flow === 'create') search.set('locales', locales.join(','));
      else search.set('cutOffRange', 'future');
      const path = flow === 'create' ? '/api/v1/events' : '/api/v1/events/maintainable';
      return api.request({ path: `${path}?${search.toString()}`, response: 'eventsResponse', signal });
    },
    initialPageParam: 1,
    getNextPageParam: (page, pages) => (pages.length * EVENTS_PAGE_SIZE < page.meta.totalCount && page.data.length > 0 ? pages.length + 1 : undefined),
  });
  return { ...query, events: query.data?.pages.flatMap((page) => page.data) ?? [] };
}
