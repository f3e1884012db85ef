import { useCallback, useMemo, type FocusEvent } from 'react';
import { useEditorStoreApi } from '../../features/asset-editor/state/EditorStoreContext.tsx';
import { getIn, type ValuePath } from '../../features/asset-editor/state/valuePath.ts';
import { insertItem, moveItem, removeItem, useItemKeys, type KeyedItems } from './itemKeys.ts';

const NO_ITEMS: readonly unknown[] = [];
/**
 * The one empty item a list shows while its value holds none. It is only shown: the first change inside it writes
 * the list, so opening an asset never changes it.
 */
const ONE_EMPTY_ITEM: readonly unknown[] = [undefined];

function shownItems(value: unknown, showsOneEmptyItem: boolean): readonly unknown[] {
  const list = Array.isArray(value) ? (value as readonly unknown[]) : NO_ITEMS;
  return list.length === 0 && showsOneEmptyItem ? ONE_EMPTY_ITEM : list;
}

interface ItemListOptions {
  value: unknown;
  path: ValuePath;
  onChange: (value: unknown) => void;
  /** Show one empty item while the value holds none (a list's first row, spec 002 §4 containers that start with one item). */
  showsOneEmptyItem?: boolean;
}

export interface ItemList {
  /** The items shown: the value's, or the one empty item. */
  items: readonly unknown[];
  keys: readonly string[];
  /** The shown items are the one empty item, not yet in the value. */
  isPlaceholder: boolean;
  /** The items as the store holds them now, with their keys, for an edit. */
  current: () => KeyedItems;
  /** Emits a new list; an empty list clears the value. */
  emit: (list: unknown[]) => void;
  insert: (index: number, item: unknown) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
}

/**
 * The items of a multiple input and the edits on them. Edits read the list from the store rather than from the
 * last render: a field that commits its text on blur has written it before a container's own blur handler runs.
 */
export function useItemList({ value, path, onChange, showsOneEmptyItem = false }: ItemListOptions): ItemList {
  const items = shownItems(value, showsOneEmptyItem);
  const { keys, latest } = useItemKeys(items);
  const store = useEditorStoreApi();

  const current = useCallback(
    (): KeyedItems => ({ list: shownItems(getIn(store.getState().values, path), showsOneEmptyItem), keys: latest.current.keys }),
    [store, path, showsOneEmptyItem, latest],
  );
  const emit = useCallback((list: unknown[]) => onChange(list.length === 0 ? undefined : list), [onChange]);
  const edits = useMemo(
    () => ({
      insert: (index: number, item: unknown) => emit(insertItem(current(), index, item)),
      remove: (index: number) => emit(removeItem(current(), index)),
      move: (from: number, to: number) => emit(moveItem(current(), from, to)),
    }),
    [current, emit],
  );
  return { items, keys, isPlaceholder: items === ONE_EMPTY_ITEM, current, emit, ...edits };
}

/** Whether focus leaves the element that handles the blur (not just moves between its fields). */
export function isFocusLeaving(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  return !(next instanceof Node && event.currentTarget.contains(next));
}
