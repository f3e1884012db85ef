import { describe, expect, it } from 'vitest';
import { automaticCrop, cropperRequestSize, manualRatios, preferredCrop, quotientOf, roundCrop } from './crop.ts';

describe('crop geometry (spec 002 §4, §9)', () => {
  const image = { width: 1600, height: 900 };

  it('reads a ratio name as width over height', () => {
    expect(quotientOf('16x9')).toBeCloseTo(16 / 9);
    expect(quotientOf('2x5')).toBeCloseTo(0.4);
    expect(quotientOf('nonsense')).toBeNaN();
  });

  it('rounds cropper requests up to multiples of 250', () => {
    expect([1, 250, 251, 600, 1001].map(cropperRequestSize)).toEqual([250, 250, 500, 750, 1250]);
  });

  it('makes the largest centred crop of a ratio, moved inside the image around a focal point', () => {
    expect(automaticCrop('1x1', image)).toEqual({ p1: { x: 350, y: 0 }, p2: { x: 1250, y: 900 }, automatic: true });
    expect(automaticCrop('16x9', image)).toEqual({ p1: { x: 0, y: 0 }, p2: { x: 1600, y: 900 }, automatic: true });
    expect(automaticCrop('1x1', image, { x: 10, y: 10 })).toMatchObject({ p1: { x: 0, y: 0 }, p2: { x: 900, y: 900 } });
    expect(automaticCrop('1x1', image, { x: 1590, y: 10 })).toMatchObject({ p1: { x: 700, y: 0 }, p2: { x: 1600, y: 900 } });
  });

  it('rounds points, orders them, clamps them into the image and keeps them 42 px apart', () => {
    expect(roundCrop({ p1: { x: 10.4, y: -5 }, p2: { x: 2000, y: 400.6 } }, image)).toEqual({ p1: { x: 10, y: 0 }, p2: { x: 1600, y: 401 } });
    expect(roundCrop({ p1: { x: 500, y: 500 }, p2: { x: 100, y: 100 } }, image)).toEqual({ p1: { x: 100, y: 100 }, p2: { x: 500, y: 500 } });
    expect(roundCrop({ p1: { x: 1599, y: 899 }, p2: { x: 1600, y: 900 } }, image)).toEqual({ p1: { x: 1558, y: 858 }, p2: { x: 1600, y: 900 } });
    expect(roundCrop({ p1: { x: 0, y: 0 }, p2: { x: 5, y: 5 } }, { width: 30, height: 20 })).toEqual({ p1: { x: 0, y: 0 }, p2: { x: 30, y: 20 } });
  });

  it('keeps only manual ratios on Confirm', () => {
    const manual = { p1: { x: 0, y: 0 }, p2: { x: 160, y: 90 } };
    expect(manualRatios({ '16x9': manual, '1x1': { ...manual, automatic: true } })).toEqual({ '16x9': manual });
  });

  it('picks the first preferred crop an image has', () => {
    const crop = { p1: { x: 0, y: 0 }, p2: { x: 160, y: 90 } };
    expect(preferredCrop({ '16x9': crop }, ['4x3', '16x9'])).toBe(crop);
    expect(preferredCrop({}, ['4x3'])).toBeUndefined();
    expect(preferredCrop(undefined, ['4x3'])).toBeUndefined();
  });
});
