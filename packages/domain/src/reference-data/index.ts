export * from './referenceData.ts';
export * from './eventRecord.ts';
export * from './masterDataRecord.ts';
export * from './zoeRecord.ts';
export * from './tagRecord.ts';
