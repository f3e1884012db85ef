import { memo, useCallback, useMemo } from 'react';
import { TEXT_BLOCK_LIMITS, isContainer, isEmpty, plainText, type InputDefinition, type InputType } from '@editor/domain';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { AddItemButton, ContainerFrame } from '../container-items/ContainerFrame.tsx';
import { ItemFrame } from '../container-items/ItemFrame.tsx';
import { itemInputOf } from '../container-items/itemInput.ts';
import { keepItems } from '../container-items/itemKeys.ts';
import { SortableItems } from '../container-items/SortableItems.tsx';
import { EMPTY_ROW, useItemList } from '../container-items/useItemList.ts';
import { ChildField } from '../field/Field.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';

/**
 * Types whose widget shows a multiple value itself: references (another widget lists them), a multiple select,
 * a multi-value service (spec 002 §4 "For multi-value service inputs the add form opens on Add") and containers.
 */
const TYPES_WITH_OWN_LIST: ReadonlySet<InputType> = new Set<InputType>(['asset', 'child-ref', 'select', 'service']);

/** Whether a multiple input is shown as a list of rows of its single widget (multiple texts, rich texts...). */
export function isRowList(input: InputDefinition): boolean {
  return input.multiple === true && !isContainer(input) && !TYPES_WITH_OWN_LIST.has(input.type);
}

/** A row that holds nothing: empty, or rich text without text. */
export function isEmptyRow(input: InputDefinition, row: unknown): boolean {
  if (isEmpty(row)) return true;
  return input.type === 'rich-text' && typeof row === 'string' && plainText(row).trim() === '';
}

/** Spec 002 §5 Lists: how many rows the list may hold (the text-block limits of spec 000 §9 unless the stencil says). */
export function maxRowsOf(input: InputDefinition): number | undefined {
  return input.constraints?.maxLength ?? TEXT_BLOCK_LIMITS[input.name];
}

interface ListRowProps {
  itemKey: string;
  index: number;
  input: InputDefinition;
  path: ValuePath;
  errorPath: string;
  disabled: boolean;
  canRemove: boolean;
  onRemove: (index: number) => void;
}

/** One row: the input's single-value widget at `path.index`. Memoised: typing in one row passes the others by. */
const ListRow = memo(function ListRow({ itemKey, index, input, path, errorPath, disabled, canRemove, onRemove }: ListRowProps) {
  const rowInput = useMemo(() => itemInputOf(input, index), [input, index]);
  return (
    <ItemFrame itemKey={itemKey} label={rowInput.view.label} disabled={disabled} onRemove={canRemove ? () => onRemove(index) : undefined}>
      <ChildField input={rowInput} step={index} path={path} errorPath={errorPath} disabled={disabled} />
    </ItemFrame>
  );
});

/**
 * A multiple input shown as rows of its single widget (spec 002 §5 Lists): the first row is always there, empty
 * later rows are dropped when focus leaves the list (not while someone types in a new row), the Add button stops
 * at maxLength, and rows are reordered by drag.
 */
export function ListWidget({ input, value, onChange, onBlur, disabled, errors, path, errorPath }: WidgetProps) {
  const { keys, current, emit, insert, remove, move } = useItemList({ value, path, onChange, placeholder: EMPTY_ROW });
  const maxRows = maxRowsOf(input);
  const canAdd = maxRows === undefined || keys.length < maxRows;
  const canRemove = keys.length > 1;

  const dropEmptyRows = useCallback(() => {
    const now = current();
    const kept = keepItems(now, (row, index) => index === 0 || !isEmptyRow(input, row));
    if (kept.length < now.list.length) emit(kept.every((row) => isEmptyRow(input, row)) ? [] : kept);
  }, [current, emit, input]);

  const rows = useMemo(
    () => (
      <SortableItems keys={keys} onMove={move}>
        {keys.map((key, index) => (
          <ListRow key={key} itemKey={key} index={index} input={input} path={path} errorPath={errorPath} disabled={disabled} canRemove={canRemove} onRemove={remove} />
        ))}
      </SortableItems>
    ),
    [keys, move, input, path, errorPath, disabled, canRemove, remove],
  );

  const handleLeave = () => {
    if (!disabled) dropEmptyRows();
    onBlur();
  };

  const body = useMemo(
    () => (
      <>
        {rows}
        {!disabled && <AddItemButton disabled={!canAdd} onClick={() => insert(current().list.length, undefined)} />}
      </>
    ),
    [rows, disabled, canAdd, insert, current],
  );

  return (
    <ContainerFrame input={input} errors={errors} onLeave={handleLeave}>
      {body}
    </ContainerFrame>
  );
}
