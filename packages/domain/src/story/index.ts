export * from './anchors.ts';
