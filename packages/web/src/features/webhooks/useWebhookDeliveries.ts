import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** While a delivery waits for its next try its page is asked again often; otherwise now and then, for new events. */
const PENDING_REFRESH_MS = 2_000;
const IDLE_REFRESH_MS = 15_000;

/**
 * One page of an endpoint's delivery log, newest first: the first by the endpoint's deliveries link, each older one by
 * the previous page's `next` link. A shown page refreshes on its own.
 */
export function useWebhookDeliveries(input: { deliveriesHref: string; pageHref: string }) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.webhookDeliveryPage(input.deliveriesHref, input.pageHref),
    queryFn: ({ signal }) => api.request({ path: input.pageHref, response: 'webhookDeliveryPage', signal }),
    refetchInterval: (query) => (query.state.data?._embedded.item.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : IDLE_REFRESH_MS),
  });
}
