import { memo, useCallback, type ReactNode } from 'react';
import classes from './ItemFrame.module.css';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardSensorOptions,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';

// Module-level so that the sensors keep their identity across renders.
const POINTER_OPTIONS: PointerSensorOptions = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS: KeyboardSensorOptions = { coordinateGetter: sortableKeyboardCoordinates };

interface SortableItemsProps {
  keys: readonly string[];
  /** Called when an item was dropped at another place. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * One drag-and-drop context for a whole list (never one per item): items are dragged by their handle, with the
 * pointer or with the keyboard (Space to lift, arrows to move, Space to drop).
 */
export const SortableItems = memo(function SortableItems({ keys, onMove, children }: SortableItemsProps) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const handleDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = keys.indexOf(String(active.id));
      const to = keys.indexOf(String(over.id));
      if (from >= 0 && to >= 0) onMove(from, to);
    },
    [keys, onMove],
  );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <SortableContext items={keys as string[]} strategy={verticalListSortingStrategy}>
        <div className={classes.list}>{children}</div>
      </SortableContext>
    </DndContext>
  );
});
