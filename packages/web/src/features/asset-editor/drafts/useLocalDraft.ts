import { useEffect, useState } from 'react';
import { NO_AI_REVIEW } from '../../../editor-state/aiReview.ts';
import { changedPaths } from '../../../editor-state/changes.ts';
import type { EditorStore } from '../../../editor-state/editorStore.ts';
import { whenTypingPauses } from '../../../inputs/idleWork.ts';
import type { EditorBase } from '../save/useSaveAsset.ts';
import { readDraft, removeDraft, writeDraft, type LocalDraft } from '../../../editor-state/localDrafts.ts';

/** The longest wait for an idle moment to write the draft in, once the user has paused typing. */
export const DRAFT_WRITE_DELAY_MS = 200;
/** While the user types without a pause, the draft is still written this often. */
export const DRAFT_WRITE_LONGEST_WAIT_MS = 2_000;

interface LocalDraftOptions {
  store: EditorStore;
  id: string;
  locale: string;
  getBase: () => EditorBase;
  /** The editor now works on the draft's base version (its changes were made there). */
  onLoadDraft: (base: EditorBase) => void;
}

/**
 * Spec 000 §4, 002 §4 local drafts. On load, a stored draft that differs from the server's version is offered
 * (Draft modal); once the user has decided, every change is written to local storage shortly after it happens, and a
 * clean editor (saved, discarded) removes the draft.
 */
export function useLocalDraft({ store, id, locale, getBase, onLoadDraft }: LocalDraftOptions) {
  const [offered, setOffered] = useState<LocalDraft | null>(() => {
    const draft = readDraft(id, locale);
    if (!draft) return null;
    const { original } = store.getState();
    const differs =
      changedPaths(original.values, draft.values).length > 0 ||
      changedPaths(original.metas, draft.metas).length > 0 ||
      (draft.aiReview !== undefined && JSON.stringify(draft.aiReview) !== JSON.stringify(original.aiReview ?? NO_AI_REVIEW));
    return differs ? draft : null;
  });
  const isDeciding = offered !== null;

  useEffect(() => {
    if (isDeciding) return undefined;
    // Writing serialises the whole story (several ms for a long one): when the user pauses typing, not between two
    // keys. Leaving the page (reload, closed tab, hidden tab) writes at once, and so does every change after that
    // moment (a text field flushing its last keys as the page goes).
    let cancelWrite: (() => void) | undefined;
    let isLeaving = false;
    const write = () => {
      cancelWrite?.();
      cancelWrite = undefined;
      const { values, metas, aiReview, changes } = store.getState();
      if (changes.length === 0) {
        removeDraft(id, locale);
        return;
      }
      const base = getBase();
      writeDraft({ id, locale, values, metas, aiReview, basedOnVersion: base.version, basedOnUpdatedDate: base.updatedDate, savedAt: new Date().toISOString() });
    };
    const flush = () => {
      isLeaving = document.visibilityState === 'hidden';
      if (cancelWrite !== undefined) write();
    };
    const handlePageHide = () => {
      flush();
      isLeaving = true;
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.values === previous.values && state.metas === previous.metas && state.changes === previous.changes) return;
      if (isLeaving) {
        write();
        return;
      }
      if (cancelWrite !== undefined) return;
      const cancelIdle = whenTypingPauses(write, { timeoutMs: DRAFT_WRITE_DELAY_MS, fallbackDelayMs: DRAFT_WRITE_DELAY_MS });
      const deadline = setTimeout(write, DRAFT_WRITE_LONGEST_WAIT_MS);
      cancelWrite = () => {
        cancelIdle();
        clearTimeout(deadline);
      };
    });
    window.addEventListener('pagehide', handlePageHide);
    document.addEventListener('visibilitychange', flush);
    // A stale draft (identical to the server) goes.
    write();
    return () => {
      unsubscribe();
      if (cancelWrite !== undefined) write();
      window.removeEventListener('pagehide', handlePageHide);
      document.removeEventListener('visibilitychange', flush);
    };
  }, [store, id, locale, getBase, isDeciding]);

  return {
    offered,
    loadDraft() {
      if (!offered) return;
      onLoadDraft({ version: offered.basedOnVersion, updatedDate: offered.basedOnUpdatedDate });
      store.getState().load({ values: offered.values, metas: offered.metas, ...(offered.aiReview ? { aiReview: offered.aiReview } : {}) });
      setOffered(null);
    },
    discardDraft() {
      removeDraft(id, locale);
      setOffered(null);
    },
  };
}
