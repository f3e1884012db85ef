import { ALL_TAG, type AssetListResponse, type AssetListItem } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { listPath } from '../../parts/asset-list/listFilters.ts';
import { useDropdownSearch } from '../../parts/asset-list/useDropdownSearch.ts';
import { mostRelevantVersions } from '../../parts/asset-list/referenceLookup.ts';

/** The list answers versions; several locales of one tag share an id, so ask for more than a dropdown shows. */
const SEARCH_LIMIT = '50';

/** Each tag once, in the version most relevant to the editor's locale; the all-tag left out (only 'Target all' sets it). */
function tagOptionsOf(answer: AssetListResponse, locale: string): AssetListItem[] {
  return [...mostRelevantVersions(answer._embedded.item, locale).values()].filter((item) => item.id !== ALL_TAG.id);
}

/**
 * The search of a tag picker: the list call (spec 001 §7) over the allowed stencils with the typed text, as a
 * dropdown searches (spec 001 §5).
 */
export function useTagSearch(input: { stencils: readonly string[] | undefined; locale: string }) {
  const api = useApiClient();
  const stencil = input.stencils?.join(',');
  const paramsOf = (query: string) => ({ ...(stencil ? { stencil } : {}), ...(query ? { q: query } : {}), limit: SEARCH_LIMIT });
  return useDropdownSearch({
    queryKey: (query) => queryKeys.referenceSearch(paramsOf(query), input.locale),
    search: async (query, signal) => tagOptionsOf(await api.request({ path: listPath(paramsOf(query)), response: 'assetListResponse', signal }), input.locale),
  });
}
