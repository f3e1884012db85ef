import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { placeItems } from '../../editor-state/itemSteps.ts';

/**
 * Item identities for lists whose values carry no ids. React keys and drag ids must follow an item when it moves,
 * so each list widget keeps a parallel list of keys. Keys stay out of the values: a container item may not hold
 * unknown properties (valueShape), and a key in a one-of item's `_meta` would be saved and make every asset dirty.
 */

let lastKey = 0;

function newItemKey(): string {
  lastKey += 1;
  return `item-${lastKey}`;
}

/**
 * The keys an edit of this widget chose for the list it emits, by that list's identity: the store keeps the
 * emitted array as it is, so when it comes back as the value, its keys are found here.
 */
const plannedKeys = new WeakMap<readonly unknown[], readonly string[]>();

function resized(keys: readonly string[], length: number): readonly string[] {
  if (keys.length === length) return keys;
  if (keys.length > length) return keys.slice(0, length);
  return [...keys, ...Array.from({ length: length - keys.length }, newItemKey)];
}

/** A list as last rendered, with the key of each item. */
export interface KeyedItems {
  readonly list: readonly unknown[];
  readonly keys: readonly string[];
}

const NO_KEYS: readonly string[] = [];

/**
 * The keys of `list`'s items. A list this widget emitted keeps the keys its edit planned; any other new list (a
 * change inside one item, a discarded edit, a loaded draft) keeps the previous keys, resized when its length
 * changed. `latestKeys` gives event handlers the keys of the last rendered list.
 */
export function useItemKeys(list: readonly unknown[]): { keys: readonly string[]; latestKeys: () => readonly string[] } {
  const [seen, setSeen] = useState<KeyedItems>(() => {
    const keys = plannedKeys.get(list) ?? resized(NO_KEYS, list.length);
    placeItems(keys);
    return { list, keys };
  });
  let keys = seen.keys;
  if (seen.list !== list) {
    keys = plannedKeys.get(list) ?? resized(seen.keys, list.length);
    // Before the items render, their item steps read these places: a list from elsewhere (a draft, a discard, a
    // colleague's save) was not placed by an edit of this widget.
    placeItems(keys, keys === seen.keys ? undefined : seen.keys);
    // Storing what the previous render saw: React renders again at once with the new keys.
    if (keys !== seen.keys) setSeen({ list, keys });
  }
  const latest = useRef(keys);
  useLayoutEffect(() => {
    latest.current = keys;
  });
  const latestKeys = useCallback(() => latest.current, []);
  return { keys, latestKeys };
}

/** The keys an edit planned for `list`, if it is one this module made. */
export function keysPlannedFor(list: readonly unknown[]): readonly string[] | undefined {
  return plannedKeys.get(list);
}

/** Registers the keys of a list about to be emitted. */
function planned(list: unknown[], keys: readonly string[]): unknown[] {
  plannedKeys.set(list, keys);
  return list;
}

/** The list with `item` inserted at `index`, under a new key. */
export function insertItem(items: KeyedItems, index: number, item: unknown): unknown[] {
  const list = [...items.list];
  const keys = [...resized(items.keys, list.length)];
  list.splice(index, 0, item);
  keys.splice(index, 0, newItemKey());
  return planned(list, keys);
}

/** The list without the item at `index`. */
export function removeItem(items: KeyedItems, index: number): unknown[] {
  const keep = (_: unknown, position: number) => position !== index;
  return planned(items.list.filter(keep), resized(items.keys, items.list.length).filter(keep));
}

/** The list with the item at `from` moved to `to`. */
export function moveItem(items: KeyedItems, from: number, to: number): unknown[] {
  const list = [...items.list];
  const keys = [...resized(items.keys, list.length)];
  const [item] = list.splice(from, 1);
  const [key] = keys.splice(from, 1);
  list.splice(to, 0, item);
  keys.splice(to, 0, key ?? newItemKey());
  return planned(list, keys);
}

/** The list with only the items `keep` accepts; each kept item keeps its key. */
export function keepItems(items: KeyedItems, keep: (item: unknown, index: number) => boolean): unknown[] {
  const keys = resized(items.keys, items.list.length);
  const indexes = items.list.map((_, index) => index).filter((index) => keep(items.list[index], index));
  return planned(
    indexes.map((index) => items.list[index]),
    indexes.map((index) => keys[index] ?? newItemKey()),
  );
}

/** The list with the item at `index` replaced; keys stay. */
export function replaceItem(items: KeyedItems, index: number, item: unknown): unknown[] {
  const list = [...items.list];
  list[index] = item;
  return planned(list, resized(items.keys, list.length));
}
