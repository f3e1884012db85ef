import { memo, useCallback, useMemo } from 'react';
import type { InputDefinition } from '@editor/domain';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { ChildField } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { InsertToolbar, type AddChoice } from './AddToolbar.tsx';
import { AddItemButton, ContainerFrame } from './ContainerFrame.tsx';
import { ItemFrame } from './ItemFrame.tsx';
import { itemInputOf } from './itemInput.ts';
import { SortableItems } from './SortableItems.tsx';
import { EMPTY_CONTAINER_ITEM, useItemList } from './useItemList.ts';

/** Spec 002 §4: "Containers that start with one item: interview-answers (one interview-answer) and fact-content-container (one fact-content)." */
export const STARTS_WITH_ONE_ITEM: readonly string[] = ['interview-answers', 'fact-content-container'];

/**
 * Spec 002 §4: "The fact-content, accordion, info-block-group and schedule containers show no add toolbar at the top
 * of a single item." Their items live in the multiple container inside them (facts, sections, info blocks, items).
 */
export const NO_TOP_TOOLBAR_ON_SINGLE_ITEM: readonly string[] = ['fact-content', 'accordion', 'info-block-group', 'schedule'];

/** The name of the input a nested input belongs to, read from its error path (`story-content.3.accordion.accordion-items`). */
function parentNameOf(errorPath: string): string | undefined {
  return errorPath.split('.').at(-2);
}

interface ContainerItemProps {
  itemKey: string;
  index: number;
  input: InputDefinition;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
  /** The shown empty item that is not in the value yet: nothing to remove. */
  isPlaceholder: boolean;
  hasTopToolbar: boolean;
  onInsert: (index: number) => void;
  onRemove: (index: number) => void;
}

/** One item: the same container as a single value, at `path.index`. Memoised: a change inside another item passes it by. */
const ContainerItem = memo(function ContainerItem(props: ContainerItemProps) {
  const { itemKey, index, input, path, errorPath, disabled, isPlaceholder, hasTopToolbar, onInsert, onRemove } = props;
  const itemInput = useMemo(() => itemInputOf(input, index), [input, index]);
  const label = itemInput.view.label;
  const choices = useMemo<AddChoice[]>(() => [{ name: input.name, label: input.view.label }], [input]);
  return (
    <ItemFrame
      itemKey={itemKey}
      label={label}
      disabled={disabled}
      onRemove={isPlaceholder ? undefined : () => onRemove(index)}
      above={hasTopToolbar && !disabled ? <InsertToolbar choices={choices} onInsert={() => onInsert(index)} itemLabel={label} /> : undefined}
    >
      <ChildField input={itemInput} step={index} path={path} errorPath={errorPath} disabled={disabled} />
    </ItemFrame>
  );
});

/**
 * A multiple container or ordered container (custom properties, facts, sections): items added at the end or above
 * an item, removed, and reordered by drag. Each item is the single container's widget, through `Field`.
 */
export function ContainerListWidget({ input, value, onChange, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const list = useItemList({ value, path, onChange, placeholder: STARTS_WITH_ONE_ITEM.includes(input.name) ? EMPTY_CONTAINER_ITEM : undefined });
  const { keys, isPlaceholder, insert, remove, move } = list;
  const hidesTopToolbarOnSingle = NO_TOP_TOOLBAR_ON_SINGLE_ITEM.includes(parentNameOf(errorPath) ?? '');
  const hasTopToolbar = keys.length > 1 || !hidesTopToolbarOnSingle;
  const newItem = input.type === 'ordered-container' ? newOrderedItem : newContainerItem;
  const handleInsert = useCallback((index: number) => insert(index, newItem()), [insert, newItem]);

  const items = useMemo(
    () => (
      <SortableItems keys={keys} onMove={move}>
        {keys.map((key, index) => (
          <ContainerItem
            key={key}
            itemKey={key}
            index={index}
            input={input}
            path={path}
            errorPath={errorPath}
            disabled={disabled}
            isPlaceholder={isPlaceholder}
            hasTopToolbar={hasTopToolbar}
            onInsert={handleInsert}
            onRemove={remove}
          />
        ))}
      </SortableItems>
    ),
    [keys, move, input, path, errorPath, disabled, isPlaceholder, hasTopToolbar, handleInsert, remove],
  );

  const count = keys.length;
  const body = useMemo(
    () => (
      <>
        {count > 0 && items}
        {!disabled && <AddItemButton onClick={() => handleInsert(count)} />}
      </>
    ),
    [count, items, disabled, handleInsert],
  );

  return (
    <ContainerFrame input={input} errors={errors} onLeave={onBlur}>
      {body}
    </ContainerFrame>
  );
}

const newContainerItem = (): Record<string, unknown> => ({});
const newOrderedItem = (): unknown[] => [];
