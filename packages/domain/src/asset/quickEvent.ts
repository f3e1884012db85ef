/** Spec 002 §4 "Quick event switch": the top-level input it is. */
export const QUICK_EVENT_INPUT = 'quick-event';

/** Spec 002 §4 "Quick event switch": the input the switch sets. */
export const STANDALONE_INPUT = 'standalone';

/** Spec 002 §4 "Quick event switch": "on sets standalone to false; off sets it to true". */
export function standaloneFor(isQuickEvent: boolean): boolean {
  return !isQuickEvent;
}

/** Spec 002 §5 "Publish and dates": a version with the quick-event flag has standalone locked at publish. */
export function isQuickEventVersion(values: Readonly<Record<string, unknown>>): boolean {
  return values[QUICK_EVENT_INPUT] === true;
}
