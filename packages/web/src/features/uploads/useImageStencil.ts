import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { stencilPath } from '../../api/paths.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { IMAGE_STENCIL } from './uploadImageAsset.ts';

/**
 * The image stencil's definition, whose inputs carry the constraints an upload's title, SEO filename and credits
 * must meet. A stencil changes only with a release, so one answer serves the session.
 */
export function useImageStencil() {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.stencilDefinition(IMAGE_STENCIL),
    queryFn: ({ signal }) => api.request({ path: stencilPath(IMAGE_STENCIL), response: 'stencilDefinition', signal }),
    staleTime: Infinity,
  });
}
