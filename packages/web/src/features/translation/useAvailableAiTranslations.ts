import { useQuery } from '@tanstack/react-query';
import { TRANSLATION_TEXTS, type AvailableAiTranslations } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { showToast } from '../../ui/toasts.tsx';
import { fetchAvailableAiTranslations, NO_AI_TRANSLATIONS } from './translationCalls.ts';

/**
 * The AI translation targets of the open version, asked afresh each time the translate modal opens. A failure says
 * 'Could not fetch list of available AI translations' once and offers no AI; manual translation stays.
 */
export function useAvailableAiTranslations(key: { id: string; sourceLocale: string }, options: { isEnabled: boolean }) {
  const api = useApiClient();
  const query = useQuery({
    queryKey: queryKeys.availableAiTranslations(key.id, key.sourceLocale),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAvailableAiTranslations(api, key, signal);
      } catch (error) {
        if (!signal.aborted) showToast({ kind: 'error', message: TRANSLATION_TEXTS.aiListFailed });
        throw error;
      }
    },
    enabled: options.isEnabled,
    staleTime: 0,
    // A retried failure would toast again, and the user waits on a spinner meanwhile.
    retry: false,
  });
  const available: AvailableAiTranslations = query.data ?? NO_AI_TRANSLATIONS;
  return {
    isLoading: options.isEnabled && query.isPending,
    /** The targets the AI may translate into; none when the source is not translatable. */
    aiTargets: new Set(available.translatable ? available.localizations : []),
  };
}
