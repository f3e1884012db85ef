export * from './webhooks.ts';
