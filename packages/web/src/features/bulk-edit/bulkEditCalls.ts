import type { BulkPatchBody, BulkPatchLocaleResult } from '@editor/domain';
import { ApiError, type ApiClient } from '../../api/client.ts';
import { bulkPatchPath } from '../../api/paths.ts';
import { describeError } from '../../ui/describeError.ts';

export interface PatchLocaleInput {
  id: string;
  locale: string;
  content: BulkPatchBody['content'];
  publish: boolean;
}

/**
 * Spec 002 §7 "Bulk patch and publish" for one locale. A call that fails as a whole (network, 5xx, an answer
 * without the locale) is that locale's failed save, so the wizard can go on with the others.
 */
export async function patchLocale(api: ApiClient, input: PatchLocaleInput): Promise<BulkPatchLocaleResult> {
  try {
    const body: BulkPatchBody = { locales: [input.locale], content: input.content, publish: input.publish };
    const answer = await api.request({ method: 'POST', path: bulkPatchPath(input.id), body, response: 'bulkPatchResponse' });
    return answer.data[input.locale] ?? { updateStatus: 'error', error: 'save', messages: [] };
  } catch (error) {
    const messages = error instanceof ApiError && error.messages.length > 0 ? [...error.messages] : [describeError(error).message];
    return { updateStatus: 'error', error: 'save', messages };
  }
}

/** Whether the locale's stored content changed: a saved version, published or not. */
export function wasUpdated(result: BulkPatchLocaleResult): boolean {
  return result.updateStatus !== 'error' || result.error === 'publish';
}
