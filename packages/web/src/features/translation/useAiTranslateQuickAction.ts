import { useEffect, useRef } from 'react';
import { AI_TRANSLATE_QUICK_ACTION, TRANSLATION_TEXTS } from '@editor/domain';
import { showProgressToast, showToast } from '../../ui/toasts.tsx';
import type { QuickAction } from '../../router/useQuickActionParams.ts';
import { translatingText, useTranslateAsset } from './useTranslateAsset.ts';

/**
 * Spec 002 §2 quick action: `ai-translate` with a target locale AI-translates the open version into it once, on
 * entry, then says 'Quick action processed successfully.' and opens the new locale. Other quick actions are not
 * supported and do nothing.
 */
export function useAiTranslateQuickAction(input: { quickAction: QuickAction | null; id: string; source: string }) {
  const { translate } = useTranslateAsset();
  const hasRun = useRef(false);
  const { quickAction, id, source } = input;

  useEffect(() => {
    // The URL parameters are gone after entry; the ref keeps a second effect run (strict mode) from translating twice.
    if (hasRun.current) return;
    const target = quickAction?.targetLocalization;
    if (quickAction?.action !== AI_TRANSLATE_QUICK_ACTION || !target) return;
    hasRun.current = true;
    // The translation takes a while and nothing on the page started it: a spinner says it is under way.
    const hideProgress = showProgressToast(translatingText(target));
    void translate({ id, source, target, mode: 'ai' }).then((outcome) => {
      hideProgress();
      if (outcome === 'translated') showToast({ kind: 'success', message: TRANSLATION_TEXTS.quickActionDone });
    });
  }, [quickAction, id, source, translate]);
}
