import { useQuery } from '@tanstack/react-query';
import { internalLinkStencilsOf, schemaAttributesResponseSchema } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { SCHEMA_ATTRIBUTES_PATH } from '../../api/paths.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** The installed stencils change only with a deployment. */
const STALE_MS = Number.POSITIVE_INFINITY;

/**
 * Spec 002 §7 schema attributes, "used to find allowed internal link stencils": the stencils an internal link may
 * point to, asked for once `isNeeded`. `settled` is false while the answer is awaited; a failure is logged only
 * (spec 002 §8) and leaves the choice unfiltered (`stencils` undefined).
 */
export function useInternalLinkStencils(isNeeded: boolean): { settled: boolean; stencils: readonly string[] | undefined } {
  const api = useApiClient();
  const query = useQuery({
    queryKey: queryKeys.schemaAttributes(),
    queryFn: async ({ signal }) => {
      try {
        return internalLinkStencilsOf(await api.request({ path: SCHEMA_ATTRIBUTES_PATH, schema: schemaAttributesResponseSchema, signal }));
      } catch (error) {
        console.warn('Could not fetch the schema attributes', error);
        return null;
      }
    },
    enabled: isNeeded,
    staleTime: STALE_MS,
  });
  return { settled: query.data !== undefined, stencils: query.data ?? undefined };
}
