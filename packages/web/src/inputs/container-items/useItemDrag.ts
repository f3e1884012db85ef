import { useCallback, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useItemReorderContext } from './SortableItems.tsx';
import classes from './ItemFrame.module.css';

/** A pointer drag starts once the pointer has moved this far with the button down, so a click stays a click. */
const POINTER_DRAG_DISTANCE_PX = 4;

const LIFT_OR_DROP = new Set([' ', 'Enter']);

/** A pointer this close to the window's top or bottom edge scrolls the page, faster the closer it is. */
const SCROLL_EDGE_PX = 48;

function edgeScrollSpeed(pointerY: number): number {
  if (pointerY < SCROLL_EDGE_PX) return -Math.ceil((SCROLL_EDGE_PX - pointerY) / 4);
  const fromBottom = window.innerHeight - pointerY;
  return fromBottom < SCROLL_EDGE_PX ? Math.ceil((SCROLL_EDGE_PX - fromBottom) / 4) : 0;
}

interface ItemDrag {
  /** The item's element: its place is measured at a lift, and it moves while dragged or making room. */
  itemRef: (element: HTMLElement | null) => (() => void) | undefined;
  itemClassName: string | undefined;
  itemStyle: CSSProperties | undefined;
  /** Props of the handle button. */
  handle: {
    ref: (element: HTMLElement | null) => (() => void) | undefined;
    'aria-pressed': boolean;
    'aria-describedby': string;
    'aria-roledescription': string;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onBlur: () => void;
  };
}

/**
 * What one item of a sortable list needs to be dragged by its handle. It re-renders only when its own shift
 * changes: when it is dragged, or when the dragged item passes it.
 */
export function useItemDrag({ itemKey, label }: { itemKey: string; label: string }): ItemDrag {
  const { reorder, instructionsId } = useItemReorderContext();
  const subscribe = useCallback((listener: () => void) => reorder.subscribeItem(itemKey, listener), [reorder, itemKey]);
  const shift = useSyncExternalStore(subscribe, () => reorder.shiftOf(itemKey));
  // Only the dragged item learns how it is dragged: a lift or a drop re-renders no other item.
  const draggedBy = useSyncExternalStore(subscribe, () => (reorder.draggedKey() === itemKey ? reorder.dragMode() : undefined));

  const itemRef = useCallback((element: HTMLElement | null) => (element ? reorder.registerItem(itemKey, element) : undefined), [reorder, itemKey]);
  const handleRef = useCallback((element: HTMLElement | null) => (element ? reorder.registerHandle(itemKey, element) : undefined), [reorder, itemKey]);

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const isDragging = reorder.draggedKey() === itemKey;
      if (!isDragging) {
        if (LIFT_OR_DROP.has(event.key) && reorder.lift({ key: itemKey, label, mode: 'keyboard' })) event.preventDefault();
        return;
      }
      if (LIFT_OR_DROP.has(event.key)) reorder.drop();
      else if (event.key === 'Escape') reorder.cancel();
      else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') reorder.step(1);
      else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') reorder.step(-1);
      else return;
      event.preventDefault();
    },
    [reorder, itemKey, label],
  );

  const handlePointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || reorder.draggedKey() !== undefined) return;
      const startX = event.clientX;
      const startY = event.clientY;
      let isLifted = false;
      let pointerY = startY;
      let scrollFrame = 0;
      // Near an edge the page scrolls a little every frame, and the item keeps following the pointer.
      const scrollAtEdge = () => {
        scrollFrame = 0;
        const speed = edgeScrollSpeed(pointerY);
        if (!isLifted || speed === 0) return;
        window.scrollBy(0, speed);
        reorder.follow(pointerY);
        scrollFrame = requestAnimationFrame(scrollAtEdge);
      };
      const move = (moved: globalThis.PointerEvent) => {
        pointerY = moved.clientY;
        if (!isLifted) {
          if (Math.hypot(moved.clientX - startX, moved.clientY - startY) < POINTER_DRAG_DISTANCE_PX) return;
          isLifted = reorder.lift({ key: itemKey, label, mode: 'pointer', pointerY: startY });
          if (!isLifted) return stop();
        }
        reorder.follow(pointerY);
        if (scrollFrame === 0) scrollFrame = requestAnimationFrame(scrollAtEdge);
      };
      const up = () => {
        if (isLifted) reorder.drop();
        stop();
      };
      const cancel = () => {
        reorder.cancel();
        stop();
      };
      const escape = (key: globalThis.KeyboardEvent) => {
        if (key.key === 'Escape') cancel();
      };
      function stop() {
        cancelAnimationFrame(scrollFrame);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', escape, true);
      }
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', escape, true);
    },
    [reorder, itemKey, label],
  );

  // A keyboard drag ends when the focus leaves its handle; a pointer drag ends with the pointer.
  const handleBlur = useCallback(() => {
    if (reorder.draggedKey() === itemKey && reorder.dragMode() === 'keyboard') reorder.cancel();
  }, [reorder, itemKey]);

  const isDragged = draggedBy !== undefined;
  // The items making room slide, and so does an item moved by the keyboard; one under the pointer follows it at once.
  const slides = shift !== 0 && draggedBy !== 'pointer';
  return {
    itemRef,
    itemClassName: [isDragged && classes.dragged, slides && classes.makingRoom].filter(Boolean).join(' ') || undefined,
    itemStyle: isDragged || shift !== 0 ? { transform: `translate3d(0, ${shift}px, 0)` } : undefined,
    handle: {
      ref: handleRef,
      'aria-pressed': isDragged,
      'aria-describedby': instructionsId,
      'aria-roledescription': 'sortable',
      onKeyDown: handleKeyDown,
      onPointerDown: handlePointerDown,
      onBlur: handleBlur,
    },
  };
}
