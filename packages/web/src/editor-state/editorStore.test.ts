import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { VALIDATION_DEBOUNCE_MS, contentPayload, createEditorStore } from './editorStore.ts';
import { itemStep, placeItems } from './itemSteps.ts';

const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', constraints: { required: true }, view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
  {
    name: 'story-content',
    type: 'one-of-container',
    multiple: true,
    constraints: { oneOfProperties: [{ name: 'text', type: 'rich-text', constraints: { required: true }, view: { label: 'Text' } }] },
    view: { label: 'Story' },
  },
];

function storeWith(values: Record<string, unknown>, options: { isReadonly?: boolean } = {}) {
  return createEditorStore({ inputs, original: { values, metas: {} }, showAllErrors: false, isReadonly: options.isReadonly ?? false });
}

describe('createEditorStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts changes at once and validates after the debounce', () => {
    const store = storeWith({ title: 'Hello', 'story-content': [{ type: 'text', value: '<p>a</p>' }] });
    expect(store.getState().errors).toEqual([]);
    store.getState().setValue(['title'], undefined);
    expect(store.getState().changes).toEqual(['title']);
    expect(store.getState().changedInputs.has('title')).toBe(true);
    expect(store.getState().errors).toEqual([]);
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS);
    expect(store.getState().errors).toEqual([{ path: 'title', message: 'This field is required.' }]);
  });

  it('keeps untouched branches by identity so other widgets do not re-render', () => {
    const first = { type: 'text', value: '<p>a</p>' };
    const second = { type: 'text', value: '<p>b</p>' };
    const store = storeWith({ title: 'T', 'story-content': [first, second] });
    store.getState().setValue(['story-content', 1, 'value'], '<p>c</p>');
    const list = store.getState().values['story-content'] as unknown[];
    expect(list[0]).toBe(first);
    expect(list[1]).toEqual({ type: 'text', value: '<p>c</p>' });
    expect(store.getState().changes).toEqual(['story-content.1.value']);
  });

  it('discards back to the server version, and a change back to the original is no change', () => {
    const store = storeWith({ title: 'T' });
    store.getState().setValue(['title'], 'U');
    store.getState().setValue(['title'], 'T');
    expect(store.getState().changes).toEqual([]);
    store.getState().setValue(['teaser'], 'new');
    store.getState().discard();
    expect(store.getState().values).toEqual({ title: 'T' });
    expect(store.getState().changes).toEqual([]);
  });

  it('ignores changes on a read-only asset', () => {
    const store = storeWith({ title: 'T' }, { isReadonly: true });
    store.getState().setValue(['title'], 'U');
    expect(store.getState().values).toEqual({ title: 'T' });
  });

  it('adds widget errors to the domain errors and removes them when cleared', () => {
    const store = storeWith({ title: 'T' });
    store.getState().setWidgetErrors('story-content.0.text', ['invalid-link']);
    expect(store.getState().errors).toContainEqual({ path: 'story-content.0.text', message: 'invalid-link' });
    store.getState().setWidgetErrors('story-content.0.text', []);
    expect(store.getState().errors).toEqual([]);
  });

  it('reports a widget error named by its item step where the item is when validation runs', () => {
    const store = storeWith({ title: 'T', 'story-content': [{ type: 'text', value: '<p>a</p>' }, { type: 'text', value: '<p>b</p>' }] });
    placeItems(['store-a', 'store-b']);
    store.getState().setWidgetErrors(`story-content.${itemStep('store-b')}.text`, ['invalid-link']);
    expect(store.getState().errors).toContainEqual({ path: 'story-content.1.text', message: 'invalid-link' });
    placeItems(['store-b'], ['store-a', 'store-b']);
    store.getState().setValue(['story-content'], [{ type: 'text', value: '<p>b</p>' }]);
    vi.advanceTimersByTime(VALIDATION_DEBOUNCE_MS);
    expect(store.getState().errors).toEqual([{ path: 'story-content.0.text', message: 'invalid-link' }]);
  });

  it('rebases on a saved version: the saved edits stop counting as changes', () => {
    const store = storeWith({ title: 'T' });
    store.getState().setValue(['title'], 'U');
    store.getState().rebase({ values: { title: 'U' }, metas: {} });
    expect(store.getState().changes).toEqual([]);
    expect(store.getState().showAllErrors).toBe(true);
  });

  it('builds the save payload with values and metas', () => {
    const store = storeWith({ title: 'T' });
    store.getState().setMeta('teaser', { style: 'x' });
    expect(contentPayload(store.getState())).toEqual({
      title: { value: 'T' },
      teaser: { value: undefined, _meta: { style: 'x' } },
      'story-content': { value: undefined },
    });
    expect(store.getState().changes).toEqual(['_meta.teaser']);
  });
});
