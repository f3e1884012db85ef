import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { AssetVersion } from '@editor/domain';
import { ApiError, type ApiClient } from '../../../api/client.ts';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { showToast } from '../../../ui/toasts.tsx';
import { fetchVersion, saveVersion, snapshotOf } from '../api/editorCalls.ts';
import { writeDraft } from '../../../editor-state/localDrafts.ts';
import { contentPayload, metaPayload, type EditorStore } from '../../../editor-state/editorStore.ts';
import { versionDifferences, type VersionDifference } from './versionDifferences.ts';

/** The server version the editor's changes were made on (DESIGN §4: the save names it in If-Match). */
export interface EditorBase {
  version: number;
  updatedDate: string;
}

export type SaveOutcome = 'saved' | 'failed' | 'cancelled' | 'discarded';

export type ConflictChoice = 'cancel' | 'dont-save' | 'overwrite';

export interface SaveOptions {
  /** A `_meta` to send instead of the editor's own (the AI review banner's Accept confirms the whole translation). */
  meta?: Record<string, unknown>;
}

export interface Conflict {
  id: string;
  latest: AssetVersion;
  differences: VersionDifference[];
  resolve: (choice: ConflictChoice) => void;
}

export const SAVE_TEXTS = {
  saved: 'Your asset has been successfully saved',
  saveFailed: 'Sorry, it was not possible to save the asset to the database. The asset is saved locally in your browser and you can still work on it.',
  checkFailed:
    'Sorry, it was not possible to check if the asset was already updated. The asset is saved locally in your browser and you can still work on it.',
} as const;

interface SaveDeps {
  store: EditorStore;
  /** The version on screen (its links and stencil). */
  getVersion: () => AssetVersion;
  getBase: () => EditorBase;
  /** A save or a Don't Save moved the editor to this server version. */
  onServerVersion: (version: AssetVersion) => void;
}

/**
 * Spec 002 §4 save and conflict: check the server's latest version first; the same update date saves, a newer one
 * opens the conflict modal (Cancel, Don't Save, Overwrite Newer Version). A failed check or save keeps the work as a
 * local draft and says so. A save that loses a race after the check (412) is a conflict too, never an overwrite.
 */
export function useSaveAsset(deps: SaveDeps) {
  const api = useApiClient();
  const [isSaving, setIsSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const running = useRef<Promise<SaveOutcome> | null>(null);
  // The flow runs across awaits; it reads the newest callbacks from here rather than from a stale closure.
  const current = useRef({ api, deps });
  useLayoutEffect(() => {
    current.current = { api, deps };
  });

  const askAboutConflict = useCallback(
    (latest: AssetVersion, differences: VersionDifference[]) =>
      new Promise<ConflictChoice>((resolve) => {
        setConflict({
          id: latest.id,
          latest,
          differences,
          resolve: (choice) => {
            setConflict(null);
            resolve(choice);
          },
        });
      }),
    [],
  );

  const save = useCallback((options: SaveOptions = {}): Promise<SaveOutcome> => {
    if (running.current) return running.current;
    setIsSaving(true);
    running.current = runSave(current.current.api, { ...current.current.deps, meta: options.meta }, askAboutConflict).finally(() => {
      running.current = null;
      setIsSaving(false);
    });
    return running.current;
  }, [askAboutConflict]);

  return { save, isSaving, conflict };
}

type AskAboutConflict = (latest: AssetVersion, differences: VersionDifference[]) => Promise<ConflictChoice>;

type SaveRun = SaveDeps & SaveOptions;

function keepDraft({ store, getVersion, getBase }: SaveDeps): void {
  const version = getVersion();
  const { values, metas, aiReview } = store.getState();
  const base = getBase();
  writeDraft({ id: version.id, locale: version.localization, values, metas, aiReview, basedOnVersion: base.version, basedOnUpdatedDate: base.updatedDate, savedAt: new Date().toISOString() });
}

function failed(deps: SaveDeps, message: string): SaveOutcome {
  keepDraft(deps);
  showToast({ kind: 'error', message });
  return 'failed';
}

const latestOf = (api: ApiClient, version: AssetVersion) => fetchVersion(api, { id: version.id, locale: version.localization });

async function runSave(api: ApiClient, deps: SaveRun, ask: AskAboutConflict): Promise<SaveOutcome> {
  let latest: AssetVersion;
  try {
    latest = await latestOf(api, deps.getVersion());
  } catch {
    return failed(deps, SAVE_TEXTS.checkFailed);
  }
  if (latest._meta.updatedDate !== deps.getBase().updatedDate) return resolveConflict(api, deps, ask, latest);
  return putAndSettle(api, deps, ask, deps.getBase().version);
}

async function putAndSettle(api: ApiClient, deps: SaveRun, ask: AskAboutConflict, basedOnVersion: number): Promise<SaveOutcome> {
  const { store } = deps;
  const sent = store.getState().values;
  const sentReview = store.getState().aiReview;
  let saved: AssetVersion;
  try {
    const meta = deps.meta ?? metaPayload(store.getState());
    saved = await saveVersion(api, { version: deps.getVersion(), content: contentPayload(store.getState()), meta, basedOnVersion });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 412)) return failed(deps, SAVE_TEXTS.saveFailed);
    try {
      return await resolveConflict(api, deps, ask, await latestOf(api, deps.getVersion()));
    } catch {
      return failed(deps, SAVE_TEXTS.checkFailed);
    }
  }
  // Edits made while the save was on its way stay in the editor as new changes.
  store.getState().rebase(snapshotOf(saved), { keepEdits: store.getState().values !== sent || store.getState().aiReview !== sentReview });
  deps.onServerVersion(saved);
  showToast({ kind: 'success', message: SAVE_TEXTS.saved });
  return 'saved';
}

async function resolveConflict(api: ApiClient, deps: SaveRun, ask: AskAboutConflict, latest: AssetVersion): Promise<SaveOutcome> {
  const { store } = deps;
  const differences = versionDifferences(store.getState().inputs, store.getState().values, snapshotOf(latest).values);
  const choice = await ask(latest, differences);
  if (choice === 'cancel') return 'cancelled';
  if (choice === 'dont-save') {
    store.getState().rebase(snapshotOf(latest));
    deps.onServerVersion(latest);
    return 'discarded';
  }
  return putAndSettle(api, deps, ask, latest._meta.version);
}
