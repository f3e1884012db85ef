import { useId, useMemo, useState } from 'react';
import { Alert, Button, Group, List, NumberInput, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  addTableColumn,
  addTableRow,
  canCreateTable,
  canRemoveTableColumn,
  createTable,
  moveTableColumn,
  moveTableRow,
  removeTableColumn,
  removeTableRow,
  setTableCell,
  setTableColumnTitle,
  tableValueSchema,
  validateSimpleTable,
  type RichTextRules,
  type TableValue,
} from '@editor/domain';
import { RichTextInput } from '../rich-text/RichTextInput.tsx';
import { NO_ASSET_IDS } from '../rich-text/useLinkedAssetCheck.ts';
import type { InputProps } from '../field/widgetProps.ts';
import { ActionsMenu } from './ActionsMenu.tsx';
import { CsvImportButton } from './CsvImportButton.tsx';
import { GridTable, rowMenuActions } from './GridTable.tsx';
import type { TableCsvResult } from './parseTableCsv.ts';

/** A table cell is one paragraph of rich text: bold, italic, links; no headings or lists (spec 002 §3). */
export const CELL_TEXT_OPTIONS: RichTextRules = { isSingleParagraph: true, headingLevels: [] };

export type TableInputProps = InputProps<TableValue>;

function parsedTable(value: unknown): TableValue | undefined {
  const parsed = tableValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Spec 002 §4: an empty table is created with row and column counts (both positive integers, spec 002 §5). */
function CreateTableForm({ onCreate, disabled }: { onCreate: (table: TableValue) => void; disabled: boolean }) {
  const [rows, setRows] = useState<number | string>('');
  const [columns, setColumns] = useState<number | string>('');
  const size = { rows: Number(rows === '' ? Number.NaN : rows), columns: Number(columns === '' ? Number.NaN : columns) };
  const table = canCreateTable(size) ? createTable(size) : undefined;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput label="Rows" value={rows} onChange={setRows} min={1} clampBehavior="none" allowDecimal={false} allowNegative={false} disabled={disabled} w={100} size="xs" />
      <NumberInput label="Columns" value={columns} onChange={setColumns} min={1} clampBehavior="none" allowDecimal={false} allowNegative={false} disabled={disabled} w={100} size="xs" />
      <Button size="xs" disabled={disabled || !table} onClick={() => table && onCreate(table)}>
        Create
      </Button>
    </Group>
  );
}

/** One cell's rich text, the shared rich-text input in one paragraph, named 'Row 2, column 3', with its link error. */
export function CellText({ html, label, error, onChange, onBlur, disabled }: { html: string; label: string; error: string | undefined; onChange: (html: string) => void; onBlur: () => void; disabled: boolean }) {
  const id = useId();
  const textbox = useMemo(
    () => ({ 'aria-labelledby': id, 'aria-describedby': error === undefined ? undefined : `${id}-error`, 'aria-invalid': error === undefined ? undefined : ('true' as const) }),
    [id, error],
  );
  return (
    <>
      <VisuallyHidden id={id}>{label}</VisuallyHidden>
      <RichTextInput
        value={html === '' ? undefined : html}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        disabled={disabled}
        options={CELL_TEXT_OPTIONS}
        missingAssetIds={NO_ASSET_IDS}
        textbox={textbox}
      />
      {error !== undefined && (
        <Text id={`${id}-error`} c="red" size="xs" mt={2}>
          {error}
        </Text>
      )}
    </>
  );
}

function TableGrid({ label, table, onChange, onBlur, disabled }: { label: string; table: TableValue; onChange: (table: TableValue) => void; onBlur: () => void; disabled: boolean }) {
  // Spec 000 §5 link check of each cell's rich text, the rule the server applies.
  const cellErrors = new Map(validateSimpleTable(table, '').map((error) => [error.path, error.message]));
  const columnCount = table.columns.length;
  const columns = table.columns.map((column, index) => ({
    key: index,
    header: (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          aria-label={`Column ${index + 1} title`}
          value={column.title}
          disabled={disabled}
          onChange={(event) => onChange(setTableColumnTitle(table, { column: index, title: event.currentTarget.value }))}
          onBlur={onBlur}
        />
        <ActionsMenu
          label={`Column ${index + 1} actions`}
          disabled={disabled}
          actions={[
            { label: 'Move column left', isDisabled: index === 0, onClick: () => onChange(moveTableColumn(table, { from: index, to: index - 1 })) },
            { label: 'Move column right', isDisabled: index === columnCount - 1, onClick: () => onChange(moveTableColumn(table, { from: index, to: index + 1 })) },
            { label: 'Add column before', onClick: () => onChange(addTableColumn(table, index)) },
            { label: 'Add column after', onClick: () => onChange(addTableColumn(table, index + 1)) },
            { label: 'Remove column', isDanger: true, isDisabled: !canRemoveTableColumn(table), onClick: () => onChange(removeTableColumn(table, index)) },
          ]}
        />
      </Group>
    ),
  }));
  return (
    <GridTable
      label={label}
      columns={columns}
      rowCount={table.rows.length}
      disabled={disabled}
      renderCell={({ row, column }) => (
        <CellText
          html={table.rows[row]?.cells[column]?.value ?? ''}
          label={`Row ${row + 1}, column ${column + 1}`}
          error={cellErrors.get(`.rows.${row}.cells.${column}`)}
          onChange={(html) => onChange(setTableCell(table, { row, column, value: html }))}
          onBlur={onBlur}
          disabled={disabled}
        />
      )}
      rowActions={(row) =>
        rowMenuActions({
          row,
          rowCount: table.rows.length,
          onMove: (to) => onChange(moveTableRow(table, { from: row, to })),
          onRemove: () => onChange(removeTableRow(table, row)),
          more: [
            { label: 'Add row above', onClick: () => onChange(addTableRow(table, row)) },
            { label: 'Add row below', onClick: () => onChange(addTableRow(table, row + 1)) },
          ],
        })
      }
    />
  );
}

/**
 * The pure half of a simple table (spec 002 §3, §4, §5): empty until created with row and column counts or
 * imported from CSV; then a grid of rich-text cells with titled columns, rows and columns added, removed and moved
 * from their menus (never below one column). The CSV import's errors stay listed above the grid, so a ragged row
 * can be fixed there.
 */
export function TableInput({ input, value, onChange, onBlur, disabled }: TableInputProps) {
  const label = input.view.label;
  const table = parsedTable(value);
  const [importErrors, setImportErrors] = useState<readonly string[]>([]);

  function handleImport(result: TableCsvResult) {
    setImportErrors(result.errors);
    if (result.table) onChange(result.table);
  }

  return (
    <Stack gap="xs">
      {importErrors.length > 0 && (
        <Alert color="red" variant="light" p="xs" aria-label="CSV import errors">
          <List size="sm">
            {importErrors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {table ? (
        <>
          <TableGrid label={label} table={table} onChange={onChange} onBlur={onBlur} disabled={disabled} />
          {!disabled && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => onChange(addTableRow(table))}>
                Add row
              </Button>
              <Button size="xs" variant="light" onClick={() => onChange(addTableColumn(table))}>
                Add column
              </Button>
              <CsvImportButton onImport={handleImport} disabled={disabled} />
            </Group>
          )}
        </>
      ) : (
        <Group align="flex-end" gap="md">
          <CreateTableForm onCreate={onChange} disabled={disabled} />
          <CsvImportButton onImport={handleImport} disabled={disabled} />
        </Group>
      )}
    </Stack>
  );
}
