import type { CropRatio } from '../asset/values.ts';

/** Spec 002 §9: the crop ratios an image offers, in this order. */
export const CROP_RATIO_NAMES = ['2x1', '3x1', '3x2', '4x3', '4x1', '5x2', '5x4', '7x6', '10x9', '16x9', '20x9', '1x1', '4x5', '3x4', '3x5', '2x5'] as const;
export type CropRatioName = (typeof CROP_RATIO_NAMES)[number];

/** Spec 002 §9: a crop is at least 42 px on each side; the cropper asks for sizes in multiples of 250. */
export const MIN_CROP_SIZE = 42;
export const CROPPER_SIZE_STEP = 250;

export interface ImageSize {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Width divided by height of a ratio name such as "16x9". */
export function quotientOf(name: string): number {
  const [width, height] = name.split('x').map(Number);
  return width && height ? width / height : Number.NaN;
}

/** Spec 002 §9: a size the cropper requests, rounded up to a multiple of 250. */
export function cropperRequestSize(size: number): number {
  return Math.max(CROPPER_SIZE_STEP, Math.ceil(size / CROPPER_SIZE_STEP) * CROPPER_SIZE_STEP);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The largest crop of a ratio that fits the image, centred on a focal point (the image's centre by default). An
 * automatic ratio is this crop (spec 002 §4).
 */
export function automaticCrop(name: string, image: ImageSize, focal: Point = { x: image.width / 2, y: image.height / 2 }): CropRatio {
  const quotient = quotientOf(name);
  const width = Math.min(image.width, image.height * quotient);
  const height = width / quotient;
  const x = clamp(focal.x - width / 2, 0, image.width - width);
  const y = clamp(focal.y - height / 2, 0, image.height - height);
  return roundCrop({ p1: { x, y }, p2: { x: x + width, y: y + height }, automatic: true }, image);
}

/**
 * Spec 002 §4: points are whole pixels inside the image, p1 above and left of p2, and at least the minimum crop
 * apart (or the whole side when the image is smaller than that).
 */
export function roundCrop(crop: CropRatio, image: ImageSize): CropRatio {
  const minWidth = Math.min(MIN_CROP_SIZE, image.width);
  const minHeight = Math.min(MIN_CROP_SIZE, image.height);
  const x1 = clamp(Math.round(Math.min(crop.p1.x, crop.p2.x)), 0, image.width - minWidth);
  const y1 = clamp(Math.round(Math.min(crop.p1.y, crop.p2.y)), 0, image.height - minHeight);
  const x2 = clamp(Math.round(Math.max(crop.p1.x, crop.p2.x)), x1 + minWidth, image.width);
  const y2 = clamp(Math.round(Math.max(crop.p1.y, crop.p2.y)), y1 + minHeight, image.height);
  return { p1: { x: x1, y: y1 }, p2: { x: x2, y: y2 }, ...(crop.automatic ? { automatic: true } : {}) };
}

/** Spec 002 §4: the ratios set by hand; automatic ones are left out on Confirm. */
export function manualRatios(ratios: Readonly<Record<string, CropRatio>>): Record<string, CropRatio> {
  return Object.fromEntries(Object.entries(ratios).filter(([, crop]) => !crop.automatic));
}

/** The crop ratios cards and list images prefer, in this order (spec 000 §9 card image at width 400). */
export const CARD_CROP_RATIOS = ['4x3', '16x9', '3x2', '1x1'] as const;
/** The crop ratios the preview page's hero and inline images prefer, in this order (spec 002 §9 image preview width 600). */
export const PREVIEW_CROP_RATIOS = ['16x9', '2x1', '3x2'] as const;

/**
 * The crop an image shows in a place that wants one of `preferred` (in order): the first of them the image has,
 * else undefined (the whole image).
 */
export function preferredCrop(ratios: Readonly<Record<string, CropRatio>> | undefined, preferred: readonly string[]): CropRatio | undefined {
  for (const name of preferred) {
    const crop = ratios?.[name];
    if (crop) return crop;
  }
  return undefined;
}
