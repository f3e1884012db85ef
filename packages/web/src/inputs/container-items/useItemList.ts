import { useCallback, useMemo, type FocusEvent } from 'react';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import { getIn, type ValuePath } from '../../editor-state/valuePath.ts';
import { placeItems } from '../../editor-state/itemSteps.ts';
import { insertItem, keysPlannedFor, moveItem, removeItem, useItemKeys, type KeyedItems } from './itemKeys.ts';

const NO_ITEMS: readonly unknown[] = [];

/**
 * The one empty item a list shows while its value holds none (a list's first row, spec 002 §4 containers that start
 * with one item). It is only shown: the first change inside it writes the list, so opening an asset changes nothing.
 */
export const EMPTY_ROW: readonly unknown[] = [undefined];
export const EMPTY_CONTAINER_ITEM: readonly unknown[] = [{}];

function shownItems(value: unknown, placeholder: readonly unknown[] | undefined): readonly unknown[] {
  const list = Array.isArray(value) ? (value as readonly unknown[]) : NO_ITEMS;
  return list.length === 0 && placeholder ? placeholder : list;
}

interface ItemListOptions {
  value: unknown;
  path: ValuePath;
  onChange: (value: unknown) => void;
  /** `EMPTY_ROW` or `EMPTY_CONTAINER_ITEM`, shown while the value holds no item. */
  placeholder?: readonly unknown[] | undefined;
}

export interface ItemList {
  /** The items shown: the value's, or the placeholder. */
  items: readonly unknown[];
  keys: readonly string[];
  /** The shown items are the placeholder, not yet in the value. */
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
export function useItemList({ value, path, onChange, placeholder }: ItemListOptions): ItemList {
  const items = shownItems(value, placeholder);
  const { keys, latestKeys } = useItemKeys(items);
  const store = useEditorStoreApi();

  const current = useCallback(
    (): KeyedItems => ({ list: shownItems(getIn(store.getState().values, path), placeholder), keys: latestKeys() }),
    [store, path, placeholder, latestKeys],
  );
  const emit = useCallback(
    (list: unknown[]) => {
      // The items' steps must read the new places as soon as the store holds the list, before anything renders.
      const planned = keysPlannedFor(list);
      if (planned) placeItems(planned, latestKeys());
      onChange(list.length === 0 ? undefined : list);
    },
    [onChange, latestKeys],
  );
  const edits = useMemo(
    () => ({
      insert: (index: number, item: unknown) => emit(insertItem(current(), index, item)),
      remove: (index: number) => emit(removeItem(current(), index)),
      move: (from: number, to: number) => emit(moveItem(current(), from, to)),
    }),
    [current, emit],
  );
  return { items, keys, isPlaceholder: items === placeholder, current, emit, ...edits };
}

/**
 * Whether focus leaves the element that handles the blur: not when it moves between its fields, nor into a portal
 * (a dropdown, date picker or dialog a field inside opened).
 */
export function isFocusLeaving(event: FocusEvent<HTMLElement>): boolean {
  const next = event.relatedTarget;
  if (next instanceof Element && next.closest('[data-portal]')) return false;
  return !(next instanceof Node && event.currentTarget.contains(next));
}
