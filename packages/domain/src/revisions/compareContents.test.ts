import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '../asset/inputs.ts';
import { changedPathsOf, compareContents, compareElements, compareWords } from './compareContents.ts';
import { diffSequences } from './sequenceDiff.ts';

const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'rich-text', view: { label: 'Teaser' } },
  { name: 'story-content', type: 'one-of-container', multiple: true, view: { label: 'Story' } },
  { name: 'image', type: 'image', view: { label: 'Image' } },
  { name: 'category', type: 'select', view: { label: 'Category' } },
];

describe('diffSequences', () => {
  it('keeps a longest common part and rebuilds both sides', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 30 }), fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 30 }), (a, b) => {
        const steps = diffSequences(a, b);
        expect(steps.flatMap((step) => (step.op === 'added' ? [] : [a[step.before]]))).toEqual(a);
        expect(steps.flatMap((step) => (step.op === 'removed' ? [] : [b[step.after]]))).toEqual(b);
        const kept = steps.flatMap((step) => (step.op === 'same' ? [[a[step.before], b[step.after]]] : []));
        expect(kept.every(([x, y]) => x === y)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('compareContents', () => {
  it('names the words added and removed in a text and in rich text', () => {
    expect(compareWords('The quick fox', 'The slow brown fox')).toEqual([
      { op: 'same', text: 'The' },
      { op: 'removed', text: 'quick' },
      { op: 'added', text: 'slow brown' },
      { op: 'same', text: 'fox' },
    ]);
    expect(compareWords('<p>Hello <b>big</b> world</p>', '<p>Hello world</p>')).toEqual([
      { op: 'same', text: 'Hello' },
      { op: 'removed', text: 'big' },
      { op: 'same', text: 'world' },
    ]);
  });

  it('names story elements added, removed and moved', () => {
    const a = { type: 'text', value: '<p>A</p>' };
    const b = { type: 'text', value: '<p>B</p>' };
    const c = { type: 'image', value: { id: 'c' } };
    const d = { type: 'text', value: '<p>D</p>' };
    const changes = compareElements([a, b, c], [c, a, d]);
    expect(changes.map((change) => [change.op, change.before, change.after, change.type])).toEqual([
      ['removed', 1, undefined, 'text'],
      ['same', 2, 0, 'image'],
      ['moved', 0, 1, 'text'],
      ['added', undefined, 2, 'text'],
    ]);
  });

  it('gives before and after for media and selects, and leaves unchanged inputs out', () => {
    const fields = compareContents({
      inputs,
      before: { title: { value: 'Same' }, image: { value: { id: 'old' } }, category: { value: 'news' } },
      after: { title: { value: 'Same' }, image: { value: { id: 'new' } } },
    });
    expect(fields).toEqual([
      { input: 'image', label: 'Image', kind: 'value', before: { id: 'old' }, after: { id: 'new' } },
      { input: 'category', label: 'Category', kind: 'value', before: 'news', after: null },
    ]);
  });

  it('compares each kind of input by its type', () => {
    const fields = compareContents({
      inputs,
      before: { title: { value: 'One' }, 'story-content': { value: [{ type: 'text', value: 'x' }] } },
      after: { title: { value: 'Two' }, 'story-content': { value: [] }, gone: { value: 1 } },
    });
    expect(fields.map((field) => [field.input, field.kind])).toEqual([
      ['title', 'words'],
      ['story-content', 'elements'],
      ['gone', 'value'],
    ]);
  });
});

describe('changedPathsOf', () => {
  it('names the input and the element of a list a patch touched', () => {
    expect(
      changedPathsOf([
        { path: '/title/value' },
        { path: '/story-content/value/12/value' },
        { path: '/story-content/value/12' },
        { path: '/teaser/_meta/style' },
        { path: '/seo~1title' },
      ]),
    ).toEqual(['title', 'story-content[12]', 'teaser', 'seo/title']);
  });
});
