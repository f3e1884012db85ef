import { describe, expect, it } from 'vitest';
import { previewScale } from './previewScale.ts';

describe('previewScale (spec 002 §2: scaled to fit, never above 1)', () => {
  it.each([
    ['shrinks the desktop frame into a narrow panel', 640, 1280, 0.5],
    ['shrinks the mobile frame when the panel is narrower', 195, 390, 0.5],
    ['never enlarges the mobile frame in a wide panel', 800, 390, 1],
    ['is exactly 1 when the panel fits the frame', 390, 390, 1],
    ['keeps 1 before the panel is measured', 0, 1280, 1],
  ])('%s', (_name, panelWidth, frameWidth, expected) => {
    expect(previewScale(panelWidth, frameWidth)).toBe(expected);
  });
});
