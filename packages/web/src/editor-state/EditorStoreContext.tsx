import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EditorState, EditorStore } from './editorStore.ts';
import { subscribeInScope, type EditorScope } from './scopedSubscriptions.ts';

const EditorStoreContext = createContext<EditorStore | null>(null);

export function EditorStoreProvider({ store, children }: { store: EditorStore; children: ReactNode }) {
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

/** The open asset's store; for event handlers that read the state without subscribing. */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStoreApi needs an EditorStoreProvider above it.');
  return store;
}

/** Subscribes to one slice of the open asset's state; select primitives or stable references to avoid re-renders. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStoreApi(), selector);
}

/**
 * As `useEditor`, for a selector that reads only inside `scope` (`scopedSubscriptions.ts`): it runs after the
 * changes that may concern that scope, not after every change of the store.
 */
export function useScopedEditor<T>(scope: EditorScope, selector: (state: EditorState) => T): T {
  const store = useEditorStoreApi();
  const inputName = scope.kind === 'input' || scope.kind === 'item' ? scope.inputName : undefined;
  const itemStep = scope.kind === 'item' ? scope.itemStep : undefined;
  // Keyed by the scope's parts: callers build the scope object on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => subscribeInScope(store, scope, listener), [store, scope.kind, inputName, itemStep]);
  const getSnapshot = () => selector(store.getState());
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
