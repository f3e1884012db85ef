import { describe, expect, it } from 'vitest';
import { geoblockText } from './mediaLibrary.ts';

describe('geoblock tooltip (spec 001 §2.7)', () => {
  it('names up to three countries, then the number of the others', () => {
    expect(geoblockText(['AT'])).toBe('AT');
    expect(geoblockText(['AT', 'DE', 'CH'])).toBe('AT, DE, CH');
    expect(geoblockText(['AT', 'DE', 'CH', 'IT', 'FR'])).toBe('AT, DE, CH and 2 other countries');
    expect(geoblockText([])).toBe('');
  });
});
