import { useQuery } from '@tanstack/react-query';
import { resolveTrendingFeed } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';

/** The feed the user keeps (spec 001 §3 panels.trendingContent) with the defaults of §9 for what they did not choose. */
export function useTrendingFeed() {
  const { user, effectiveRights } = useCurrentUser();
  return resolveTrendingFeed(user.settings, effectiveRights.spaces);
}

/** Spec 001 §7 Trending: `POST /api/v1/panels/trending-content?mediaContentFilter=lastPublished` with the feed. */
export function useTrending() {
  const api = useApiClient();
  const feed = useTrendingFeed();
  return useQuery({
    queryKey: queryKeys.dashboardTrending(feed),
    queryFn: async ({ signal }) => {
      const answer = await api.request({
        method: 'POST',
        path: '/api/v1/panels/trending-content?mediaContentFilter=lastPublished',
        body: feed,
        response: 'trendingResponse',
        signal,
      });
      return answer.trendingAssets;
    },
  });
}
