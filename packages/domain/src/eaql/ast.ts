import type { EaqlCompareOperator, EaqlType } from './properties.ts';

/** A property of a condition; `path` holds the input name and children of a `content.*` property. */
export interface EaqlProperty {
  name: string;
  type: EaqlType;
  path?: string[];
}

/**
 * A value already converted to its property's type: a keyword or text is a string, a long an integer, a float a
 * number, a boolean true/false, a date an ISO string (`2026-01-31` for a whole UTC day, otherwise
 * `2026-01-31T10:00:00.000Z`). On `content.*` the value keeps the kind it was written as (number, true/false, text).
 */
export type EaqlValue = string | number | boolean;

/** The query tree the server compiles to SQL (spec 002 §2, DESIGN §4 `q`). */
export type EaqlNode =
  | { kind: 'and' | 'or'; operands: EaqlNode[] }
  | { kind: 'not'; operand: EaqlNode }
  | { kind: 'compare'; property: EaqlProperty; operator: EaqlCompareOperator; value: EaqlValue }
  | { kind: 'in'; property: EaqlProperty; values: EaqlValue[] }
  | { kind: 'exists'; property: EaqlProperty };

export interface EaqlError {
  message: string;
  /** 0-based offset into the query, in UTF-16 code units (what an input's selection range uses). */
  position: number;
}

export type EaqlParseResult = { ok: true; query: EaqlNode } | { ok: false; error: EaqlError };
