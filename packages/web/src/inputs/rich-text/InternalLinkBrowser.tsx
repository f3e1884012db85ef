import { useQuery } from '@tanstack/react-query';
import { internalLinkStencilsOf, type AssetListItem } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { SCHEMA_ATTRIBUTES_PATH } from '../../api/paths.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { BrowseAssetsModal } from '../../parts/asset-list/BrowseAssetsModal.tsx';

/** The installed stencils change only with a deployment. */
const STALE_MS = Number.POSITIVE_INFINITY;

/**
 * Spec 002 §7 schema attributes, "used to find allowed internal link stencils": the stencils an internal link may
 * point to; undefined while asked for. A failure is logged only (spec 002 §8) and leaves the choice unfiltered (null).
 */
function useInternalLinkStencils(): readonly string[] | null | undefined {
  const api = useApiClient();
  const { data } = useQuery({
    queryKey: queryKeys.schemaAttributes(),
    queryFn: async ({ signal }) => {
      try {
        return internalLinkStencilsOf(await api.request({ path: SCHEMA_ATTRIBUTES_PATH, response: 'schemaAttributesResponse', signal }));
      } catch (error) {
        console.warn('Could not fetch the schema attributes', error);
        return null;
      }
    },
    staleTime: STALE_MS,
  });
  return data;
}

/** The browse modal of an internal link, limited to the stencils a link may point to; mounted only while choosing. */
export function InternalLinkBrowser({ onClose, onAdd }: { onClose: () => void; onAdd: (items: AssetListItem[]) => void }) {
  const stencils = useInternalLinkStencils();
  if (stencils === undefined) return null;
  return <BrowseAssetsModal opened onClose={onClose} onAdd={onAdd} allowedStencils={stencils ?? undefined} />;
}
