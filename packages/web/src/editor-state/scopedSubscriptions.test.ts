import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { createEditorStore } from './editorStore.ts';
import { itemStep, placeItems } from './itemSteps.ts';
import { FLAGS_SCOPE, scopeOfErrorPath, scopeOfPath, subscribeInScope } from './scopedSubscriptions.ts';
import { getIn } from './valuePath.ts';

const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  {
    name: 'story-content',
    type: 'one-of-container',
    multiple: true,
    constraints: { oneOfProperties: [{ name: 'text', type: 'rich-text', constraints: { required: true }, view: { label: 'Text' } }] },
    view: { label: 'Story' },
  },
];

const KEYS = ['scoped-a', 'scoped-b', 'scoped-c'];
const [A, B, C] = KEYS.map(itemStep) as [string, string, string];

function storeOfThree() {
  placeItems(KEYS);
  const items = ['a', 'b', 'c'].map((text) => ({ type: 'text', value: `<p>${text}</p>` }));
  return createEditorStore({ inputs, original: { values: { title: 'T', 'story-content': items }, metas: {} }, showAllErrors: false, isReadonly: false });
}

/** Subscribes a counting listener to the scope of each path. */
function countCalls(store: ReturnType<typeof storeOfThree>, scopes: Record<string, Parameters<typeof subscribeInScope>[1]>) {
  const calls: Record<string, number> = {};
  for (const [name, scope] of Object.entries(scopes)) {
    calls[name] = 0;
    subscribeInScope(store, scope, () => (calls[name] = (calls[name] ?? 0) + 1));
  }
  return calls;
}

describe('scoped subscriptions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('name the item of a path or error path by key, else its input', () => {
    expect(scopeOfPath(['story-content', B, 'value'])).toEqual({ kind: 'item', inputName: 'story-content', itemStep: B });
    expect(scopeOfErrorPath(`story-content.${B}.text`)).toEqual({ kind: 'item', inputName: 'story-content', itemStep: B });
    expect(scopeOfPath(['story-content'])).toEqual({ kind: 'input', inputName: 'story-content' });
    expect(scopeOfPath(['story-content', 0, 'value'])).toEqual({ kind: 'input', inputName: 'story-content' });
    expect(scopeOfPath([])).toEqual({ kind: 'content' });
    expect(scopeOfErrorPath('')).toEqual({ kind: 'content' });
  });

  it('tell of a value change only the changed item, its list and the whole content', () => {
    const store = storeOfThree();
    const calls = countCalls(store, {
      a: scopeOfPath(['story-content', A, 'value']),
      b: scopeOfPath(['story-content', B, 'value']),
      list: scopeOfPath(['story-content']),
      title: scopeOfPath(['title']),
      content: scopeOfPath([]),
      flags: FLAGS_SCOPE,
    });
    store.getState().setValue(['story-content', B, 'value'], '<p>b!</p>');
    expect(calls).toEqual({ a: 0, b: 1, list: 1, title: 0, content: 1, flags: 0 });
  });

  it('leave a list reader up to date: it reads the new list when told', () => {
    const store = storeOfThree();
    const seen: unknown[] = [];
    subscribeInScope(store, scopeOfPath(['story-content']), () => seen.push(getIn(store.getState().values, ['story-content', 2, 'value'])));
    store.getState().setValue(['story-content', C, 'value'], '<p>c!</p>');
    expect(seen).toEqual(['<p>c!</p>']);
  });

  it('tell an item of validation errors only when its own change', () => {
    const store = storeOfThree();
    const calls = countCalls(store, { a: scopeOfErrorPath(`story-content.${A}.text`), c: scopeOfErrorPath(`story-content.${C}.text`) });
    store.getState().setValue(['story-content', C, 'value'], '');
    vi.runAllTimers();
    expect(store.getState().errors).toEqual([{ path: 'story-content.2', message: 'This field is required.' }]);
    // The write and then its validation: item c hears of both, item a of neither.
    expect(calls).toEqual({ a: 0, c: 2 });
    store.getState().setValue(['title'], 'T!');
    vi.runAllTimers();
    expect(calls).toEqual({ a: 0, c: 2 });
  });

  it('tell an item that moved of the errors now at its index', () => {
    const store = storeOfThree();
    store.getState().setValue(['story-content', C, 'value'], '');
    store.getState().validateNow();
    const calls = countCalls(store, { a: scopeOfPath(['story-content', A]), b: scopeOfPath(['story-content', B]), c: scopeOfPath(['story-content', C]) });
    const [first, second, third] = store.getState().values['story-content'] as unknown[];
    // c and b swap: b now sits where the error is, c has none until validation runs again.
    placeItems(['scoped-a', 'scoped-c', 'scoped-b'], KEYS);
    store.getState().setValue(['story-content'], [first, third, second]);
    expect(calls).toEqual({ a: 0, b: 1, c: 1 });
    placeItems(KEYS, ['scoped-a', 'scoped-c', 'scoped-b']);
  });

  it('tell a touch only to the touched item and its input', () => {
    const store = storeOfThree();
    const calls = countCalls(store, {
      a: scopeOfErrorPath(`story-content.${A}.text`),
      b: scopeOfErrorPath(`story-content.${B}.text`),
      list: scopeOfErrorPath('story-content'),
      flags: FLAGS_SCOPE,
    });
    store.getState().touch(`story-content.${B}.text`);
    expect(calls).toEqual({ a: 0, b: 1, list: 1, flags: 0 });
    store.getState().discard();
    vi.runAllTimers();
    // Discarding clears every touch: each item may show its errors differently.
    expect(calls.a).toBeGreaterThan(0);
  });

  it('tell every scope when the asset shows all errors', () => {
    const store = storeOfThree();
    const calls = countCalls(store, { a: scopeOfPath(['story-content', A]), title: scopeOfPath(['title']), flags: FLAGS_SCOPE });
    store.getState().rebase({ values: store.getState().values, metas: {} });
    expect(calls.a).toBeGreaterThan(0);
    expect(calls.title).toBeGreaterThan(0);
    expect(calls.flags).toBeGreaterThan(0);
  });

  it('stop telling a listener once it unsubscribes', () => {
    const store = storeOfThree();
    const listener = vi.fn<() => void>();
    const unsubscribe = subscribeInScope(store, scopeOfPath(['story-content', A]), listener);
    unsubscribe();
    store.getState().setValue(['story-content', A, 'value'], '<p>a!</p>');
    expect(listener).not.toHaveBeenCalled();
  });
});
