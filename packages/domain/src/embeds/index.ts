export * from './providers.ts';
export * from './socialIds.ts';
export * from './customIds.ts';
export * from './zoe.ts';
export * from './embedHtml.ts';
export * from './confirm.ts';
