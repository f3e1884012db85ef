import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { ApiError } from '../../../api/client.ts';
import { useEditorStoreApi } from '../../../editor-state/EditorStoreContext.tsx';
import { contentPayload } from '../../../editor-state/editorStore.ts';

/** Why a preview could not be made: the asset breaks its rules (422), or anything else went wrong. */
export type PreviewFailure = 'asset-has-errors' | 'unavailable';

/** Spec 000 §7 `POST {preview link}?validate=true` with the editor's current, unsaved content. */
export function usePreview(previewHref: string) {
  const api = useApiClient();
  const store = useEditorStoreApi();
  const mutation = useMutation({
    mutationFn: () => {
      const separator = previewHref.includes('?') ? '&' : '?';
      return api.request({ method: 'POST', path: `${previewHref}${separator}validate=true`, body: { content: contentPayload(store.getState()) }, response: 'previewResponse' });
    },
  });
  const failure: PreviewFailure | undefined = mutation.error ? (mutation.error instanceof ApiError && mutation.error.status === 422 ? 'asset-has-errors' : 'unavailable') : undefined;
  return { regenerate: mutation.mutate, preview: mutation.data, isLoading: mutation.isPending, failure };
}
