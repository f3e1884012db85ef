import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_PATH, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * The changes to webhook endpoints (register, change, delete) and to an endpoint's log (test event, resend), each
 * through the link the server gave; each refreshes what it changed once it succeeded.
 */
export function useWebhookChanges() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookEndpoints() });
  const refreshLog = (endpoint: WebhookEndpoint) => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(endpoint._links.deliveries.href) });

  const create = useMutation({
    mutationFn: (body: WebhookEndpointCreate) => api.request({ method: 'POST', path: WEBHOOKS_PATH, body, response: 'webhookEndpoint' }),
    onSuccess: refreshEndpoints,
    // The answer holds the signing secret: nothing keeps it once the modal that shows it has closed.
    gcTime: 0,
  });
  const update = useMutation({
    mutationFn: ({ endpoint, body }: { endpoint: WebhookEndpoint; body: WebhookEndpointUpdate }) =>
      api.request({ method: 'PATCH', path: endpoint._links.self.href, body, response: 'webhookEndpoint' }),
    onSuccess: refreshEndpoints,
  });
  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.send({ method: 'DELETE', path: endpoint._links.self.href }),
    onSuccess: refreshEndpoints,
  });
  const sendTest = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.request({ method: 'POST', path: endpoint._links.test.href, response: 'webhookDelivery' }),
    onSuccess: (_delivery, endpoint) => refreshLog(endpoint),
  });
  const resend = useMutation({
    mutationFn: ({ delivery }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery }) =>
      api.request({ method: 'POST', path: delivery._links.resend.href, response: 'webhookDelivery' }),
    onSuccess: (_delivery, { endpoint }) => refreshLog(endpoint),
  });
  return { create, update, remove, sendTest, resend };
}
