import { useCallback, useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { TRANSLATION_TEXTS } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { assetEditorPath } from '../../router/routes.ts';
import { describeError } from '../../ui/describeError.ts';
import { localeLabel } from '../../ui/localeDisplay.ts';
import { showToast } from '../../ui/toasts.tsx';
import { translateAsset, translationFailureOf, type TranslationRequest } from './translationCalls.ts';

/** The text beside the loader while a translation runs (spec 002 §4 "waiting text"). */
export const translatingText = (target: string) => `Translating into ${localeLabel(target)} (${target}). This can take a moment.`;

export type TranslationOutcome = 'translated' | 'exists' | 'not-found' | 'failed';

/**
 * Spec 002 §4, §8: runs a manual or AI translation and takes the spec's way out of each answer. A new version or an
 * existing locale leads to that locale's editor (the latter with its toast); a vanished source says 'Asset not found';
 * refused rights say so (spec 002 §6); a failed AI translation is a warning to try again later; other failures show
 * the server's reason.
 */
export function useTranslateAsset() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isTranslating, setIsTranslating] = useState(false);

  const translate = useCallback(
    async (request: TranslationRequest): Promise<TranslationOutcome> => {
      const openTarget = () => {
        // Lists, containers' reference lookups in the target locale and the AI offers all show the asset's locales.
        void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.referencedAssetsIn(request.target) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.availableAiTranslationsOf(request.id) });
        void navigate(assetEditorPath({ id: request.id, locale: request.target }));
      };
      setIsTranslating(true);
      try {
        await translateAsset(api, request);
        openTarget();
        return 'translated';
      } catch (error) {
        const failure = translationFailureOf(error);
        if (failure === 'locale-exists') {
          showToast({ kind: 'warning', message: TRANSLATION_TEXTS.localeExists(request.target) });
          openTarget();
          return 'exists';
        }
        if (failure === 'not-found') {
          showToast({ kind: 'error', message: TRANSLATION_TEXTS.assetNotFound });
          return 'not-found';
        }
        if (failure === 'forbidden') {
          showToast({ kind: 'error', message: TRANSLATION_TEXTS.missingRights });
          return 'failed';
        }
        if (request.mode === 'ai') showToast({ kind: 'warning', message: TRANSLATION_TEXTS.aiUnavailable });
        else showToast({ kind: 'error', message: describeError(error).message });
        return 'failed';
      } finally {
        setIsTranslating(false);
      }
    },
    [api, queryClient, navigate],
  );

  return { translate, isTranslating };
}
