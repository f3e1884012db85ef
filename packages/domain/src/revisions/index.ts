export * from './jsonPatch.ts';
export * from './sequenceDiff.ts';
export * from './compareContents.ts';
export * from './revisionSchemas.ts';
export * from './trashRights.ts';
