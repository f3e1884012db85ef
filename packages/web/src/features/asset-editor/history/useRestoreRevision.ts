import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssetVersion, Revision } from '@editor/domain';
import { ApiError } from '../../../api/client.ts';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useEditorStoreApi } from '../../../editor-state/EditorStoreContext.tsx';
import { describeError } from '../../../ui/describeError.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { fetchVersion, snapshotOf } from '../api/editorCalls.ts';
import type { Conflict, ConflictChoice } from '../save/useSaveAsset.ts';
import { versionDifferences } from '../save/versionDifferences.ts';
import { restoreRevision } from './revisionCalls.ts';

/** The toast of a restore that worked: the whole revision, or one field of it. */
export function restoredText(revision: number, fieldLabel?: string): string {
  return fieldLabel === undefined ? `Revision ${revision} restored as a new version.` : `${fieldLabel} restored from revision ${revision} as a new version.`;
}

interface RestoreDeps {
  version: AssetVersion;
  /** The server version the editor shows: the restore names it in If-Match. */
  getBasedOnVersion: () => number;
  /** The restore saved this version, or the person chose to load someone's newer one instead. */
  onServerVersion: (version: AssetVersion) => void;
}

/**
 * Issue 41 restore: a revision, or one field of it, restored as a new save with `If-Match`. Someone's newer save
 * makes the server refuse it (412); the conflict modal then shows what changed and lets the person cancel, load the
 * newer version (Don't Save) or restore over it anyway (Overwrite Newer Version).
 */
export function useRestoreRevision({ version, getBasedOnVersion, onServerVersion }: RestoreDeps) {
  const api = useApiClient();
  const store = useEditorStoreApi();
  const queryClient = useQueryClient();
  const [isRestoring, setIsRestoring] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const askAboutConflict = useCallback(
    (latest: AssetVersion) =>
      new Promise<ConflictChoice>((resolve) => {
        const { inputs, values } = store.getState();
        setConflict({
          id: latest.id,
          latest,
          differences: versionDifferences(inputs, values, snapshotOf(latest).values),
          resolve: (choice) => {
            setConflict(null);
            resolve(choice);
          },
        });
      }),
    [store],
  );

  const restore = useCallback(
    async (revision: Revision, field?: { input: string; label: string }): Promise<boolean> => {
      setIsRestoring(true);
      const key = { id: version.id, locale: version.localization };
      try {
        let basedOnVersion = getBasedOnVersion();
        for (;;) {
          try {
            const restored = await restoreRevision(api, { revision, inputName: field?.input, basedOnVersion });
            store.getState().rebase(snapshotOf(restored));
            onServerVersion(restored);
            showToast({ kind: 'success', message: restoredText(revision.version, field?.label) });
            return true;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 412)) throw error;
            const latest = await fetchVersion(api, key);
            const choice = await askAboutConflict(latest);
            if (choice === 'cancel') return false;
            if (choice === 'dont-save') {
              store.getState().rebase(snapshotOf(latest));
              onServerVersion(latest);
              return false;
            }
            basedOnVersion = latest._meta.version;
          }
        }
      } catch (error) {
        showToast({ kind: 'error', message: describeError(error).message });
        return false;
      } finally {
        setIsRestoring(false);
        void queryClient.invalidateQueries({ queryKey: queryKeys.revisions(key.id, key.locale) });
      }
    },
    [api, askAboutConflict, getBasedOnVersion, onServerVersion, queryClient, store, version.id, version.localization],
  );

  return { restore, isRestoring, conflict };
}
