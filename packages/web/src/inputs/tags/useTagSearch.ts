import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { ALL_TAG, type AssetListItem } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { listPath } from '../../parts/asset-list/listFilters.ts';
import { INPUT_DEBOUNCE_MS, searchToRun } from '../../parts/asset-list/useDropdownSearch.ts';
import { mostRelevantVersions } from '../asset-reference/referenceLookup.ts';

/** The list answers versions; several locales of one tag share an id, so ask for more than a dropdown shows. */
const SEARCH_LIMIT = '50';

/**
 * The search of a tag picker: the list call (spec 001 §7) over the allowed stencils with the typed text, sent after
 * the input debounce (spec 002 §9: 500 ms on text input); opening the picker forces one search with no text (spec 001
 * §5). Each tag is offered once, in the version most relevant to the editor's locale. The all-tag is left out: only
 * 'Target all' sets it.
 */
export function useTagSearch(input: { stencils: readonly string[] | undefined; locale: string }) {
  const api = useApiClient();
  const [text, setText] = useState('');
  const [isForced, setIsForced] = useState(false);
  const [debouncedText] = useDebouncedValue(text, INPUT_DEBOUNCE_MS);
  const query = searchToRun(debouncedText, isForced);
  const stencil = input.stencils?.join(',');
  const params = { ...(stencil ? { stencil } : {}), ...(query ? { q: query } : {}), limit: SEARCH_LIMIT };
  const result = useQuery({
    queryKey: queryKeys.referenceSearch(params),
    queryFn: ({ signal }) => api.request({ path: listPath(params), response: 'assetListResponse', signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const { data } = result;
  const options = useMemo<AssetListItem[]>(
    () => (data ? [...mostRelevantVersions(data._embedded.item, input.locale).values()].filter((item) => item.id !== ALL_TAG.id) : []),
    [data, input.locale],
  );
  return {
    text,
    onTextChange: (next: string) => {
      setText(next);
      // Typing is a search of its own; only opening the picker forces one.
      setIsForced(false);
    },
    force: () => setIsForced(true),
    options,
    isSearching: result.isFetching,
  };
}
