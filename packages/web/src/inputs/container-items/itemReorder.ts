/**
 * Reordering a list's items by their handle, with the pointer or the keyboard. A story holds a thousand items: an
 * item subscribes to its own drag state alone (`subscribeItem`), so adding, removing or moving one item touches no
 * other item's, and a drag step tells only the dragged item and those whose room it changes.
 */

export type DragMode = 'keyboard' | 'pointer';

interface Drag {
  key: string;
  label: string;
  mode: DragMode;
  from: number;
  to: number;
  /** The dragged item's offset from its place, px. */
  offset: number;
  /** How far the items it passes move aside: its height and the gap after it, px. */
  room: number;
  /** Tops and heights of the items at the lift, relative to the list's top. */
  tops: readonly number[];
  heights: readonly number[];
  /** The list's items at the lift, by key, and in order. */
  indexOf: ReadonlyMap<string, number>;
  keys: readonly string[];
  /** Pointer drags: the pointer's distance from the list's top at the lift. */
  grabbedAt: number;
}

interface ListSnapshot {
  keys: readonly string[];
  onMove: (from: number, to: number) => void;
}

/** Where a dragged item lands, in the list as it was at the lift. */
export function targetIndex(input: { tops: readonly number[]; heights: readonly number[]; from: number; offset: number }): number {
  const { tops, heights, from, offset } = input;
  const middleOf = (index: number) => (tops[index] ?? 0) + (heights[index] ?? 0) / 2;
  const centre = middleOf(from) + offset;
  // Middles grow down the list: count those above the dragged item's centre, the item itself left out.
  let low = 0;
  let high = tops.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (middleOf(middle) < centre) low = middle + 1;
    else high = middle;
  }
  return offset > 0 ? low - 1 : low;
}

/** The dragged item's offset when it sits at `to`: its top on the top of the item it replaces, or its bottom on that item's bottom. */
function offsetAt(drag: Pick<Drag, 'tops' | 'heights' | 'from'>, to: number): number {
  const { tops, heights, from } = drag;
  if (to <= from) return (tops[to] ?? 0) - (tops[from] ?? 0);
  return (tops[to] ?? 0) + (heights[to] ?? 0) - ((tops[from] ?? 0) + (heights[from] ?? 0));
}

const PICKED_UP = (label: string, position: number, count: number) => `Picked up ${label}, at position ${position} of ${count}.`;
const MOVED = (label: string, position: number, count: number) => `${label} is at position ${position} of ${count}.`;
const DROPPED = (label: string, position: number, count: number) => `${label} was dropped at position ${position} of ${count}.`;
const CANCELLED = (label: string, position: number) => `Reordering was cancelled. ${label} is back at position ${position}.`;

/** The drag state of one list; `SortableItems` holds one and its items subscribe to it. */
export interface ItemReorder {
  /** Told of every change (the announcement). */
  subscribe: (listener: () => void) => () => void;
  /** Told when the drag state of the item with `key` may have changed (`shiftOf`, `draggedKey`). */
  subscribeItem: (key: string, listener: () => void) => () => void;
  /** How far the item is moved from its place now: the dragged item follows the drag, the items it passes make room. */
  shiftOf: (key: string) => number;
  draggedKey: () => string | undefined;
  dragMode: () => DragMode | undefined;
  /** What a screen reader is told about the drag. */
  announcement: () => string;
  setList: (list: ListSnapshot) => void;
  setListElement: (element: HTMLElement | null) => void;
  registerItem: (key: string, element: HTMLElement) => () => void;
  registerHandle: (key: string, element: HTMLElement) => () => void;
  lift: (input: { key: string; label: string; mode: DragMode; pointerY?: number }) => boolean;
  /** Keyboard drags: one place up (-1) or down (1). */
  step: (direction: -1 | 1) => void;
  /** Pointer drags: the pointer's height in the viewport now. */
  follow: (pointerY: number) => void;
  drop: () => void;
  cancel: () => void;
}

export function createItemReorder(): ItemReorder {
  const listeners = new Set<() => void>();
  const itemListeners = new Map<string, Set<() => void>>();
  const items = new Map<string, HTMLElement>();
  const handles = new Map<string, HTMLElement>();
  let list: ListSnapshot = { keys: [], onMove: () => undefined };
  let listElement: HTMLElement | null = null;
  let drag: Drag | undefined;
  let announcement = '';

  /** Tells the list's listeners, and those of the dragged item and of the items from `from` to `to` (indexes at the lift). */
  const notify = (dragged: Drag, from: number, to: number) => {
    for (const listener of listeners) listener();
    const told = new Set([dragged.key]);
    for (const key of dragged.keys.slice(Math.min(from, to), Math.max(from, to) + 1)) told.add(key);
    for (const key of told) for (const listener of itemListeners.get(key) ?? []) listener();
  };
  const listTop = () => listElement?.getBoundingClientRect().top ?? 0;

  function end(message: string) {
    if (!drag) return;
    const ended = drag;
    drag = undefined;
    announcement = message;
    // Every item the drag moved aside goes back.
    notify(ended, ended.from, ended.to);
  }

  function moveTo(to: number, offset: number) {
    if (!drag) return;
    const count = drag.tops.length;
    const announced = to !== drag.to ? MOVED(drag.label, to + 1, count) : announcement;
    const before = drag.to;
    drag = { ...drag, to, offset };
    announcement = announced;
    // The items between the old place and the new one start or stop making room.
    notify(drag, before, to);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeItem(key, listener) {
      let keyed = itemListeners.get(key);
      if (!keyed) {
        keyed = new Set();
        itemListeners.set(key, keyed);
      }
      const subscribed = keyed;
      subscribed.add(listener);
      return () => {
        subscribed.delete(listener);
        if (subscribed.size === 0 && itemListeners.get(key) === subscribed) itemListeners.delete(key);
      };
    },
    shiftOf(key) {
      if (!drag) return 0;
      if (key === drag.key) return drag.offset;
      const index = drag.indexOf.get(key);
      if (index === undefined) return 0;
      if (drag.from < index && index <= drag.to) return -drag.room;
      if (drag.to <= index && index < drag.from) return drag.room;
      return 0;
    },
    draggedKey: () => drag?.key,
    dragMode: () => drag?.mode,
    announcement: () => announcement,
    setList(next) {
      // An edit of the list from elsewhere (a change of another editor, a loaded draft) ends a drag of the old one.
      if (drag && next.keys !== list.keys) end('');
      list = next;
    },
    setListElement(element) {
      listElement = element;
    },
    registerItem(key, element) {
      items.set(key, element);
      return () => {
        if (items.get(key) === element) items.delete(key);
      };
    },
    registerHandle(key, element) {
      handles.set(key, element);
      return () => {
        if (handles.get(key) === element) handles.delete(key);
      };
    },
    lift({ key, label, mode, pointerY = 0 }) {
      const from = list.keys.indexOf(key);
      if (drag || from < 0) return false;
      // Items of a long list are rendered step by step: a drag moves among those on the page.
      const elements: HTMLElement[] = [];
      for (const itemKey of list.keys) {
        const element = items.get(itemKey);
        if (!element) break;
        elements.push(element);
      }
      if (from >= elements.length) return false;
      const top = listTop();
      const rects = elements.map((element) => element.getBoundingClientRect());
      const tops = rects.map((rect) => rect.top - top);
      const heights = rects.map((rect) => rect.height);
      const next = tops[from + 1];
      const room = next === undefined ? (heights[from] ?? 0) : next - (tops[from] ?? 0);
      const keys = list.keys.slice(0, elements.length);
      const indexOf = new Map(keys.map((itemKey, index) => [itemKey, index]));
      drag = { key, label, mode, from, to: from, offset: 0, room, tops, heights, indexOf, keys, grabbedAt: pointerY - top };
      announcement = PICKED_UP(label, from + 1, elements.length);
      notify(drag, from, from);
      return true;
    },
    step(direction) {
      if (!drag) return;
      const to = Math.min(drag.tops.length - 1, Math.max(0, drag.to + direction));
      if (to === drag.to) return;
      const { key } = drag;
      moveTo(to, offsetAt(drag, to));
      // After the frame that moved it, so the page scrolls to where the item is now.
      requestAnimationFrame(() => items.get(key)?.scrollIntoView?.({ block: 'nearest' }));
    },
    follow(pointerY) {
      if (!drag) return;
      // Measured against the list, so a page that scrolls during the drag keeps the item under the pointer.
      const offset = pointerY - listTop() - drag.grabbedAt;
      moveTo(targetIndex({ tops: drag.tops, heights: drag.heights, from: drag.from, offset }), offset);
    },
    drop() {
      if (!drag) return;
      const { key, label, from, to } = drag;
      const count = drag.tops.length;
      end(DROPPED(label, to + 1, count));
      if (to !== from) list.onMove(from, to);
      // The moved item's handle keeps the focus; the move re-inserted (or re-created) its element.
      requestAnimationFrame(() => handles.get(key)?.focus());
    },
    cancel() {
      if (!drag) return;
      end(CANCELLED(drag.label, drag.from + 1));
    },
  };
}
