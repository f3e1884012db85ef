import { describe, expect, it } from 'vitest';
import { ALL_TAG, isTargetAll } from './targetTags.ts';

describe('isTargetAll (spec 002 §5 target tags)', () => {
  it.each([
    { value: [ALL_TAG], expected: true, why: 'the single all-tag in a list' },
    { value: ALL_TAG, expected: true, why: 'the all-tag as a single value' },
    { value: [ALL_TAG, { id: 't1', stencil: 'tag' }], expected: false, why: 'the all-tag among others' },
    { value: [{ id: 't1', stencil: 'tag' }], expected: false, why: 'another tag' },
    { value: [], expected: false, why: 'an empty list' },
    { value: undefined, expected: false, why: 'no value' },
    { value: ['x'], expected: false, why: 'a value of the wrong shape' },
  ])('is $expected for $why', ({ value, expected }) => {
    expect(isTargetAll(value)).toBe(expected);
  });
});
