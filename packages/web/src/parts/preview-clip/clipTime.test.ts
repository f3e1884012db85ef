import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewClipMarkerProblem } from '@editor/domain';
import { clampClip, clampFrame, defaultClip, formatClipTime, msFromTimecode, parseClipTime, timecodeFromMs } from './clipTime.ts';

describe('preview clip times at 24 fps (spec 000 §9, 002 §5)', () => {
  it.each([
    { ms: 0, seconds: 0, frame: 0 },
    { ms: 41, seconds: 0, frame: 0 },
    { ms: 42, seconds: 0, frame: 1 },
    { ms: 959, seconds: 0, frame: 23 },
    { ms: 999, seconds: 0, frame: 23 },
    { ms: 12_500, seconds: 12, frame: 12 },
    { ms: 3_723_000, seconds: 3723, frame: 0 },
  ])('$ms ms is second $seconds, frame $frame', ({ ms, seconds, frame }) => {
    expect(timecodeFromMs(ms)).toEqual({ seconds, frame });
  });

  it('starts a frame at its first whole millisecond', () => {
    expect(msFromTimecode({ seconds: 0, frame: 0 })).toBe(0);
    expect(msFromTimecode({ seconds: 0, frame: 1 })).toBe(42);
    expect(msFromTimecode({ seconds: 12, frame: 12 })).toBe(12_500);
    expect(msFromTimecode({ seconds: 1, frame: 23 })).toBe(1_959);
    expect(msFromTimecode({ seconds: 1, frame: 99 })).toBe(1_959);
  });

  it('reads back every second and frame it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 23 }), (seconds, frame) => {
        expect(timecodeFromMs(msFromTimecode({ seconds, frame }))).toEqual({ seconds, frame });
      }),
    );
  });

  it('keeps frames within 0 to 23', () => {
    expect([-3, 0, 7.8, 23, 24, 500, Number.NaN].map(clampFrame)).toEqual([0, 0, 7, 23, 23, 23, 0]);
  });

  it('writes mm:ss, and h:mm:ss from an hour on', () => {
    expect([0, 5, 65, 599, 3599, 3600, 3723, 36_000].map(formatClipTime)).toEqual(['00:00', '00:05', '01:05', '09:59', '59:59', '1:00:00', '1:02:03', '10:00:00']);
  });

  it('reads mm:ss, h:mm:ss and plain seconds, and nothing else', () => {
    expect(['00:05', '1:05', '90:00', '1:02:03', '45', ' 02:10 '].map(parseClipTime)).toEqual([5, 65, 5400, 3723, 45, 130]);
    expect(['', 'abc', '1:60', '1:60:00', '1::2', '1:2:3:4', '-1:00', '1.5'].map(parseClipTime)).toEqual([null, null, null, null, null, null, null, null]);
  });
});

describe('clamping a preview clip (spec 002 §5)', () => {
  const duration = 60_000;

  it('keeps the start within 0 and the end', () => {
    expect(clampClip({ inpoint: -500, outpoint: 10_000 }, duration, 'inpoint')).toEqual({ inpoint: 0, outpoint: 10_000 });
    expect(clampClip({ inpoint: 20_000, outpoint: 10_000 }, duration, 'inpoint')).toEqual({ inpoint: 9_999, outpoint: 10_000 });
  });

  it('keeps the end between the start and the duration', () => {
    expect(clampClip({ inpoint: 5_000, outpoint: 90_000 }, duration, 'outpoint')).toEqual({ inpoint: 5_000, outpoint: 60_000 });
    expect(clampClip({ inpoint: 5_000, outpoint: 1_000 }, duration, 'outpoint')).toEqual({ inpoint: 5_000, outpoint: 5_001 });
  });

  it('moves the other point only when it lies outside the media', () => {
    expect(clampClip({ inpoint: 70_000, outpoint: 80_000 }, duration, 'outpoint')).toEqual({ inpoint: 59_999, outpoint: 60_000 });
    expect(clampClip({ inpoint: 5_000, outpoint: 80_000 }, duration, 'inpoint')).toEqual({ inpoint: 5_000, outpoint: 60_000 });
  });

  it('starts a new clip at 0 and ends it after 10 seconds, or at the end of a shorter video', () => {
    expect(defaultClip(60_000)).toEqual({ inpoint: 0, outpoint: 10_000 });
    expect(defaultClip(4_500.7)).toEqual({ inpoint: 0, outpoint: 4_500 });
  });

  it('always gives a clip the domain’s bounds rule accepts', () => {
    const anyNumber = fc.oneof(fc.integer({ min: -1e7, max: 1e7 }), fc.double({ min: -1e7, max: 1e7 }), fc.constantFrom(Number.NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(anyNumber, anyNumber, fc.integer({ min: 1, max: 1e7 }), fc.constantFrom('inpoint' as const, 'outpoint' as const), (inpoint, outpoint, durationMs, moved) => {
        expect(previewClipMarkerProblem(clampClip({ inpoint, outpoint }, durationMs, moved), durationMs)).toBeNull();
      }),
    );
  });
});
