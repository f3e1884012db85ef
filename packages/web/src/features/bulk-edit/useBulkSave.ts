import { useCallback, useEffect, useRef, useState } from 'react';
import { BULK_EDIT_TEXTS, type BulkPatchBody, type BulkPatchLocaleResult } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { patchLocale } from './bulkEditCalls.ts';

export type BulkSaveState =
  | { phase: 'idle' }
  | { phase: 'saving' | 'done'; publish: boolean; locales: readonly string[]; results: Readonly<Record<string, BulkPatchLocaleResult>> };

/**
 * Spec 002 §4 bulk edit saving: one call per locale, one after the other, so the progress shows real work and one
 * failing locale does not stop the rest. When every locale succeeded a success toast says so.
 */
export function useBulkSave(assetId: string) {
  const api = useApiClient();
  const [state, setState] = useState<BulkSaveState>({ phase: 'idle' });
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const start = useCallback(
    async (input: { locales: readonly string[]; content: BulkPatchBody['content']; publish: boolean }) => {
      const results: Record<string, BulkPatchLocaleResult> = {};
      setState({ phase: 'saving', publish: input.publish, locales: input.locales, results: {} });
      for (const locale of input.locales) {
        results[locale] = await patchLocale(api, { id: assetId, locale, content: input.content, publish: input.publish });
        if (!isMounted.current) return;
        setState({ phase: 'saving', publish: input.publish, locales: input.locales, results: { ...results } });
      }
      setState({ phase: 'done', publish: input.publish, locales: input.locales, results });
      if (Object.values(results).every((result) => result.updateStatus !== 'error')) showToast({ kind: 'success', message: BULK_EDIT_TEXTS.allSaved });
    },
    [api, assetId],
  );

  return { state, start };
}
