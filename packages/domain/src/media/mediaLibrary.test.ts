import { describe, expect, it } from 'vitest';
import { geoblockText, previewClipMarkerProblem } from './mediaLibrary.ts';

describe('geoblock tooltip (spec 001 §2.7)', () => {
  it('names up to three countries, then the number of the others', () => {
    expect(geoblockText(['AT'])).toBe('AT');
    expect(geoblockText(['AT', 'DE', 'CH'])).toBe('AT, DE, CH');
    expect(geoblockText(['AT', 'DE', 'CH', 'IT', 'FR'])).toBe('AT, DE, CH and 2 other countries');
    expect(geoblockText([])).toBe('');
  });
});

describe('preview clip bounds (spec 002 §5)', () => {
  const duration = 10_000;
  it.each([
    { inpoint: 0, outpoint: 10_000, ok: true },
    { inpoint: 0, outpoint: 1, ok: true },
    { inpoint: 9_999, outpoint: 10_000, ok: true },
    { inpoint: 2_500, outpoint: 7_500, ok: true },
    { inpoint: -1, outpoint: 5_000, ok: false },
    { inpoint: 5_000, outpoint: 5_000, ok: false },
    { inpoint: 6_000, outpoint: 5_000, ok: false },
    { inpoint: 0, outpoint: 10_001, ok: false },
    { inpoint: 0.5, outpoint: 5_000, ok: false },
  ])('$inpoint–$outpoint ms of a 10 s media fits: $ok', ({ inpoint, outpoint, ok }) => {
    expect(previewClipMarkerProblem({ inpoint, outpoint }, duration) === null).toBe(ok);
  });
});
