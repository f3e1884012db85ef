import { ApiError, type ApiClient } from '../../api/client.ts';
import type { UploadEntry } from './uploadEntry.ts';
import { uploadImageAsset } from './uploadImageAsset.ts';

/** How many files go up at once: enough to overlap one file's calls with another's sending, few enough to share a line. */
export const UPLOAD_CONCURRENCY = 2;

export interface RunUploadsInput {
  api: ApiClient;
  /** The entries to upload, in order. */
  ids: readonly string[];
  /** The entry as it is when its turn comes (its texts may have changed while others went up); gone if removed. */
  entryOf: (id: string) => UploadEntry | undefined;
  space: string;
  localization: string;
  /** Receives each change of an entry's progress and status. */
  update: (id: string, patch: Partial<UploadEntry>) => void;
  concurrency?: number;
}

export interface UploadRunResult {
  succeeded: number;
  /** The file names of the uploads that failed. */
  failed: string[];
}

/** What the server said, for the row's detail line; a plain network failure says nothing more useful. */
function failureDetailOf(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}

/**
 * Uploads the entries a few at a time; a failure marks its own entry and the others go on. Resolves once every
 * entry has finished.
 */
export async function runUploads({ api, ids, entryOf, space, localization, update, concurrency = UPLOAD_CONCURRENCY }: RunUploadsInput): Promise<UploadRunResult> {
  const queue = [...ids];
  let succeeded = 0;
  const failed: string[] = [];

  async function uploadNext(): Promise<void> {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const entry = entryOf(id);
      if (!entry) continue;
      update(id, { status: 'uploading', progress: 0, failureDetail: null });
      try {
        const asset = await uploadImageAsset({ api, entry, space, localization, onProgress: (progress) => update(id, { progress }) });
        update(id, { status: 'success', progress: 100, asset });
        succeeded += 1;
      } catch (error) {
        update(id, { status: 'failed', progress: 0, failureDetail: failureDetailOf(error) });
        failed.push(entry.file.name);
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, uploadNext));
  return { succeeded, failed };
}
