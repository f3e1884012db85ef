export * from './simpleTable.ts';
export * from './resultsTable.ts';
export * from './formatHints.ts';
