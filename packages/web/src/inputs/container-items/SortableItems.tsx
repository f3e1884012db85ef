import { createContext, memo, useCallback, useContext, useId, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import classes from './ItemFrame.module.css';
import { createItemReorder, type ItemReorder } from './itemReorder.ts';

const ItemReorderContext = createContext<{ reorder: ItemReorder; instructionsId: string } | null>(null);

/** The drag state of the list around an item (`ItemFrame`). */
export function useItemReorderContext(): { reorder: ItemReorder; instructionsId: string } {
  const context = useContext(ItemReorderContext);
  if (!context) throw new Error('An item frame needs the SortableItems of its list around it.');
  return context;
}

interface SortableItemsProps {
  keys: readonly string[];
  /** Called when an item was dropped at another place. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/** Tells a screen reader what the drag does, in a region of its own. */
function DragAnnouncement({ reorder }: { reorder: ItemReorder }) {
  const announcement = useSyncExternalStore(reorder.subscribe, reorder.announcement);
  return (
    <div className={classes.visuallyHidden} role="status" aria-live="assertive" aria-atomic="true">
      {announcement}
    </div>
  );
}

/**
 * One drag state for a whole list (never one per item): items are dragged by their handle, with the pointer or with
 * the keyboard (Space to lift, arrows to move, Space to drop, Escape to cancel). Its context never changes, so an
 * edit of the list re-renders only the items whose own props changed.
 */
export const SortableItems = memo(function SortableItems({ keys, onMove, children }: SortableItemsProps) {
  const [reorder] = useState(createItemReorder);
  const instructionsId = useId();
  const [context] = useState(() => ({ reorder, instructionsId }));
  useLayoutEffect(() => reorder.setList({ keys, onMove }), [reorder, keys, onMove]);
  const listRef = useCallback((element: HTMLDivElement | null) => reorder.setListElement(element), [reorder]);
  return (
    <ItemReorderContext.Provider value={context}>
      <div ref={listRef} className={classes.list}>
        {children}
      </div>
      <div id={instructionsId} className={classes.visuallyHidden}>
        To pick up a draggable item, press the space bar. While dragging, use the arrow keys to move the item. Press space again to drop the item in its new
        position, or press escape to cancel.
      </div>
      <DragAnnouncement reorder={reorder} />
    </ItemReorderContext.Provider>
  );
});
