import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import classes from './ItemFrame.module.css';
import { VIEWPORT_GROUP_ATTRIBUTE } from '../nearViewport.ts';
import { controlAfterRemoval, focusAfterPaint, releaseFocusWithin } from './releaseFocus.ts';
import { useItemDrag } from './useItemDrag.ts';

interface ItemButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button's accessible name; the button shows only its icon. */
  'aria-label': string;
  ref?: Ref<HTMLButtonElement>;
}

// Elements made once: an item whose label changes (an edit above it renumbered it) leaves its icons as they are.
const GRIP_ICON = <IconGripVertical size={16} />;
const TRASH_ICON = <IconTrash size={16} />;
/** The icon of the button that opens an item's insert toolbar. */
export const INSERT_ICON = <IconPlus size={14} />;

/** A small icon button of an item's chrome: a plain button, cheap enough to repeat for every item of a long story. */
export function ItemButton({ className, ...props }: ItemButtonProps) {
  return <button type="button" className={className ? `${classes.iconButton} ${className}` : classes.iconButton} {...props} />;
}

/** The row at the top of an item that holds its add toolbar. */
export function ItemInsertRow({ children }: { children: ReactNode }) {
  return <div className={classes.insert}>{children}</div>;
}

/** The element around a chunk of a long list's items (`useItemChunks`). */
export function ItemChunkFrame({ items, children }: { items: number; children: ReactNode }) {
  return (
    <div className={classes.chunk} style={{ containIntrinsicSize: `auto ${items * ESTIMATED_ITEM_PX}px` }} {...VIEWPORT_GROUP}>
      {children}
    </div>
  );
}

/** An item's height before it was first laid out with its gap to the next (`.item` in `ItemFrame.module.css`: 124 px and `xs`). */
const ESTIMATED_ITEM_PX = 132;
/** The texts of a chunk start their editors when the chunk comes near the viewport (`whenNearViewport`). */
const VIEWPORT_GROUP = { [VIEWPORT_GROUP_ATTRIBUTE]: '' };

/** Marks an item's own Remove button, which the focus moves to when the item before it is removed. */
const REMOVE_BUTTON = { 'data-item-remove': '' };
const ITEM_PARTS = {
  isItem: (element: Element) => element.classList.contains(classes.item ?? ''),
  isChunk: (element: Element) => element.classList.contains(classes.chunk ?? ''),
  // The item's own, in its header: a container item's nested items come after it.
  controlOf: (item: Element) => item.querySelector<HTMLElement>(`:scope > .${classes.frame} > .${classes.header} [data-item-remove]`),
};

interface ItemFrameProps {
  /** The item's identity in its list's drag state. */
  itemKey: string;
  /** Names the item for assistive technology and its buttons, e.g. 'Quote 3'. */
  label: string;
  /** Hides the drag handle and every action (spec 002 §5: editing is blocked). */
  disabled: boolean;
  /** Absent when the item cannot be removed. */
  onRemove?: (() => void) | undefined;
  /** More header actions (merge). */
  actions?: ReactNode;
  /** Shown above the item (the add toolbar at the top of an item). */
  above?: ReactNode;
  children?: ReactNode;
}

/**
 * The chrome of one item of a sortable list: drag handle, actions and remove. It is the only part of an item that
 * follows the drag; the item's fields come in as `children` and are not re-rendered by a drag.
 */
export function ItemFrame({ itemKey, label, disabled, onRemove, actions, above, children }: ItemFrameProps) {
  const { itemRef, itemClassName, itemStyle, handle } = useItemDrag({ itemKey, label });
  return (
    <div ref={itemRef} className={itemClassName ? `${classes.item} ${itemClassName}` : classes.item} style={itemStyle}>
      {above}
      <div className={classes.frame} role="group" aria-label={label}>
        {!disabled && (
          <div className={classes.header}>
            <ItemButton className={classes.handle} {...handle} aria-label={`Reorder ${label}`}>
              {GRIP_ICON}
            </ItemButton>
            <div className={classes.actions}>
              {actions}
              {onRemove && (
                <ItemButton
                  onClick={(event) => {
                    const item = event.currentTarget.closest(`.${classes.item}`);
                    const next = item && controlAfterRemoval(item, ITEM_PARTS);
                    releaseFocusWithin(event.currentTarget);
                    onRemove();
                    focusAfterPaint(next);
                  }}
                  aria-label={`Remove ${label}`}
                  {...REMOVE_BUTTON}
                >
                  {TRASH_ICON}
                </ItemButton>
              )}
            </div>
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
