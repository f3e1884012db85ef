import type { ValidationError } from '@editor/domain';
import type { EditorState, EditorStore } from './editorStore.ts';
import { indexOfStep, isItemStep } from './itemSteps.ts';
import { getIn, type ValuePath } from './valuePath.ts';

/**
 * What a field's subscription reads of the store. A story of 1,000 elements has ~5,000 fields; were each to run its
 * selector at every store change (a rich text writes every 300 ms while typing), a keystroke would pay for all of
 * them. A scoped subscriber is told of a change only when its scope may have changed:
 * - `flags`: the asset became read-only or shows all errors;
 * - `content`: any value, error or touch (a field reading the whole content);
 * - `input`: a value of that input, any error or touch (a list widget, or a call to action reading its whole list);
 * - `item`: a value, an error or a touch inside that item of a list input (the fields of one story element).
 * Every scope also hears of a flag change. A scoped selector reads only `values`, `errors`, `touched`,
 * `showAllErrors` and `isReadonly`, and of those only what lies inside its scope.
 */
export type EditorScope =
  | { kind: 'flags' }
  | { kind: 'content' }
  | { kind: 'input'; inputName: string }
  | { kind: 'item'; inputName: string; itemStep: string };

export const FLAGS_SCOPE: EditorScope = { kind: 'flags' };
const CONTENT_SCOPE: EditorScope = { kind: 'content' };

function scopeOfSteps(first: string | number | undefined, second: string | number | undefined): EditorScope {
  if (typeof first !== 'string' || first === '') return CONTENT_SCOPE;
  if (second !== undefined && isItemStep(second)) return { kind: 'item', inputName: first, itemStep: second };
  return { kind: 'input', inputName: first };
}

/** The scope of a value path: its list item when its second step names one by key, else its input. */
export function scopeOfPath(path: ValuePath): EditorScope {
  return scopeOfSteps(path[0], path[1]);
}

/** The scope of an error path (`story-content.@item-12.text`), as `scopeOfPath`. */
export function scopeOfErrorPath(errorPath: string): EditorScope {
  const [first, second] = errorPath.split('.', 2);
  return scopeOfSteps(first, second);
}

type Listener = () => void;

interface ItemSubscribers {
  listeners: Set<Listener>;
  /** The item's value and its errors' signature as last told: what decides whether a change concerns it. */
  value: unknown;
  errors: string;
}

interface InputSubscribers {
  listeners: Set<Listener>;
  items: Map<string, ItemSubscribers>;
}

/** Errors by item (`story-content.3`): the rest of each path and its message, so equal errors compare equal after a move. */
function errorsByItemOf(errors: readonly ValidationError[]): ReadonlyMap<string, string> {
  const byItem = new Map<string, string>();
  for (const error of errors) {
    const firstDot = error.path.indexOf('.');
    if (firstDot < 0) continue;
    const secondDot = error.path.indexOf('.', firstDot + 1);
    const item = secondDot < 0 ? error.path : error.path.slice(0, secondDot);
    const entry = `${secondDot < 0 ? '' : error.path.slice(secondDot)}\u0001${error.message}`;
    const before = byItem.get(item);
    byItem.set(item, before === undefined ? entry : `${before}\u0000${entry}`);
  }
  return byItem;
}

/** Added touch paths by their item (`story-content.@item-12`), or 'all' when touches were cleared. */
function touchedItemsOf(next: EditorState['touched'], previous: EditorState['touched']): ReadonlySet<string> | 'all' {
  for (const path in previous) if (!next[path]) return 'all';
  const items = new Set<string>();
  for (const path in next) {
    if (previous[path]) continue;
    const [first, second] = path.split('.', 2);
    if (second !== undefined && isItemStep(second)) items.add(`${first}.${second}`);
  }
  return items;
}

function createScopedSubscriptions(store: EditorStore) {
  const flagListeners = new Set<Listener>();
  const contentListeners = new Set<Listener>();
  const inputs = new Map<string, InputSubscribers>();
  let errorsSeen: readonly ValidationError[] | undefined;
  let errorsByItem: ReadonlyMap<string, string> = new Map();
  /** The inputs with an error inside one of their items: the items of the others have none to look up. */
  let inputsWithItemErrors: ReadonlySet<string> = new Set();

  function itemErrors(state: EditorState, inputName: string, step: string): string {
    if (state.errors !== errorsSeen) {
      errorsSeen = state.errors;
      errorsByItem = errorsByItemOf(state.errors);
      inputsWithItemErrors = new Set([...errorsByItem.keys()].map((item) => item.slice(0, item.indexOf('.'))));
    }
    if (!inputsWithItemErrors.has(inputName)) return '';
    return errorsByItem.get(`${inputName}.${indexOfStep(step)}`) ?? '';
  }

  function changedListeners(state: EditorState, previous: EditorState): Listener[] {
    const everything = state.isReadonly !== previous.isReadonly || state.showAllErrors !== previous.showAllErrors;
    const hasValues = state.values !== previous.values;
    const hasErrors = state.errors !== previous.errors;
    const hasTouches = state.touched !== previous.touched;
    if (!everything && !hasValues && !hasErrors && !hasTouches) return [];

    const notified: Listener[] = everything ? [...flagListeners] : [];
    notified.push(...contentListeners);
    const touchedItems = hasTouches ? touchedItemsOf(state.touched, previous.touched) : undefined;
    for (const [inputName, input] of inputs) {
      const hasInputValue = hasValues && state.values[inputName] !== previous.values[inputName];
      if (!everything && !hasInputValue && !hasErrors && !hasTouches) continue;
      notified.push(...input.listeners);
      // Read once for all its items: a list of a thousand story elements is walked at every edit of it.
      const list = hasInputValue ? getIn(state.values, [inputName]) : undefined;
      for (const [step, item] of input.items) {
        let hasChanged = everything || touchedItems === 'all' || touchedItems?.has(`${inputName}.${step}`) === true;
        if (hasInputValue) {
          const value = getIn(list, [step]);
          hasChanged ||= value !== item.value;
          item.value = value;
        }
        // A list written may have moved the item: its index, and so the errors it reads, may be others.
        if (hasErrors || hasInputValue) {
          const errors = itemErrors(state, inputName, step);
          hasChanged ||= errors !== item.errors;
          item.errors = errors;
        }
        if (hasChanged) notified.push(...item.listeners);
      }
    }
    return notified;
  }

  store.subscribe((state, previous) => {
    // Collected first: a listener may subscribe or unsubscribe others while it runs.
    for (const listener of changedListeners(state, previous)) listener();
  });

  function subscribeItem(inputName: string, step: string, listener: Listener): () => void {
    let input = inputs.get(inputName);
    if (!input) {
      input = { listeners: new Set(), items: new Map() };
      inputs.set(inputName, input);
    }
    let item = input.items.get(step);
    if (!item) {
      const state = store.getState();
      item = { listeners: new Set(), value: getIn(state.values, [inputName, step]), errors: itemErrors(state, inputName, step) };
      input.items.set(step, item);
    }
    const { items } = input;
    const subscribers = item;
    subscribers.listeners.add(listener);
    return () => {
      subscribers.listeners.delete(listener);
      if (subscribers.listeners.size === 0 && items.get(step) === subscribers) items.delete(step);
    };
  }

  function subscribeInput(inputName: string, listener: Listener): () => void {
    let input = inputs.get(inputName);
    if (!input) {
      input = { listeners: new Set(), items: new Map() };
      inputs.set(inputName, input);
    }
    const { listeners } = input;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return (scope: EditorScope, listener: Listener): (() => void) => {
    switch (scope.kind) {
      case 'flags':
        flagListeners.add(listener);
        return () => flagListeners.delete(listener);
      case 'content':
        contentListeners.add(listener);
        return () => contentListeners.delete(listener);
      case 'input':
        return subscribeInput(scope.inputName, listener);
      case 'item':
        return subscribeItem(scope.inputName, scope.itemStep, listener);
    }
  };
}

const subscriptionsOf = new WeakMap<EditorStore, ReturnType<typeof createScopedSubscriptions>>();

/** Calls `listener` after a store change that may concern `scope`; returns the unsubscribe. One store subscription serves them all. */
export function subscribeInScope(store: EditorStore, scope: EditorScope, listener: Listener): () => void {
  let subscribe = subscriptionsOf.get(store);
  if (!subscribe) {
    subscribe = createScopedSubscriptions(store);
    subscriptionsOf.set(store, subscribe);
  }
  return subscribe(scope, listener);
}
