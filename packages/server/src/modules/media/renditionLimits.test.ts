import { describe, expect, it } from 'vitest';
import { CROP_RATIO_NAMES, IMAGE_WIDTHS, cropperRequestSize, quotientOf } from '@editor/domain';
import { RENDER_SIZES, SMALL_CROP_MAX_SIDE, isOfferedCrop, offeredRatioOf, snapBox, snapQuality, snapSize } from './renditionLimits.ts';

describe('the sizes renditions are rendered at', () => {
  it("are the app's widths and the cropper's steps, up to 3000", () => {
    expect(RENDER_SIZES).toEqual([200, 250, 400, 500, 600, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000]);
    for (const width of Object.values(IMAGE_WIDTHS)) expect(RENDER_SIZES).toContain(width);
    for (const shown of [1, 260, 999, 2999]) expect(RENDER_SIZES).toContain(cropperRequestSize(shown));
  });

  it.each([
    [1, 200],
    [200, 200],
    [201, 250],
    [300, 400],
    [580, 600],
    [601, 750],
    [1600, 1750],
    [2999, 3000],
    [3000, 3000],
    [10_000, 3000],
  ])('rounds %i up to %i', (size, snapped) => {
    expect(snapSize(size)).toBe(snapped);
  });

  it('gives any width from 1 to 10,000 one of 15 sizes', () => {
    expect(new Set(Array.from({ length: 10_000 }, (_, index) => snapSize(index + 1))).size).toBe(RENDER_SIZES.length);
  });

  it.each([
    [1, 10],
    [10, 10],
    [11, 20],
    [75, 80],
    [100, 100],
  ])('rounds quality %i up to %i', (quality, snapped) => {
    expect(snapQuality(quality)).toBe(snapped);
  });
});

describe('the crop ratios a URL may ask for', () => {
  it('knows every offered ratio, and refuses a box twice the rounding tolerance off it (rounding: delivery.test.ts)', () => {
    for (const name of CROP_RATIO_NAMES) {
      const quotient = quotientOf(name);
      for (const height of [45, 300, 901, 2999]) {
        const width = Math.round(height * quotient);
        expect(offeredRatioOf({ width, height }), `${name} ${width}×${height}`).toBeCloseTo(quotient, 5);
        expect(isOfferedCrop({ width, height }), `${name} ${width}×${height}`).toBe(true);
      }
      for (const height of [901, 2999]) {
        const width = Math.round(height * quotient) + Math.ceil(2 * (1 + quotient));
        expect(isOfferedCrop({ width, height }), `${name} ${width}×${height}`).toBe(false);
      }
    }
  });

  it.each([
    [1000, 600],
    [800, 900],
    [1603, 900],
    [43, 100],
    [3000, 100],
  ])('refuses a %i×%i crop', (width, height) => {
    expect(isOfferedCrop({ width, height })).toBe(false);
  });

  it('lets through the small crops an image too small for the minimum leaves, and no larger ones', () => {
    expect(SMALL_CROP_MAX_SIDE).toBe(168);
    expect(isOfferedCrop({ width: 42, height: 50 })).toBe(true);
    expect(isOfferedCrop({ width: 30, height: 30 })).toBe(true);
    // 4x1 on an image 106 × 28: the crop is the whole image.
    expect(isOfferedCrop({ width: 106, height: 28 })).toBe(true);
    expect(isOfferedCrop({ width: 168, height: 42 })).toBe(true);
    expect(isOfferedCrop({ width: 170, height: 41 })).toBe(false);
    expect(isOfferedCrop({ width: 42, height: 200 })).toBe(false);
    expect(isOfferedCrop({ width: 43, height: 100 })).toBe(false);
  });

  it('keeps the ratio of a filled box while rounding its width up, and rounds a fitted one side by side', () => {
    expect(snapBox({ width: 400, height: 300, isFill: true })).toEqual({ width: 400, height: 300 });
    expect(snapBox({ width: 300, height: 225, isFill: true })).toEqual({ width: 400, height: 300 });
    expect(snapBox({ width: 333, height: 187, isFill: true })).toEqual({ width: 400, height: 225 });
    expect(snapBox({ width: 300, height: 225, isFill: false })).toEqual({ width: 400, height: 250 });
    expect(snapBox({ height: 130, isFill: true })).toEqual({ height: 200 });
    expect(snapBox({ isFill: false })).toEqual({});
  });
});
