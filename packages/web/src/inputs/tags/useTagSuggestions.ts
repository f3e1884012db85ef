import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { TAG_SUGGESTION_AMOUNT, type TagSuggestion, type TagSuggestionType } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { useEditor } from '../../editor-state/EditorStoreContext.tsx';
import { INPUT_DEBOUNCE_MS } from '../../parts/asset-list/useDropdownSearch.ts';
import { assetTextOf } from './suggestionText.ts';

const NO_SUGGESTIONS: readonly TagSuggestion[] = [];

/**
 * Spec 001 §7, §9: three tag suggestions (`POST /api/v1/suggestions/tags/{type}`) for the asset's current text
 * (title, teaser, body), asked 500 ms after the text last changed, in the asset's space. A failure is logged only
 * and leaves the list empty (§8).
 */
export function useTagSuggestions(type: TagSuggestionType) {
  const api = useApiClient();
  // One string per store change: other edits that leave the text alone re-render nothing.
  const text = useEditor((state) => assetTextOf(state.values));
  const space = useEditor((state) => state.about?.spaces[0]);
  const [debouncedText] = useDebouncedValue(text, INPUT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.tagSuggestions({ type, space: space ?? '', text: debouncedText }),
    queryFn: async ({ signal }) => {
      try {
        return await api.request({
          method: 'POST',
          path: `/api/v1/suggestions/tags/${type}`,
          body: { space, suggestionAmount: TAG_SUGGESTION_AMOUNT, textualContent: debouncedText },
          response: 'tagSuggestionsResponse',
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.error('Tag suggestions could not be fetched.', error);
        return NO_SUGGESTIONS;
      }
    },
    enabled: space !== undefined && debouncedText !== '',
  });
  return { suggestions: query.data ?? NO_SUGGESTIONS, isLoading: query.isFetching, hasText: debouncedText !== '' && space !== undefined };
}
