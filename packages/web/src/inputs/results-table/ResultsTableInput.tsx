import { useState } from 'react';
import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import {
  addResultsColumn,
  addResultsRow,
  canCreateResultsTable,
  cellFromText,
  cellText,
  createResultsTable,
  displayedResultColumns,
  isPredefinedResultColumn,
  moveResultsRow,
  removeResultsColumn,
  removeResultsRow,
  resultCellPath,
  resultsTableValueSchema,
  RESULTS_TABLE,
  setResultsCell,
  setResultsTitle,
  updateResultsColumn,
  validateResultsTable,
  type ResultCell,
  type ResultColumn,
  type ResultsTableValue,
} from '@editor/domain';
import type { InputProps } from '../field/widgetProps.ts';
import { GridTable, rowMenuActions } from '../table/GridTable.tsx';
import { ColumnDropdown, NEW_COLUMN } from './ColumnForm.tsx';

export type ResultsTableInputProps = InputProps<ResultsTableValue>;

function parsedTable(value: unknown): ResultsTableValue | undefined {
  const parsed = resultsTableValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Spec 002 §4: empty until a row count above 0 is given and Create is pressed. */
function CreateResultsTableForm({ onCreate, disabled }: { onCreate: (table: ResultsTableValue) => void; disabled: boolean }) {
  const [rows, setRows] = useState<number | string>(RESULTS_TABLE.defaultRows);
  const count = rows === '' ? Number.NaN : Number(rows);
  const table = canCreateResultsTable(count) ? createResultsTable(count) : undefined;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput label="Rows" value={rows} onChange={setRows} min={1} clampBehavior="none" allowDecimal={false} allowNegative={false} disabled={disabled} w={100} size="xs" />
      <Button size="xs" disabled={disabled || !table} onClick={() => table && onCreate(table)}>
        Create
      </Button>
    </Group>
  );
}

/**
 * One cell's text box. Typing stays here and the cell is set when the box is left (or Enter is pressed), so a
 * number column can be typed through '1.' on the way to '1.5'; the column's format hint reads the text then.
 */
function CellBox({ cell, label, error, onCommit, onBlur, disabled }: { cell: ResultCell | undefined; label: string; error: string | undefined; onCommit: (text: string) => void; onBlur: () => void; disabled: boolean }) {
  const shown = cellText(cell?.value);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  function commit() {
    if (draft !== undefined && draft !== shown) onCommit(draft);
    setDraft(undefined);
  }
  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={draft ?? shown}
      error={error}
      disabled={disabled}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      onBlur={() => {
        commit();
        onBlur();
      }}
    />
  );
}

function ColumnHeader({ table, column, index, onChange, disabled }: { table: ResultsTableValue; column: ResultColumn; index: number; onChange: (table: ResultsTableValue) => void; disabled: boolean }) {
  if (isPredefinedResultColumn(column)) return <>{column.title}</>;
  return (
    <ColumnDropdown
      buttonLabel={`Column ${column.title} settings`}
      button={column.pinned ? `${column.title} (pinned)` : column.title}
      initial={{ title: column.title, pinned: column.pinned === true, format: column.format === 'int' ? 'integer' : (column.format ?? 'text') }}
      submitLabel="Apply"
      onSubmit={(settings) => onChange(updateResultsColumn(table, { index, ...settings }))}
      onRemove={() => onChange(removeResultsColumn(table, index))}
      disabled={disabled}
    />
  );
}

function ResultsGrid({ label, table, onChange, onBlur, disabled, showRequired }: { label: string; table: ResultsTableValue; onChange: (table: ResultsTableValue) => void; onBlur: () => void; disabled: boolean; showRequired: boolean }) {
  const displayed = displayedResultColumns(table);
  const errors = new Map(validateResultsTable(table, '').map((error) => [error.path, error.message]));
  const columns = displayed.map(({ column, index }) => ({
    key: column.name,
    header: <ColumnHeader table={table} column={column} index={index} onChange={onChange} disabled={disabled} />,
  }));
  const cellAt = (row: number, column: number) => {
    const shown = displayed[column];
    return shown ? { ...shown, cell: table.rows[row]?.cells[shown.index] } : undefined;
  };
  return (
    <GridTable
      label={label}
      columns={columns}
      rowCount={table.rows.length}
      rowStyle={{ height: RESULTS_TABLE.rowHeight }}
      disabled={disabled}
      isInvalidCell={({ row, column }) => cellAt(row, column)?.cell?.invalid === true}
      renderCell={({ row, column: position }) => {
        const at = cellAt(row, position);
        if (!at) return null;
        const { column, index, cell } = at;
        const error = errors.get(resultCellPath('', row, column.name));
        const isShown = error !== undefined && (cell?.invalid === true || showRequired);
        return (
          <CellBox
            cell={cell}
            label={`Row ${row + 1}, ${column.title}`}
            error={isShown ? error : undefined}
            disabled={disabled}
            onBlur={onBlur}
            onCommit={(text) => onChange(setResultsCell(table, { row, column: index, cell: cellFromText(text, column.format) }))}
          />
        );
      }}
      rowActions={(row) =>
        rowMenuActions({
          row,
          rowCount: table.rows.length,
          onMove: (to) => onChange(moveResultsRow(table, { from: row, to })),
          onRemove: () => onChange(removeResultsRow(table, row)),
        })
      }
    />
  );
}

/**
 * The pure half of a results table (spec 002 §3, §4, §5): empty until created with a row count; then its title,
 * the predefined Rank, Person and Result columns, additional columns (title, pinned, format hint) and rows. Each
 * new row's rank is its row number and digit ranks are renumbered when rows move; a cell its column's format cannot
 * hold is flagged invalid at once, empty required cells and an empty title once the table has been left.
 */
export function ResultsTableInput({ input, value, onChange, onBlur, disabled }: ResultsTableInputProps) {
  const label = input.view.label;
  const table = parsedTable(value);
  const [isTouched, setIsTouched] = useState(false);
  if (!table) return <CreateResultsTableForm onCreate={onChange} disabled={disabled} />;

  function handleBlur() {
    setIsTouched(true);
    onBlur();
  }
  const titleError = isTouched ? validateResultsTable(table, '').find((error) => error.path === '.title')?.message : undefined;

  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        label="Title"
        required
        value={table.title}
        error={titleError}
        disabled={disabled}
        onChange={(event) => onChange(setResultsTitle(table, event.currentTarget.value))}
        onBlur={handleBlur}
      />
      <ResultsGrid label={label} table={table} onChange={onChange} onBlur={handleBlur} disabled={disabled} showRequired={isTouched} />
      {!disabled && (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onChange(addResultsRow(table))}>
            Add row
          </Button>
          <ColumnDropdown
            buttonLabel="Add column"
            button="Add column"
            initial={NEW_COLUMN}
            submitLabel="Add"
            onSubmit={(settings) => onChange(addResultsColumn(table, settings))}
            disabled={disabled}
          />
        </Group>
      )}
    </Stack>
  );
}
