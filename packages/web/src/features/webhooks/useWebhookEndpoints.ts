import { useQuery } from '@tanstack/react-query';
import { WEBHOOKS_PATH } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** Every webhook endpoint, oldest first, each with its links (self, deliveries, test) and their methods. */
export function useWebhookEndpoints() {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.webhookEndpoints(),
    queryFn: ({ signal }) => api.request({ path: WEBHOOKS_PATH, response: 'webhookEndpointList', signal }),
  });
}
