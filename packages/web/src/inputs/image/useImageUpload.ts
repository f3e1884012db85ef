import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_UPLOAD_MESSAGES, type MediaValue, type UploadResponse } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { uploadImage } from '../../parts/image-upload/uploadImage.ts';
import type { UploadFailure } from '../../parts/image-upload/UploadFailedModal.tsx';
import { imageValueOf, refusalOf, removeUpload } from '../../parts/image-upload/uploadedImage.ts';

/** Where an upload goes (spec 000 §7): the asset's space, and the asset and locale it is for. */
export interface UploadTarget {
  space: string | undefined;
  assetId: string;
  localization: string;
}

/** How long the card stays at 100 before the preview replaces it, so that the finished upload can be seen. */
export const UPLOAD_DONE_HOLD_MS = 600;

export type UploadProgress = { fileName: string; percent: number } | null;

/**
 * One image upload at a time (spec 000 §4, 002 §4): the file is checked, sent with progress 0–99, its value handed
 * to `onUploaded` (which puts it into the editor), and only then is the progress 100. A refusal or a failure opens
 * the Upload Failed modal; an upload that arrived but cannot be used is removed again.
 */
export function useImageUpload(input: { target: UploadTarget | undefined; onUploaded: (value: MediaValue) => void }) {
  const client = useApiClient();
  const [progress, setProgress] = useState<UploadProgress>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const running = useRef<AbortController | null>(null);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });
  // Leaving the editor cancels an upload on its way; one that already arrived is removed (see `start`).
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      const refusal = refusalOf(file);
      if (refusal) return setFailure({ message: refusal });
      const { target } = latest.current;
      if (!target?.space) return setFailure({ message: IMAGE_UPLOAD_MESSAGES.uploadFailed, error: new Error(IMAGE_UPLOAD_MESSAGES.noSpaceSelected) });
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const show = (percent: number) => !controller.signal.aborted && setProgress({ fileName: file.name, percent });
      show(0);
      let upload: UploadResponse;
      try {
        upload = await uploadImage({
          client,
          file,
          signature: { space: target.space, context: { assetId: target.assetId, localization: target.localization } },
          onProgress: show,
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        setProgress(null);
        return setFailure({ message: IMAGE_UPLOAD_MESSAGES.uploadFailed, error });
      }
      try {
        if (controller.signal.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
        latest.current.onUploaded(imageValueOf(upload));
      } catch (error) {
        void removeUpload(client, upload.public_id);
        if (controller.signal.aborted) return;
        setProgress(null);
        return setFailure({ message: IMAGE_UPLOAD_MESSAGES.uploadFailed, error });
      }
      show(100);
      setTimeout(() => {
        if (running.current === controller) running.current = null;
        if (!controller.signal.aborted) setProgress(null);
      }, UPLOAD_DONE_HOLD_MS);
    },
    [client],
  );

  return { progress, failure, start: (file: File) => void start(file), dismissFailure: () => setFailure(null) };
}
