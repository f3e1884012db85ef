import { createStore, type StoreApi } from 'zustand/vanilla';

/** Spec 002 §4 bulk edit: off, choosing properties in the editor, or walking through the wizard modal. */
export type BulkEditPhase = 'off' | 'selecting' | 'wizard';

export interface BulkEditState {
  phase: BulkEditPhase;
  /** Top-level input names whose values go to the other locales. */
  selected: ReadonlySet<string>;

  /** Toggles the mode from the action bar: on with nothing selected, or off. */
  toggleMode(): void;
  /** Leaves the mode and forgets the selection (Cancel, Finish). */
  leave(): void;
  toggleProperty(name: string): void;
  /** Selects a property without ever unselecting it (a value edited in the mode). */
  includeProperty(name: string): void;
  openWizard(): void;
  /** Back from the wizard to choosing properties, the selection kept. */
  closeWizard(): void;
}

export type BulkEditStore = StoreApi<BulkEditState>;

const NONE: ReadonlySet<string> = new Set();

/** One store per open editor: which phase bulk edit is in and which properties are selected. */
export function createBulkEditStore(): BulkEditStore {
  return createStore<BulkEditState>()((set, get) => ({
    phase: 'off',
    selected: NONE,

    toggleMode() {
      if (get().phase === 'off') set({ phase: 'selecting', selected: NONE });
      else get().leave();
    },
    leave() {
      set({ phase: 'off', selected: NONE });
    },
    toggleProperty(name) {
      const next = new Set(get().selected);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      set({ selected: next });
    },
    includeProperty(name) {
      if (get().phase === 'off' || get().selected.has(name)) return;
      set({ selected: new Set([...get().selected, name]) });
    },
    openWizard() {
      // Spec 002 §4: confirm only with properties selected.
      if (get().phase === 'selecting' && get().selected.size > 0) set({ phase: 'wizard' });
    },
    closeWizard() {
      if (get().phase === 'wizard') set({ phase: 'selecting' });
    },
  }));
}
