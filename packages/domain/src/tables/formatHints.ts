import { RESULT_FORMATS, type ResultsTableValue } from '../asset/values.ts';

export type ResultFormat = (typeof RESULT_FORMATS)[number];
/** The value of one cell of a results table, which a format hint converts. */
export type ResultCellValue = ResultsTableValue['rows'][number]['cells'][number]['value'];

/** Spec 002 §9: the format hints an additional results-table column offers. */
export const RESULT_FORMAT_HINTS = ['asset', 'float', 'integer', 'percent', 'points', 'text', 'timestamp'] as const satisfies readonly ResultFormat[];

/** Spec 002 §5: text-like and asset-like formats, whose values can replace each other. */
const FREE_FORMATS: ReadonlySet<ResultFormat> = new Set(['text', 'asset']);

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
/** A race time or gap: seconds, m:ss or h:mm:ss, with optional fractions and sign (1:02.345, +0.512, 2:01:33). */
const TIMESTAMP = /^[+-]?(\d+:){0,2}\d+(\.\d+)?$/;

export type CellConversion = { isCompatible: true; value: ResultCellValue } | { isCompatible: false };

const compatible = (value: ResultCellValue): CellConversion => ({ isCompatible: true, value });
const INCOMPATIBLE: CellConversion = { isCompatible: false };

function isBlank(value: ResultCellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function toNumber(value: ResultCellValue, pattern: RegExp, suffix = ''): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (suffix !== '' && text.endsWith(suffix)) text = text.slice(0, -suffix.length).trim();
  return pattern.test(text) ? Number(text) : undefined;
}

/**
 * Spec 002 §5 format hints: a cell value as a column of `format` holds it. Text and asset columns take every value
 * (numbers become text); integer, float, points, percent and timestamp columns take only the values that read as
 * one of theirs (a number, or text such as '12', '9.5', '45 %', '1:02.3'). An empty cell stays empty.
 */
export function convertCellValue(value: ResultCellValue, format: ResultFormat | undefined): CellConversion {
  if (isBlank(value)) return compatible(value);
  if (format === undefined || FREE_FORMATS.has(format)) return compatible(typeof value === 'number' ? String(value) : value);
  switch (format) {
    case 'int':
    case 'integer': {
      const number = toNumber(value, INTEGER);
      return number !== undefined && Number.isInteger(number) ? compatible(number) : INCOMPATIBLE;
    }
    case 'float':
    case 'points': {
      const number = toNumber(value, DECIMAL);
      return number !== undefined ? compatible(number) : INCOMPATIBLE;
    }
    case 'percent': {
      const number = toNumber(value, DECIMAL, '%');
      return number !== undefined ? compatible(number) : INCOMPATIBLE;
    }
    default: {
      // timestamp
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      return TIMESTAMP.test(text) ? compatible(text) : INCOMPATIBLE;
    }
  }
}

/**
 * Spec 002 §5 "cells can be flagged invalid": what a cell holds after the user types `text` into a column of
 * `format`: the converted value, or the text as typed, flagged invalid, when the column cannot hold it.
 */
export function cellFromText(text: string, format: ResultFormat | undefined): { value: ResultCellValue; invalid?: true } {
  const conversion = convertCellValue(text, format);
  return conversion.isCompatible ? { value: conversion.value } : { value: text, invalid: true };
}

/** The text a cell shows in the grid and in the preview. */
export function cellText(value: ResultCellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value.id;
}
