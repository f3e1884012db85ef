import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { BulkEditState, BulkEditStore } from './bulkEditStore.ts';

export const BulkEditContext = createContext<BulkEditStore | null>(null);

export function useBulkEditStoreApi(): BulkEditStore {
  const store = useContext(BulkEditContext);
  if (!store) throw new Error('useBulkEditStoreApi needs a BulkEditProvider above it.');
  return store;
}

/** Subscribes to one slice of the open editor's bulk edit state. */
export function useBulkEdit<T>(selector: (state: BulkEditState) => T): T {
  return useStore(useBulkEditStoreApi(), selector);
}

/** For the action bar: whether the mode is on, and the toggle. */
export function useBulkEditMode(): { isOn: boolean; toggleMode: () => void } {
  const isOn = useBulkEdit((state) => state.phase !== 'off');
  const toggleMode = useBulkEdit((state) => state.toggleMode);
  return { isOn, toggleMode };
}
