import { IMAGE_UPLOAD_MESSAGES, type StencilDefinition } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { entryErrors, hasErrors } from './entryErrors.ts';
import { runUploads, type UploadRunResult } from './runUploads.ts';
import { uploadQueue } from './uploadQueueStore.ts';
import { imagesAddedText } from './uploadTexts.ts';

export type StartOutcome = { kind: 'no-space' } | { kind: 'invalid' } | { kind: 'nothing-to-do' } | { kind: 'done'; result: UploadRunResult };

/**
 * Spec 001 §2.8, 000 §5: uploads every entry not uploaded yet (new ones and failed ones again) into the space, as
 * assets in the given locale. Refuses without a space ('No space selected') and while an entry has errors; at the
 * end the toast counts the images added.
 */
export function useStartUploads() {
  const api = useApiClient();
  return async (input: { space: string | null; localization: string; stencil: StencilDefinition }): Promise<StartOutcome> => {
    const queue = uploadQueue.getState();
    queue.showAllErrors();
    if (!input.space) {
      showToast({ kind: 'warning', message: IMAGE_UPLOAD_MESSAGES.noSpaceSelected });
      return { kind: 'no-space' };
    }
    const waiting = queue.entries.filter((entry) => entry.status === 'pending' || entry.status === 'failed');
    if (waiting.length === 0) return { kind: 'nothing-to-do' };
    if (waiting.some((entry) => hasErrors(entryErrors(entry, input.stencil)))) return { kind: 'invalid' };
    queue.startRun();
    // The whole batch is locked at once: a row waiting its turn keeps the texts it was checked with.
    for (const entry of waiting) queue.updateEntry(entry.id, { status: 'uploading', progress: 0, failureDetail: null });
    try {
      const result = await runUploads({
        api,
        ids: waiting.map((entry) => entry.id),
        entryOf: (id) => uploadQueue.getState().entries.find((entry) => entry.id === id),
        space: input.space,
        localization: input.localization,
        update: (id, patch) => uploadQueue.getState().updateEntry(id, patch),
      });
      if (result.succeeded > 0) showToast({ kind: 'success', message: imagesAddedText(result.succeeded) });
      return { kind: 'done', result };
    } finally {
      uploadQueue.getState().finishRun();
    }
  };
}
