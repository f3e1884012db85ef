/**
 * Spec 002 §2: the preview frame is scaled to fit the panel and never above 1. An unmeasured panel (width 0) shows
 * the frame unscaled until its width is known.
 */
export function previewScale(panelWidth: number, frameWidth: number): number {
  if (!(panelWidth > 0) || !(frameWidth > 0)) return 1;
  return Math.min(1, panelWidth / frameWidth);
}
