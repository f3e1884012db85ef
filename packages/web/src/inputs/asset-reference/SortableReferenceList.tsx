import { Fragment, type ReactNode } from 'react';
import { ActionIcon, SimpleGrid, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReferenceCardLayout } from './ReferenceCard.tsx';

interface SortableReferenceListProps {
  /** One stable key per item (see referenceKeys). */
  itemKeys: readonly string[];
  layout: ReferenceCardLayout;
  isSortable: boolean;
  onMove: (from: number, to: number) => void;
  /** Renders the item at `index`; `handle` is its drag handle while the list is sortable. */
  renderItem: (index: number, handle: ReactNode) => ReactNode;
}

function Layout({ layout, children }: { layout: ReferenceCardLayout; children: ReactNode }) {
  return layout === 'tile' ? (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs">
      {children}
    </SimpleGrid>
  ) : (
    <Stack gap={6}>{children}</Stack>
  );
}

function SortableItem({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label="Drag to reorder"
    >
      <IconGripVertical size={16} stroke={1.6} />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}>
      {children(handle)}
    </div>
  );
}

/** The cards of a reference list; several references an editor may change are reordered by dragging their handle (or with the keyboard). */
export function SortableReferenceList({ itemKeys, layout, isSortable, onMove, renderItem }: SortableReferenceListProps) {
  const sensors = useSensors(
    // A click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (!isSortable) {
    return (
      <Layout layout={layout}>
        {itemKeys.map((key, index) => (
          <Fragment key={key}>{renderItem(index, null)}</Fragment>
        ))}
      </Layout>
    );
  }
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(itemKeys.indexOf(String(active.id)), itemKeys.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <SortableContext items={[...itemKeys]} strategy={layout === 'tile' ? rectSortingStrategy : verticalListSortingStrategy}>
        <Layout layout={layout}>
          {itemKeys.map((key, index) => (
            <SortableItem key={key} id={key}>
              {(handle) => renderItem(index, handle)}
            </SortableItem>
          ))}
        </Layout>
      </SortableContext>
    </DndContext>
  );
}
