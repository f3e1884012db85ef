import { describe, expect, it } from 'vitest';
import { addReferences, moveReference, referenceKeys, referencesOf, referenceValueOf, removeReferenceAt } from './referenceValue.ts';

const a = { id: 'a', stencil: 'story' };
const b = { id: 'b', stencil: 'video' };
const c = { id: 'c', stencil: 'image' };

describe('reference values (spec 002 §3 reference value)', () => {
  it.each([
    { value: undefined, expected: [] },
    { value: a, expected: [a] },
    { value: [a, b], expected: [a, b] },
    { value: [a, { id: 'x' }, 'y', b], expected: [a, b] },
    { value: 'a', expected: [] },
  ])('reads $value as $expected', ({ value, expected }) => {
    expect(referencesOf(value)).toEqual(expected);
  });

  it('writes a list for a multiple input, one reference otherwise, and nothing for no references', () => {
    expect(referenceValueOf([a, b], true)).toEqual([a, b]);
    expect(referenceValueOf([a], false)).toEqual(a);
    expect(referenceValueOf([], true)).toBeUndefined();
    expect(referenceValueOf([], false)).toBeUndefined();
  });

  it('replaces a single reference with the last pick', () => {
    expect(addReferences({ current: [a], picked: [b, c], isMultiple: false })).toEqual([c]);
    expect(addReferences({ current: [a], picked: [], isMultiple: false })).toEqual([a]);
  });

  it('appends new picks to a list in their order, without listing an asset twice', () => {
    expect(addReferences({ current: [a], picked: [c, a, b], isMultiple: true })).toEqual([a, c, b]);
  });

  it('leaves out picks of stencils the input does not allow', () => {
    expect(addReferences({ current: [], picked: [a, b], isMultiple: true, allowedStencils: ['video'] })).toEqual([b]);
    expect(addReferences({ current: [b], picked: [a], isMultiple: false, allowedStencils: ['video'] })).toEqual([b]);
  });

  it('keeps only id and stencil of a pick', () => {
    expect(addReferences({ current: [], picked: [{ ...a, title: 'A story' } as typeof a], isMultiple: true })).toEqual([a]);
  });

  it('removes and moves items', () => {
    expect(removeReferenceAt([a, b, c], 1)).toEqual([a, c]);
    expect(moveReference([a, b, c], 0, 2)).toEqual([b, c, a]);
    expect(moveReference([a, b, c], 2, 0)).toEqual([c, a, b]);
  });

  it('keys items by asset id, counting an asset listed twice', () => {
    expect(referenceKeys([a, b, a])).toEqual(['a', 'b', 'a#1']);
  });
});
