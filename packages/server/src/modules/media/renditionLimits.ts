import { CROPPER_SIZE_STEP, CROP_RATIO_NAMES, IMAGE_WIDTHS, MIN_CROP_SIZE, quotientOf } from '@editor/domain';

/** The largest width or height a rendition is rendered at; a larger one asked for gets this. */
export const MAX_RENDER_SIZE = 3000;

/**
 * The sizes renditions are rendered at, fifteen rather than one per pixel: the widths the app shows (spec 000 §9:
 * thumbnail 200, card 400, medium 600) and the cropper's requests, multiples of 250 (spec 002 §9), up to 3000. A size
 * in between is rounded up to the next of them; an image is never enlarged, so the very large resource of a smaller
 * original (its own width) still comes at that width.
 */
export const RENDER_SIZES: readonly number[] = [
  ...new Set([...Object.values(IMAGE_WIDTHS), ...Array.from({ length: MAX_RENDER_SIZE / CROPPER_SIZE_STEP }, (_, index) => (index + 1) * CROPPER_SIZE_STEP)]),
].toSorted((a, b) => a - b);

/** A size rounded up to the next rendered size, at most the largest. */
export function snapSize(size: number): number {
  return RENDER_SIZES.find((step) => step >= size) ?? MAX_RENDER_SIZE;
}

/** `q_<n>` is rounded up to a multiple of this: ten qualities instead of a hundred, neighbours barely apart. */
export const QUALITY_STEP = 10;

export function snapQuality(quality: number): number {
  return Math.min(100, Math.max(QUALITY_STEP, Math.ceil(quality / QUALITY_STEP) * QUALITY_STEP));
}

interface Box {
  width: number;
  height: number;
}

/**
 * The quotient of the crop ratio (spec 002 §9) a box has, or undefined when it has none. A crop's corners are
 * rounded to whole pixels (spec 002 §4), which moves each side by less than a pixel: width and height may each be a
 * pixel off the exact ratio. When a small box fits several ratios, the closest one.
 */
export function offeredRatioOf(box: Box): number | undefined {
  let best: { quotient: number; distance: number } | undefined;
  for (const name of CROP_RATIO_NAMES) {
    const quotient = quotientOf(name);
    const distance = Math.abs(box.width - box.height * quotient);
    if (distance <= 1 + quotient && (!best || distance < best.distance)) best = { quotient, distance };
  }
  return best?.quotient;
}

/**
 * The longer side of the crops that may miss their ratio: where an image is too small for a crop of the minimum size,
 * the modal's rounding (`roundCrop`) widens the crop's short side to the minimum, 42 px (or the image's side), while the
 * long side stays what the ratio gave a short side below 42: at most 42 × 4 (4x1, the most elongated ratio) = 168 px.
 */
export const SMALL_CROP_MAX_SIDE = Math.ceil(MIN_CROP_SIZE * Math.max(...CROP_RATIO_NAMES.map(quotientOf).map((quotient) => Math.max(quotient, 1 / quotient))));

/**
 * Whether a crop region is one the crop modal can make (spec 002 §9): a box of an offered ratio, or one of an image
 * too small for its ratio at the minimum crop (a side of at most 42 px, the other at most 168 px).
 */
export function isOfferedCrop(region: Box): boolean {
  const isSmall = Math.min(region.width, region.height) <= MIN_CROP_SIZE && Math.max(region.width, region.height) <= SMALL_CROP_MAX_SIDE;
  return isSmall || offeredRatioOf(region) !== undefined;
}

/**
 * The box a rendition is rendered in: each side rounded up to a rendered size; a filled box of an offered ratio keeps
 * that ratio, its height following its rounded width.
 */
export function snapBox(box: { width?: number | undefined; height?: number | undefined; isFill: boolean }): { width?: number; height?: number } {
  const width = box.width === undefined ? undefined : snapSize(box.width);
  const height = box.height === undefined ? undefined : snapSize(box.height);
  if (width === undefined || height === undefined || box.width === undefined || box.height === undefined || !box.isFill) {
    return { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
  }
  const quotient = offeredRatioOf({ width: box.width, height: box.height });
  if (quotient === undefined) return { width, height };
  return { width, height: Math.max(1, Math.round(width / quotient)) };
}
