import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { FieldAdornmentsContext, useFieldAdornments } from '../../inputs/field/FieldAdornments.tsx';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import type { EditorState } from '../../editor-state/editorStore.ts';
import { BulkEditContext } from './BulkEditContext.tsx';
import { BulkEditToggle } from './BulkEditToggle.tsx';
import { BulkEditWizard, type BulkEditWizardProps } from './BulkEditWizard.tsx';
import { createBulkEditStore } from './bulkEditStore.ts';

/** Top-level inputs whose value or `_meta` the update changed to something other than the server's. */
function editedInputs(state: EditorState, previous: EditorState): string[] {
  const names = new Set<string>();
  for (const name of new Set([...Object.keys(state.values), ...Object.keys(previous.values)])) {
    if (state.values[name] !== previous.values[name] && state.values[name] !== state.original.values[name]) names.add(name);
  }
  for (const name of new Set([...Object.keys(state.metas), ...Object.keys(previous.metas)])) {
    if (state.metas[name] !== previous.metas[name] && state.metas[name] !== state.original.metas[name]) names.add(name);
  }
  return [...names];
}

/**
 * Spec 002 §4 bulk edit for the open editor: holds the mode, adds the include toggle beside each field while it is
 * on, selects a property the user edits in the mode, and renders the wizard. Sits inside the editor store's provider.
 */
export function BulkEditProvider({ children, ...wizard }: BulkEditWizardProps & { children: ReactNode }) {
  const [store] = useState(createBulkEditStore);
  const editorStore = useEditorStoreApi();
  const isOn = useStore(store, (state) => state.phase !== 'off');

  // Editing a value in the mode means it should travel too; discarding or reloading changes nothing.
  useEffect(() => {
    if (!isOn) return undefined;
    return editorStore.subscribe((state, previous) => {
      for (const name of editedInputs(state, previous)) store.getState().includeProperty(name);
    });
  }, [isOn, editorStore, store]);

  const outer = useFieldAdornments();
  const adornments = useMemo(() => (isOn ? [...outer, BulkEditToggle] : outer), [isOn, outer]);

  return (
    <BulkEditContext.Provider value={store}>
      <FieldAdornmentsContext.Provider value={adornments}>{children}</FieldAdornmentsContext.Provider>
      <BulkEditWizard {...wizard} />
    </BulkEditContext.Provider>
  );
}

