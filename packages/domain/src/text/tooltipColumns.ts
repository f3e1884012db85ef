/** Spec 001 §9: tooltip lists are split into columns of 10 items. */
export const TOOLTIP_COLUMN_SIZE = 10;
/** Spec 001 §9: a list of 10 to 20 items is split into columns of 5 instead. */
export const TOOLTIP_SHORT_COLUMN_SIZE = 5;
/** Spec 001 §9: the height of one linked asset's row, in pixels. */
export const LINKED_ASSET_ROW_HEIGHT_PX = 94;

/** Spec 001 §9: a tooltip's list as columns: of 10 items, or of 5 when it holds 10 to 20; one column for fewer than 10. */
export function tooltipColumns<T>(items: readonly T[]): T[][] {
  const size = items.length >= TOOLTIP_COLUMN_SIZE && items.length <= 2 * TOOLTIP_COLUMN_SIZE ? TOOLTIP_SHORT_COLUMN_SIZE : TOOLTIP_COLUMN_SIZE;
  const columns: T[][] = [];
  for (let start = 0; start < items.length; start += size) columns.push(items.slice(start, start + size));
  return columns;
}
