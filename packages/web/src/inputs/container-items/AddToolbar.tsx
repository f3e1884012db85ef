import { memo, useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconX } from '@tabler/icons-react';
import { INSERT_ICON, ItemButton, ItemInsertRow } from './ItemFrame.tsx';
import { releaseFocusWithin } from './releaseFocus.ts';

/** Spec 002 §9: "Add toolbar scroll step 300 px". */
export const ADD_TOOLBAR_SCROLL_STEP_PX = 300;

export interface AddChoice {
  name: string;
  label: string;
}

interface AddToolbarProps {
  choices: readonly AddChoice[];
  onAdd: (choiceName: string) => void;
  /** Names the toolbar for assistive technology, e.g. 'Add to Story'. */
  label: string;
}

interface Overflow {
  left: boolean;
  right: boolean;
}

/**
 * The buttons that add an item of each choice, in one row that scrolls sideways; when the choices do not fit,
 * scroll buttons move the row by the spec's step.
 */
export const AddToolbar = memo(function AddToolbar({ choices, onAdd, label }: AddToolbarProps) {
  const rowRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });

  // Follows the row's size and scroll position (the outside world) to show the scroll buttons. The observer's first
  // call comes after the browser's own layout, so opening a long story forces no extra one.
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return undefined;
    const update = () => {
      const left = row.scrollLeft > 0;
      const right = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    const observer = new ResizeObserver(update);
    observer.observe(row);
    row.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      row.removeEventListener('scroll', update);
    };
  }, []);

  const scroll = (direction: -1 | 1) => rowRef.current?.scrollBy({ left: direction * ADD_TOOLBAR_SCROLL_STEP_PX, behavior: 'smooth' });

  return (
    <Group gap={4} wrap="nowrap" role="toolbar" aria-label={label}>
      {overflow.left && (
        <ActionIcon variant="subtle" color="gray" onClick={() => scroll(-1)} aria-label="Scroll left">
          <IconChevronLeft size={16} />
        </ActionIcon>
      )}
      <div ref={rowRef} style={{ display: 'flex', gap: 4, overflowX: 'auto', scrollbarWidth: 'none', flex: 1, minWidth: 0 }}>
        {choices.map((choice) => (
          <Button
            key={choice.name}
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            style={{ flexShrink: 0 }}
            onClick={() => onAdd(choice.name)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
      {overflow.right && (
        <ActionIcon variant="subtle" color="gray" onClick={() => scroll(1)} aria-label="Scroll right">
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
    </Group>
  );
});

interface InsertToolbarProps {
  choices: readonly AddChoice[];
  onInsert: (choiceName: string) => void;
  /** The item it sits on, e.g. 'Quote 3'. */
  itemLabel: string;
}

/**
 * The add toolbar at the top of an item, which inserts before it. Closed it is one small button, so a long list
 * does not render every choice for every item; a list with one kind of item inserts at once.
 */
export function InsertToolbar({ choices, onInsert, itemLabel }: InsertToolbarProps) {
  const [isOpen, setIsOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [onlyChoice] = choices;
  const label = `Add above ${itemLabel}`;

  if (!isOpen) {
    const handleClick = () => (choices.length === 1 && onlyChoice ? onInsert(onlyChoice.name) : setIsOpen(true));
    return (
      <ItemInsertRow>
        <ItemButton onClick={handleClick} aria-label={label}>
          {INSERT_ICON}
        </ItemButton>
      </ItemInsertRow>
    );
  }
  // The toolbar goes away with the focus in it (`releaseFocusWithin`).
  const close = () => {
    releaseFocusWithin(toolbarRef.current);
    setIsOpen(false);
  };
  const handleAdd = (choiceName: string) => {
    close();
    onInsert(choiceName);
  };
  return (
    <Group ref={toolbarRef} gap={4} wrap="nowrap" mb={4}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <AddToolbar choices={choices} onAdd={handleAdd} label={label} />
      </div>
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={close} aria-label="Close">
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
