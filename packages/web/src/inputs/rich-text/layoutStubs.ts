/**
 * jsdom has no layout: ProseMirror asks ranges for their rectangles when it scrolls the selection into view and
 * the document for the element under a point when it handles a click. Tests of the editor answer with nothing.
 */
const emptyRects = () => [] as unknown as DOMRectList;

export function stubLayoutForEditor() {
  Range.prototype.getClientRects = emptyRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint = () => null;
}
