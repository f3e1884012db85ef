import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { AssetVersion, LiveAssetEvent, StencilDefinition } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { useLiveAssetEvents } from '../../../api/live/LiveProvider.tsx';
import type { EditorStore } from '../../../editor-state/editorStore.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { describeError } from '../../../ui/describeError.ts';
import { fetchVersion, snapshotOf } from '../api/editorCalls.ts';
import type { EditorBase } from '../save/useSaveAsset.ts';
import { versionDifferences, type VersionDifference } from '../save/versionDifferences.ts';
import { liveMergeOf } from './liveMerge.ts';

/** A newer version another person saved, not yet in this editor. */
export interface LiveNotice {
  /** Who saved since the editor's version, in the order they saved. */
  names: readonly string[];
  /** The labels of the inputs they changed. */
  fields: readonly string[];
}

/** What the live changes modal shows: the newer version's differences, or the fields both sides changed to choose from. */
export type LiveDialog =
  | { kind: 'changes'; latest: AssetVersion; differences: readonly VersionDifference[]; changedHere: ReadonlySet<string> }
  | { kind: 'choose'; latest: AssetVersion; differences: readonly VersionDifference[] };

interface LiveEditorDeps {
  version: AssetVersion;
  stencil: StencilDefinition;
  store: EditorStore;
  getBase: () => EditorBase;
  onServerVersion: (version: AssetVersion) => void;
  /** A save under way: an event may be its own echo, judged once the save has answered. */
  isSaving: boolean;
}

/** How often an event that came during a save looks again whether the save has answered. */
const SAVE_WAIT_MS = 100;

const labelsOf = (stencil: StencilDefinition, paths: readonly string[]) => {
  const names = new Set(paths.map((path) => path.split('.')[0] ?? path));
  return stencil.inputs.filter((input) => names.has(input.name)).map((input) => input.view.label);
};

/**
 * Live changes of the open version (issue: live updates). A save by another person shows as a notice (who, which
 * fields) with Show changes and Load; a publish, unpublish or schedule, which changes no content, moves the editor to
 * the new version at once, keeping its edits, so that the action bar shows it and the next save is not a conflict.
 */
export function useLiveEditor(deps: LiveEditorDeps) {
  const api = useApiClient();
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  const [dialog, setDialog] = useState<LiveDialog | null>(null);
  const current = useRef(deps);
  const noticeRef = useRef(notice);
  useLayoutEffect(() => {
    current.current = deps;
    noticeRef.current = notice;
  });

  const latestVersion = useCallback(() => fetchVersion(api, { id: current.current.version.id, locale: current.current.version.localization }), [api]);

  /** Takes a newer version whose content is the editor's own base (a status change): edits stay as they are. */
  const takeStatus = useCallback(async () => {
    const latest = await latestVersion();
    const { store, onServerVersion, getBase } = current.current;
    if (latest._meta.version <= getBase().version) return;
    if (versionDifferences(current.current.stencil.inputs, store.getState().original.values, snapshotOf(latest).values).length > 0) {
      // Someone saved in between as well: the notice offers that, and Load brings the status with it.
      setNotice((before) => before ?? { names: [latest._meta.updatedBy], fields: [] });
      return;
    }
    store.getState().rebase(snapshotOf(latest), { keepEdits: true });
    onServerVersion(latest);
  }, [latestVersion]);

  const settle = useCallback(
    (event: LiveAssetEvent) => {
      const { version, getBase, stencil } = current.current;
      const changes = event.changes.filter((change) => change.locale === version.localization && change.version > getBase().version);
      if (changes.length === 0) return;
      const saves = changes.filter((change) => change.changedPaths.length > 0);
      if (saves.length === 0) {
        if (!noticeRef.current) void takeStatus().catch((error: unknown) => showToast({ kind: 'error', message: describeError(error).message }));
        return;
      }
      setNotice((before) => ({
        names: [...new Set([...(before?.names ?? []), ...saves.map((change) => change.by.name)])],
        fields: [...new Set([...(before?.fields ?? []), ...labelsOf(stencil, saves.flatMap((change) => change.changedPaths))])],
      }));
    },
    [takeStatus],
  );

  /** One write to the open version, judged once no save of this editor is under way (it may be that save's echo). */
  const judge = useCallback(
    (event: LiveAssetEvent) => {
      const attempt = () => {
        if (current.current.isSaving) {
          setTimeout(attempt, SAVE_WAIT_MS);
          return;
        }
        settle(event);
      };
      attempt();
    },
    [settle],
  );

  useLiveAssetEvents(
    (event) => {
      if (event.assetId === current.current.version.id) judge(event);
    },
    () => {
      // Events were missed: whatever is newer shows as a notice, as a save by another person would.
      void latestVersion()
        .then((latest) => {
          if (latest._meta.version <= current.current.getBase().version) return undefined;
          const differences = versionDifferences(current.current.stencil.inputs, current.current.store.getState().original.values, snapshotOf(latest).values);
          if (differences.length === 0) return takeStatus();
          setNotice({ names: [latest._meta.updatedBy], fields: differences.map((difference) => difference.label) });
          return undefined;
        })
        .catch(() => undefined);
    },
  );

  const apply = useCallback((latest: AssetVersion, takeTheirs: readonly string[]) => {
    const { store, onServerVersion } = current.current;
    const theirs = snapshotOf(latest);
    // The editor's values and metas stay; the fields taken from the newer version are set to its values, which are
    // now the base, so they no longer count as changes.
    store.getState().rebase(theirs, { keepEdits: true });
    for (const name of takeTheirs) {
      store.getState().setValue([name], theirs.values[name]);
      store.getState().setMeta(name, theirs.metas[name]);
    }
    onServerVersion(latest);
    setNotice(null);
    setDialog(null);
  }, []);

  const showChanges = useCallback(async () => {
    try {
      const latest = await latestVersion();
      const { store, stencil } = current.current;
      setDialog({ kind: 'changes', latest, differences: versionDifferences(stencil.inputs, store.getState().original.values, snapshotOf(latest).values), changedHere: store.getState().changedInputs });
    } catch (error) {
      showToast({ kind: 'error', message: describeError(error).message });
    }
  }, [latestVersion]);

  const load = useCallback(async () => {
    try {
      const latest = await latestVersion();
      const { store, stencil } = current.current;
      const state = store.getState();
      const merge = liveMergeOf({ inputs: stencil.inputs, base: state.original.values, mine: state.values, theirs: snapshotOf(latest).values, changedHere: state.changedInputs });
      if (merge.both.length === 0) apply(latest, merge.theirsOnly);
      else setDialog({ kind: 'choose', latest, differences: merge.both });
    } catch (error) {
      showToast({ kind: 'error', message: describeError(error).message });
    }
  }, [latestVersion, apply]);

  /** The choice of the fields both sides changed: those named are taken from the newer version, the rest stay. */
  const chooseAndLoad = useCallback(
    (takeTheirs: ReadonlySet<string>) => {
      if (dialog?.kind !== 'choose') return;
      const { store, stencil } = current.current;
      const state = store.getState();
      const merge = liveMergeOf({ inputs: stencil.inputs, base: state.original.values, mine: state.values, theirs: snapshotOf(dialog.latest).values, changedHere: state.changedInputs });
      apply(dialog.latest, [...merge.theirsOnly, ...merge.both.map((difference) => difference.input).filter((name) => takeTheirs.has(name))]);
    },
    [dialog, apply],
  );

  return { notice, dialog, showChanges, load, chooseAndLoad, closeDialog: () => setDialog(null) };
}

export type LiveEditor = ReturnType<typeof useLiveEditor>;
