import { describe, expect, it } from 'vitest';
import { changedPaths, groupChanges } from './changes.ts';
import { getIn, setIn } from './valuePath.ts';

describe('changedPaths', () => {
  it('finds nothing when the values are the same object or deeply equal', () => {
    const values = { title: 'A', tags: [{ id: '1', stencil: 'tag' }] };
    expect(changedPaths(values, values)).toEqual([]);
    expect(changedPaths(values, structuredClone(values))).toEqual([]);
  });

  it('names each changed leaf by its dotted path', () => {
    const original = { title: 'A', body: [{ type: 'text', value: '<p>x</p>' }, { type: 'text', value: '<p>y</p>' }] };
    const current = setIn(original, ['body', 1, 'value'], '<p>z</p>');
    expect(changedPaths(original, current)).toEqual(['body.1.value']);
  });

  it('treats clearing an absent field as no change', () => {
    expect(changedPaths({ teaser: undefined }, { teaser: '' })).toEqual([]);
    expect(changedPaths({}, { tags: [] })).toEqual([]);
  });

  it('reports added and removed list items', () => {
    expect(changedPaths({ list: ['a'] }, { list: ['a', 'b'] })).toEqual(['list.1']);
    expect(changedPaths({ list: ['a', 'b'] }, { list: ['a'] })).toEqual(['list.1']);
  });
});

describe('groupChanges (spec 002 §9)', () => {
  it('groups by the first 3 segments, or 5 for story content', () => {
    expect(
      groupChanges([
        'facts.0.fact-title',
        'facts.0.fact-text.1',
        'facts.0.fact-text.2',
        'story-content.3.value.0.quote-text',
        'story-content.3.value.0.quote-author',
        'story-content.3.value.1',
        'title',
      ]),
    ).toEqual(['facts.0.fact-title', 'facts.0.fact-text', 'story-content.3.value.0.quote-text', 'story-content.3.value.0.quote-author', 'story-content.3.value.1', 'title']);
  });
});

describe('setIn / getIn', () => {
  it('copies only the branch it changes', () => {
    const original = { a: { x: 1 }, b: { y: 2 }, list: [{ v: 1 }, { v: 2 }] };
    const next = setIn(original, ['list', 0, 'v'], 3);
    expect(next.b).toBe(original.b);
    expect(next.list[1]).toBe(original.list[1]);
    expect(getIn(next, ['list', 0, 'v'])).toBe(3);
    expect(getIn(original, ['list', 0, 'v'])).toBe(1);
  });

  it('removes a key set to undefined and reads missing steps as undefined', () => {
    expect(setIn({ a: 1, b: 2 }, ['a'], undefined)).toEqual({ b: 2 });
    expect(getIn({ a: [1] }, ['a', 3, 'x'])).toBeUndefined();
    expect(getIn({}, ['constructor'])).toBeUndefined();
  });
});
