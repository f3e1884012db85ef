/** Spec 002 §4 "Quick event switch": the input it is, and the input it sets. */
export const QUICK_EVENT_INPUT = 'quick-event';
export const STANDALONE_INPUT = 'standalone';

/** Spec 002 §9, the quick event switch's texts. */
export const QUICK_EVENT_LABEL = 'Create Quick Event version';
export const QUICK_EVENT_HINT = 'Turn on to only create a quick version of an upcoming event.';

/** Spec 002 §4: "on sets standalone to false; off sets it to true". */
export function standaloneFor(isQuickEvent: boolean): boolean {
  return !isQuickEvent;
}
