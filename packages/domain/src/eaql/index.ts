export * from './ast.ts';
export * from './properties.ts';
export { EAQL_LIMITS, parseEaql, type ParseEaqlOptions } from './parseEaql.ts';
export { describeEaql } from './describeEaql.ts';
export { eaqlDateRange, normaliseEaqlDate } from './eaqlValues.ts';
export * from './helpText.ts';
