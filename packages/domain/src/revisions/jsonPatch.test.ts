import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diffJson, jsonEquals } from './jsonPatch.ts';

const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a/b', '~x', 'value')), tie('value'), { maxKeys: 5 }),
})).value;

describe('diffJson and applyPatch', () => {
  it('rebuilds any value from any other with the patch between them', () => {
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(jsonEquals(applyPatch(before, diffJson(before, after)), after)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the original untouched', () => {
    const before = { story: { value: [{ type: 'text', value: 'a' }] } };
    applyPatch(before, [{ op: 'replace', path: '/story/value/0/value', value: 'b' }]);
    expect(before.story.value[0]?.value).toBe('a');
  });

  it('writes one small operation for one element changed in a long list', () => {
    const before = { story: { value: Array.from({ length: 300 }, (_, i) => ({ type: 'text', value: `paragraph ${i}` })) } };
    const after = structuredClone(before);
    after.story.value[150] = { type: 'text', value: 'changed' };
    expect(diffJson(before, after)).toEqual([{ op: 'replace', path: '/story/value/150/value', value: 'changed' }]);
    const inserted = structuredClone(before);
    inserted.story.value.splice(10, 0, { type: 'image', value: 'x' });
    expect(diffJson(before, inserted)).toEqual([{ op: 'add', path: '/story/value/10', value: { type: 'image', value: 'x' } }]);
  });

  it('answers no operations for equal values, whatever the key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });
});
