import {
  IMAGE_UPLOAD_MESSAGES,
  UPLOAD_PROGRESS_WHILE_SENDING,
  uploadResponseSchema,
  type UploadResponse,
  type UploadSignatureRequest,
} from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';
import { errorFromResponse } from '../../api/client.ts';

export const UPLOAD_SIGNATURE_PATH = '/api/v1/cloudinary-signature';

export interface UploadImageOptions {
  client: ApiClient;
  file: File;
  /** The space the image belongs to and what the upload is for (asset id and locale); spec 000 §7. */
  signature: UploadSignatureRequest;
  /** Spec 000 §4: 0 to 99 while the file is sent; the caller reports 100 once the asset is saved. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Percent of the bytes sent, held at 99 until the caller's work is done (spec 000 §9). */
export function sendingProgress(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(UPLOAD_PROGRESS_WHILE_SENDING, Math.floor((loaded / total) * 100));
}

/** Builds the form the image service reads: the signed fields first, then the file. */
export function uploadForm(fields: Readonly<Record<string, string>>, file: Blob, filename: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, filename);
  return form;
}

/** Posts the form with XMLHttpRequest, whose upload events (unlike fetch's) report the bytes sent. */
function postWithProgress(url: string, form: FormData, options: Pick<UploadImageOptions, 'onProgress' | 'signal'>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(sendingProgress(event.loaded, event.total));
    });
    request.addEventListener('load', () => resolve(new Response(request.responseText, { status: request.status, headers: { 'content-type': 'application/json' } })));
    request.addEventListener('error', () => reject(new Error(IMAGE_UPLOAD_MESSAGES.uploadFailed)));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * Spec 000 §7: asks the server to sign the upload, then posts the file as form data to the image service with
 * progress events. Resolves with the service's upload response; rejects with an `ApiError` the service described.
 */
export async function uploadImage(options: UploadImageOptions): Promise<UploadResponse> {
  const signature = await options.client.request({
    method: 'POST',
    path: UPLOAD_SIGNATURE_PATH,
    body: options.signature,
    response: 'uploadSignature',
    signal: options.signal,
  });
  options.onProgress?.(0);
  const url = new URL(signature.upload_url, window.location.origin).toString();
  const response = await postWithProgress(url, uploadForm(signature.fields, options.file, options.file.name), options);
  if (!response.ok) throw await errorFromResponse(response);
  const answer: unknown = await response.json();
  // Checked in development and tests like the server's answers (api/responseSchemas.ts): a production build leaves
  // the schema out, or zod would come with every page that shares the domain's upload constants.
  return import.meta.env.DEV ? uploadResponseSchema.parse(answer) : (answer as UploadResponse);
}
