import { useEffect, useState } from 'react';
import { useBlocker } from '../../router/index.ts';
import { showToast } from '../../ui/toasts.tsx';
import { useStore } from 'zustand';
import type { EditorStore } from '../../editor-state/editorStore.ts';
import type { SaveOutcome } from './save/useSaveAsset.ts';

export const LEAVE_TEXTS = {
  discarded: 'Your asset adjustments have been discarded.',
  notSaved: 'The asset could not be saved.',
} as const;

/**
 * Spec 002 §4 leaving with unsaved changes: navigation away from a dirty editor stops at the leave modal (Save,
 * Discard, or stay); a failed save says so persistently and keeps the user here. A tab close gets the browser's own
 * warning.
 */
export function useLeaveGuard({ store, save }: { store: EditorStore; save: () => Promise<SaveOutcome> }) {
  const isDirty = useStore(store, (state) => state.changes.length > 0);
  const [isSaving, setIsSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => store.getState().changes.length > 0 && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return {
    isOpen: blocker.state === 'blocked',
    isSaving,
    stay: () => blocker.reset?.(),
    discard: () => {
      store.getState().discard();
      showToast({ kind: 'warning', message: LEAVE_TEXTS.discarded });
      blocker.proceed?.();
    },
    async save() {
      setIsSaving(true);
      const outcome = await save();
      setIsSaving(false);
      if (outcome === 'saved' || outcome === 'discarded') {
        blocker.proceed?.();
        return;
      }
      if (outcome === 'failed') showToast({ kind: 'error', message: LEAVE_TEXTS.notSaved, persistent: true });
      blocker.reset?.();
    },
  };
}
