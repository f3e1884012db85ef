import { VALIDATION_MESSAGES } from './messages.ts';
import type { ValidationError } from './validationError.ts';

/** Spec 002 §3: the predefined results-table columns; a row needs a value in each of them. */
export const REQUIRED_RESULT_COLUMNS: readonly string[] = ['rank', 'person', 'mainResult'];

/** Spec 002 §5 tables: a table is created with a positive whole number of rows and of columns. */
export function canCreateTable(size: { rows: number; columns: number }): boolean {
  return Number.isInteger(size.rows) && size.rows > 0 && Number.isInteger(size.columns) && size.columns > 0;
}

/**
 * Spec 002 §5 tables: a CSV import (empty lines already skipped, header first) fails with the field-mismatch
 * message when any row has a different number of cells than the header.
 */
export function checkCsvFieldCount(rows: readonly (readonly string[])[]): string | undefined {
  const [header, ...body] = rows;
  if (!header) return undefined;
  return body.some((row) => row.length !== header.length) ? VALIDATION_MESSAGES.csvFieldMismatch : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlankCell(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Spec 002 §5 tables: a results table has an error when its title is empty (path `{path}.title`) or a row leaves a
 * predefined column empty (path `{path}.rows.{row}.{column name}`). Values of another shape are left to the shape check.
 */
export function validateResultsTable(value: unknown, path: string): ValidationError[] {
  if (!isRecord(value)) return [];
  const errors: ValidationError[] = [];
  if (typeof value.title !== 'string' || value.title.trim() === '') {
    errors.push({ path: `${path}.title`, message: VALIDATION_MESSAGES.required });
  }
  const columns = Array.isArray(value.columns) ? value.columns : [];
  const required = columns.flatMap((column: unknown, index) =>
    isRecord(column) && typeof column.name === 'string' && REQUIRED_RESULT_COLUMNS.includes(column.name)
      ? [{ index, name: column.name }]
      : [],
  );
  const rows = Array.isArray(value.rows) ? value.rows : [];
  rows.forEach((row: unknown, rowIndex) => {
    const cells: unknown[] = isRecord(row) && Array.isArray(row.cells) ? row.cells : [];
    for (const column of required) {
      const cell = cells[column.index];
      if (isBlankCell(isRecord(cell) ? cell.value : undefined)) {
        errors.push({ path: `${path}.rows.${rowIndex}.${column.name}`, message: VALIDATION_MESSAGES.required });
      }
    }
  });
  return errors;
}
