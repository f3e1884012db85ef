import { describe, expect, it } from 'vitest';
import { joinedIntegersOf, parseJoinedIntegers } from './joinedIntegers.ts';

describe('comma-joined integers', () => {
  it('reads them in order, with none for an empty text or null', () => {
    expect([...parseJoinedIntegers('3,17,250,9007199254740991')]).toEqual([3, 17, 250, 9007199254740991]);
    expect([...parseJoinedIntegers('7')]).toEqual([7]);
    expect(parseJoinedIntegers('')).toHaveLength(0);
    expect(parseJoinedIntegers(null)).toHaveLength(0);
  });

  it('reads as many as a long text holds', () => {
    const integers = Array.from({ length: 50_000 }, (_, index) => index * 3 + 1);
    expect([...parseJoinedIntegers(integers.join(','))]).toEqual(integers);
  });

  it('takes what a reader parsed as it is', () => {
    const parsed = new Float64Array([1, 2]);
    expect(joinedIntegersOf(parsed)).toBe(parsed);
    expect([...joinedIntegersOf('4,5')]).toEqual([4, 5]);
    expect(joinedIntegersOf(undefined)).toHaveLength(0);
  });
});
