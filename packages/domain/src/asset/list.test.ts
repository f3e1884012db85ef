import { describe, expect, it } from 'vitest';
import { assetCountText } from './list.ts';

describe('asset count text (spec 001 §2.3)', () => {
  it.each([
    [10_001, false, 'More than 10000 Assets'],
    [10_000, true, 'More than 10000 Assets in'],
    [9_999, false, '9999 Assets'],
    [100, false, '100 Assets'],
    [99, false, 'Less than 100 Assets'],
    [1, true, 'Less than 100 Assets in'],
    [0, false, '0 Assets'],
  ])('%i assets (filters %s) read %s', (total, filtersActive, expected) => expect(assetCountText(total, filtersActive)).toBe(expected));
});
