import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_KEYS_PATH, type DeliveryKey, type DeliveryKeyCreateBody, type DeliveryKeyUpdateBody } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** Creating, changing and revoking delivery keys; each refreshes the key list once it succeeded. */
export function useDeliveryKeyChanges() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveryKeys() });

  const create = useMutation({
    mutationFn: (body: DeliveryKeyCreateBody) => api.request({ method: 'POST', path: DELIVERY_KEYS_PATH, body, response: 'deliveryKeyCreated' }),
    onSuccess: refresh,
    // The answer holds the secret: nothing keeps it once the modal that shows it has closed.
    gcTime: 0,
  });
  const update = useMutation({
    mutationFn: ({ key, body }: { key: DeliveryKey; body: DeliveryKeyUpdateBody }) =>
      api.request({ method: 'PATCH', path: key._links.self.href, body, response: 'deliveryKey' }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (key: DeliveryKey) => api.request({ method: 'DELETE', path: key._links.self.href, response: 'deliveryKey' }),
    onSuccess: refresh,
  });
  return { create, update, revoke };
}
