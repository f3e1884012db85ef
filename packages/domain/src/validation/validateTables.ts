import { isRecord } from '../isRecord.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { checkRichTextLinks } from './richTextLinks.ts';
import type { ValidationError } from './validationError.ts';

/** Spec 002 §3: the predefined results-table columns; a row needs a value in each of them. */
export const REQUIRED_RESULT_COLUMNS: readonly string[] = ['rank', 'person', 'mainResult'];

/**
 * Spec 002 §5 "cells can be flagged invalid": the message of a cell whose text its column's format hint cannot hold
 * (the spec gives none; spec 000 §5's pattern message says what is wrong, see docs/decisions.md).
 */
export const INVALID_CELL_MESSAGE = VALIDATION_MESSAGES.pattern;

/**
 * Spec 002 §5 tables: a CSV import (empty lines already skipped, header first) fails with the field-mismatch
 * message when any row has a different number of cells than the header.
 */
export function checkCsvFieldCount(rows: readonly (readonly string[])[]): string | undefined {
  const [header, ...body] = rows;
  if (!header) return undefined;
  return body.some((row) => row.length !== header.length) ? VALIDATION_MESSAGES.csvFieldMismatch : undefined;
}

/** The path of a cell's error: `{path}.rows.{row}.{column name}`. */
export function resultCellPath(path: string, row: number, columnName: string): string {
  return `${path}.rows.${row}.${columnName}`;
}


function isBlankCell(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Spec 002 §5 tables: a results table has an error when its title is empty (path `{path}.title`) or a row leaves a
 * predefined column empty (path `{path}.rows.{row}.{column name}`), and a cell flagged invalid is an error at its
 * path too. Values of another shape are left to the shape check.
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
        errors.push({ path: resultCellPath(path, rowIndex, column.name), message: VALIDATION_MESSAGES.required });
      }
    }
    cells.forEach((cell, columnIndex) => {
      const column: unknown = columns[columnIndex];
      if (isRecord(cell) && cell.invalid === true && isRecord(column) && typeof column.name === 'string') {
        errors.push({ path: resultCellPath(path, rowIndex, column.name), message: INVALID_CELL_MESSAGE });
      }
    });
  });
  return errors;
}

/**
 * Spec 002 §3 simple table: each cell is rich text, so its external links pass the link check of spec 000 §5
 * (path `{path}.rows.{row}.cells.{column}`). Values of another shape are left to the shape check.
 */
export function validateSimpleTable(value: unknown, path: string): ValidationError[] {
  if (!isRecord(value) || !Array.isArray(value.rows)) return [];
  return value.rows.flatMap((row: unknown, rowIndex) => {
    const cells: unknown[] = isRecord(row) && Array.isArray(row.cells) ? row.cells : [];
    return cells.flatMap((cell, columnIndex) => {
      const html = isRecord(cell) && typeof cell.value === 'string' ? cell.value : '';
      const failure = checkRichTextLinks(html);
      return failure ? [{ path: `${path}.rows.${rowIndex}.cells.${columnIndex}`, message: failure.message }] : [];
    });
  });
}
