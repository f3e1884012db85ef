import { MIN_CROP_SIZE, quotientOf, type CropRatio, type ImageSize, type Point } from '@editor/domain';

/**
 * The crop modal's geometry (spec 002 §4, §9), in pixels of the original image. A crop here keeps fractional
 * points while it is dragged, so its ratio holds exactly; Confirm rounds it (`roundCrop`).
 */

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** Spec 002 §9: an arrow key moves the crop 1 px, 10 px with Shift. */
export const KEY_STEP = 1;
export const SHIFT_KEY_STEP = 10;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The largest width a crop of this ratio can have inside the image. */
function fittingWidth(quotient: number, image: ImageSize): number {
  return Math.min(image.width, image.height * quotient);
}

/**
 * The smallest width a crop of this ratio may have: both sides at least the minimum crop, unless the image is too
 * small for that, when the crop that fits the image is the only size there is.
 */
export function minimumCropWidth(quotient: number, image: ImageSize): number {
  return Math.min(Math.max(MIN_CROP_SIZE, MIN_CROP_SIZE * quotient), fittingWidth(quotient, image));
}

export function clampPoint(point: Point, image: ImageSize): Point {
  return { x: clamp(point.x, 0, image.width), y: clamp(point.y, 0, image.height) };
}

/** A box of the given size placed at `x, y`, pushed back inside the image where it sticks out. */
function placeInside(box: { x: number; y: number; width: number; height: number }, image: ImageSize): CropRatio {
  const x = clamp(box.x, 0, image.width - box.width);
  const y = clamp(box.y, 0, image.height - box.height);
  return { p1: { x, y }, p2: { x: x + box.width, y: y + box.height } };
}

/** Spec 002 §4: the crop moved by `delta`, its size kept, stopped at the image's edges. The crop becomes manual. */
export function moveCrop(crop: CropRatio, delta: Point, image: ImageSize): CropRatio {
  const width = crop.p2.x - crop.p1.x;
  const height = crop.p2.y - crop.p1.y;
  return placeInside({ x: crop.p1.x + delta.x, y: crop.p1.y + delta.y, width, height }, image);
}

/** The move of an arrow key (spec 002 §9), or undefined for any other key. */
export function keyDelta(key: string, withShift: boolean): Point | undefined {
  const step = withShift ? SHIFT_KEY_STEP : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return undefined;
  }
}

/**
 * Spec 002 §4, §9: the crop resized by dragging one corner to `point` while the opposite corner stays, the ratio
 * `name` kept. It stays inside the image and at least the minimum size; where the opposite corner leaves too little
 * room, the crop slides inward instead of shrinking below that.
 */
export function resizeCrop(crop: CropRatio, drag: { corner: Corner; point: Point; ratio: string }, image: ImageSize): CropRatio {
  const quotient = quotientOf(drag.ratio);
  const towardsRight = drag.corner.endsWith('right');
  const towardsBottom = drag.corner.startsWith('bottom');
  const anchor = { x: towardsRight ? crop.p1.x : crop.p2.x, y: towardsBottom ? crop.p1.y : crop.p2.y };
  const point = clampPoint(drag.point, image);
  // The pointer's larger pull decides the size; the ratio gives the other side.
  const pulled = Math.max(Math.abs(point.x - anchor.x), Math.abs(point.y - anchor.y) * quotient);
  const room = Math.min(towardsRight ? image.width - anchor.x : anchor.x, (towardsBottom ? image.height - anchor.y : anchor.y) * quotient);
  const width = clamp(Math.min(pulled, room), minimumCropWidth(quotient, image), fittingWidth(quotient, image));
  const height = width / quotient;
  return placeInside({ x: towardsRight ? anchor.x : anchor.x - width, y: towardsBottom ? anchor.y : anchor.y - height, width, height }, image);
}

/** The crop's rectangle scaled to the screen (`scale` screen pixels per image pixel). */
export function cropBox(crop: CropRatio, scale: number) {
  return { left: crop.p1.x * scale, top: crop.p1.y * scale, width: (crop.p2.x - crop.p1.x) * scale, height: (crop.p2.y - crop.p1.y) * scale };
}
