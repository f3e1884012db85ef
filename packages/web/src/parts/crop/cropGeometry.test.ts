import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { CROP_RATIO_NAMES, MIN_CROP_SIZE, automaticCrop, quotientOf, roundCrop, type CropRatio, type ImageSize } from '@editor/domain';
import { CORNERS, keyDelta, minimumCropWidth, moveCrop, resizeCrop, type Corner } from './cropGeometry.ts';

const widthOf = (crop: CropRatio) => crop.p2.x - crop.p1.x;
const heightOf = (crop: CropRatio) => crop.p2.y - crop.p1.y;
const EPSILON = 1e-6;

type Step =
  | { kind: 'drag'; dx: number; dy: number }
  | { kind: 'key'; key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'; shift: boolean }
  | { kind: 'corner'; corner: Corner; x: number; y: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('drag' as const), dx: fc.double({ min: -6000, max: 6000, noNaN: true }), dy: fc.double({ min: -6000, max: 6000, noNaN: true }) }),
  fc.record({ kind: fc.constant('key' as const), key: fc.constantFrom('ArrowLeft' as const, 'ArrowRight' as const, 'ArrowUp' as const, 'ArrowDown' as const), shift: fc.boolean() }),
  // Corners are dragged anywhere, outside the image too.
  fc.record({ kind: fc.constant('corner' as const), corner: fc.constantFrom(...CORNERS), x: fc.double({ min: -500, max: 6500, noNaN: true }), y: fc.double({ min: -500, max: 6500, noNaN: true }) }),
);

function apply(crop: CropRatio, step: Step, ratio: string, image: ImageSize): CropRatio {
  if (step.kind === 'drag') return moveCrop(crop, { x: step.dx, y: step.dy }, image);
  if (step.kind === 'key') return moveCrop(crop, keyDelta(step.key, step.shift) ?? { x: 0, y: 0 }, image);
  return resizeCrop(crop, { corner: step.corner, point: { x: step.x, y: step.y }, ratio }, image);
}

function expectInside(crop: CropRatio, image: ImageSize) {
  expect(crop.p1.x).toBeGreaterThanOrEqual(-EPSILON);
  expect(crop.p1.y).toBeGreaterThanOrEqual(-EPSILON);
  expect(crop.p2.x).toBeLessThanOrEqual(image.width + EPSILON);
  expect(crop.p2.y).toBeLessThanOrEqual(image.height + EPSILON);
}

describe('crop geometry (spec 002 §4, §9)', () => {
  it('arrow keys move 1 px, 10 px with Shift; other keys do nothing', () => {
    expect(keyDelta('ArrowRight', false)).toEqual({ x: 1, y: 0 });
    expect(keyDelta('ArrowUp', true)).toEqual({ x: 0, y: -10 });
    expect(keyDelta('Enter', false)).toBeUndefined();
  });

  it('a move stops at the image edge and keeps the size', () => {
    const image = { width: 1000, height: 500 };
    const moved = moveCrop({ p1: { x: 100, y: 100 }, p2: { x: 260, y: 190 } }, { x: 5000, y: -40 }, image);
    expect(moved).toEqual({ p1: { x: 840, y: 60 }, p2: { x: 1000, y: 150 } });
  });

  it('a corner drag keeps the opposite corner and the ratio, and never goes below the minimum crop', () => {
    const image = { width: 1600, height: 900 };
    const crop = { p1: { x: 800, y: 450 }, p2: { x: 1120, y: 630 } };
    const grown = resizeCrop(crop, { corner: 'bottom-right', point: { x: 1440, y: 600 }, ratio: '16x9' }, image);
    expect(grown.p1).toEqual({ x: 800, y: 450 });
    expect(widthOf(grown) / heightOf(grown)).toBeCloseTo(16 / 9, 9);
    const shrunk = resizeCrop(crop, { corner: 'top-left', point: { x: 1119, y: 629 }, ratio: '16x9' }, image);
    expect(shrunk.p2).toEqual({ x: 1120, y: 630 });
    expect(heightOf(shrunk)).toBeCloseTo(MIN_CROP_SIZE, 9);
    expect(widthOf(shrunk)).toBeCloseTo((MIN_CROP_SIZE * 16) / 9, 9);
  });

  it('any sequence of drags, corner drags and keys keeps the crop inside the image, at least 42 px and in its ratio', () => {
    fc.assert(
      fc.property(
        // Large enough for a 42 px crop of every ratio (4x1 needs 168 × 42, 2x5 needs 42 × 105).
        fc.record({ width: fc.integer({ min: 168, max: 6000 }), height: fc.integer({ min: 168, max: 6000 }) }),
        fc.constantFrom(...CROP_RATIO_NAMES),
        fc.array(stepArbitrary, { maxLength: 40 }),
        (image, ratio, steps) => {
          const quotient = quotientOf(ratio);
          const start = automaticCrop(ratio, image);
          const end = steps.reduce((crop, step) => apply(crop, step, ratio, image), start);
          expectInside(end, image);
          expect(widthOf(end)).toBeGreaterThanOrEqual(MIN_CROP_SIZE - EPSILON);
          expect(heightOf(end)).toBeGreaterThanOrEqual(MIN_CROP_SIZE - EPSILON);
          // The automatic start is whole pixels, so its ratio is off by up to a pixel on a side; drags keep it.
          expect(Math.abs(widthOf(end) - heightOf(end) * quotient)).toBeLessThanOrEqual(1 + quotient + EPSILON);
          const saved = roundCrop(end, image);
          expectInside(saved, image);
          expect(Number.isInteger(saved.p1.x) && Number.isInteger(saved.p2.y)).toBe(true);
          expect(widthOf(saved)).toBeGreaterThanOrEqual(MIN_CROP_SIZE);
          expect(heightOf(saved)).toBeGreaterThanOrEqual(MIN_CROP_SIZE);
          expect(Math.abs(widthOf(saved) - heightOf(saved) * quotient)).toBeLessThanOrEqual(2 + 2 * quotient + EPSILON);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on an image too small for a 42 px crop of the ratio, the crop is the full side that fits', () => {
    fc.assert(
      fc.property(
        fc.record({ width: fc.integer({ min: 1, max: 200 }), height: fc.integer({ min: 1, max: 200 }) }),
        fc.constantFrom(...CROP_RATIO_NAMES),
        fc.array(stepArbitrary, { maxLength: 20 }),
        (image, ratio, steps) => {
          const quotient = quotientOf(ratio);
          const start = resizeCrop(automaticCrop(ratio, image), { corner: 'bottom-right', point: { x: 0, y: 0 }, ratio }, image);
          const end = steps.reduce((crop, step) => apply(crop, step, ratio, image), start);
          expectInside(end, image);
          const fitting = Math.min(image.width, image.height * quotient);
          expect(widthOf(end)).toBeGreaterThanOrEqual(Math.min(MIN_CROP_SIZE, fitting) - EPSILON);
          expect(heightOf(end)).toBeGreaterThanOrEqual(Math.min(MIN_CROP_SIZE, fitting / quotient) - EPSILON);
          expect(widthOf(end)).toBeGreaterThanOrEqual(minimumCropWidth(quotient, image) - EPSILON);
        },
      ),
      { numRuns: 300 },
    );
  });
});
