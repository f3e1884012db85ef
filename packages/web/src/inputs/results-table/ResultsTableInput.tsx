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
import { useProgressiveCount } from '../container-items/useProgressiveCount.ts';
import { ActionsMenu } from '../table/ActionsMenu.tsx';
import classes from '../table/Table.module.css';
import { ColumnDropdown, NEW_COLUMN } from './ColumnForm.tsx';

export interface ResultsTableInputProps {
  label: string;
  value: unknown;
  onChange: (value: ResultsTableValue | undefined) => void;
  onBlur: () => void;
  disabled: boolean;
}

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
  const shownRows = useProgressiveCount(table.rows.length);
  const columns = displayedResultColumns(table);
  const errors = new Map(validateResultsTable(table, '').map((error) => [error.path, error.message]));
  const rowCount = table.rows.length;
  return (
    <div className={classes.scroller}>
      <table className={classes.grid} aria-label={label}>
        <thead>
          <tr>
            {columns.map(({ column, index }) => (
              <th key={column.name} scope="col" className={classes.cell}>
                <ColumnHeader table={table} column={column} index={index} onChange={onChange} disabled={disabled} />
              </th>
            ))}
            <td className={classes.actions} />
          </tr>
        </thead>
        <tbody>
          {table.rows.slice(0, shownRows).map((row, rowIndex) => (
            <tr key={rowIndex} style={{ height: RESULTS_TABLE.rowHeight }}>
              {columns.map(({ column, index }) => {
                const cell = row.cells[index];
                const error = errors.get(resultCellPath('', rowIndex, column.name));
                const isShown = error !== undefined && (cell?.invalid === true || showRequired);
                return (
                  <td key={column.name} className={cell?.invalid ? `${classes.cell} ${classes.invalid}` : classes.cell}>
                    <CellBox
                      cell={cell}
                      label={`Row ${rowIndex + 1}, ${column.title}`}
                      error={isShown ? error : undefined}
                      disabled={disabled}
                      onBlur={onBlur}
                      onCommit={(text) => onChange(setResultsCell(table, { row: rowIndex, column: index, cell: cellFromText(text, column.format) }))}
                    />
                  </td>
                );
              })}
              <td className={classes.actions}>
                <ActionsMenu
                  label={`Row ${rowIndex + 1} actions`}
                  disabled={disabled}
                  actions={[
                    { label: 'Move row up', isDisabled: rowIndex === 0, onClick: () => onChange(moveResultsRow(table, { from: rowIndex, to: rowIndex - 1 })) },
                    { label: 'Move row down', isDisabled: rowIndex === rowCount - 1, onClick: () => onChange(moveResultsRow(table, { from: rowIndex, to: rowIndex + 1 })) },
                    { label: 'Remove row', isDanger: true, onClick: () => onChange(removeResultsRow(table, rowIndex)) },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The pure half of a results table (spec 002 §3, §4, §5): empty until created with a row count; then its title,
 * the predefined Rank, Person and Result columns, additional columns (title, pinned, format hint) and rows. Each
 * new row's rank is its row number and digit ranks are renumbered when rows move; a cell its column's format cannot
 * hold is flagged invalid at once, empty required cells and an empty title once the table has been left.
 */
export function ResultsTableInput({ label, value, onChange, onBlur, disabled }: ResultsTableInputProps) {
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
