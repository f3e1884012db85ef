import { describe, expect, it } from 'vitest';
import { createBulkEditStore } from './bulkEditStore.ts';

describe('the bulk edit mode (spec 002 §4)', () => {
  it('opens the wizard only with a property selected, and forgets the selection when left', () => {
    const store = createBulkEditStore();
    store.getState().toggleMode();
    store.getState().openWizard();
    expect(store.getState().phase).toBe('selecting');
    store.getState().toggleProperty('title');
    store.getState().openWizard();
    expect(store.getState().phase).toBe('wizard');
    store.getState().closeWizard();
    expect(store.getState()).toMatchObject({ phase: 'selecting', selected: new Set(['title']) });
    store.getState().toggleMode();
    expect(store.getState()).toMatchObject({ phase: 'off', selected: new Set() });
  });

  it('includes an edited property only while the mode is on, and never unselects it', () => {
    const store = createBulkEditStore();
    store.getState().includeProperty('title');
    expect(store.getState().selected.size).toBe(0);
    store.getState().toggleMode();
    store.getState().includeProperty('title');
    store.getState().includeProperty('title');
    expect([...store.getState().selected]).toEqual(['title']);
  });
});
