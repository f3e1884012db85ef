export * from './anchors.ts';
export * from './storyRules.ts';
