/**
 * Takes the focus off an element an edit is about to remove. When the focused element leaves the page, Chromium
 * brings style and layout up to date at once, in the middle of React's commit, after its other changes: 3 ms in a
 * 1,000-element story. Blurred before the edit, while nothing has changed yet, it costs nothing, and the focus ends
 * where it would have: on the page's body.
 */
export function releaseFocusWithin(element: Element | null): void {
  const focused = document.activeElement;
  if (element && focused instanceof HTMLElement && element.contains(focused)) focused.blur();
}
