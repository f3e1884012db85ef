import { useQuery } from '@tanstack/react-query';
import { DELIVERY_KEYS_PATH } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** The delivery API's keys, revoked ones too, oldest first; each with the methods its link offers. */
export function useDeliveryKeys() {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.deliveryKeys(),
    queryFn: ({ signal }) => api.request({ path: DELIVERY_KEYS_PATH, response: 'deliveryKeyList', signal }),
  });
}
