export * from './liveness.ts';
export * from './payloads.ts';
export * from './keys.ts';
