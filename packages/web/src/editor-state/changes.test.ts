import { describe, expect, it } from 'vitest';
import { changedGroups, changedPaths, groupChanges } from './changes.ts';
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

/** A story whose content is one paragraph per text. */
const story = (texts: readonly string[]) => ({ title: 'A', 'story-content': texts.map((text) => ({ type: 'paragraph', value: { text, marks: [] } })) });

describe('changedGroups', () => {
  it('names each group once, as grouping every changed path would', () => {
    const original = story(['a', 'b', 'c', 'd']);
    const removed = story(['a', 'c', 'd']);
    expect(changedGroups(original, removed)).toEqual(['story-content.1.value.text', 'story-content.2.value.text', 'story-content.3']);
    expect(changedGroups(original, removed)).toEqual(groupChanges(changedPaths(original, removed)));
    expect(changedGroups({ facts: [{ 'fact-text': ['x', 'y'] }] }, { facts: [{ 'fact-text': ['x', 'z', 'w'] }] })).toEqual(['facts.0.fact-text']);
  });

  it('puts the prefix before every group and groups under it as its first segment', () => {
    expect(changedGroups({ image: { crop: { x: 1 } } }, { image: { crop: { x: 2 } } }, '_meta')).toEqual(['_meta.image.crop']);
  });

  it('agrees with grouped changedPaths on random values, empty ones counting as nothing', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const leaves = ['', 'a', 'b', 0, 1, null, undefined, [], {}];
    const valueOf = (depth: number): unknown => {
      // Values and metas are records at the top, as the store holds them.
      const kind = depth === 0 ? 2 : depth > 5 ? 0 : random(4);
      if (kind === 0) return leaves[random(leaves.length)];
      if (kind === 1) return Array.from({ length: random(4) }, () => valueOf(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, (_, index) => [['story-content', 'value', 'text', 'x'][(index + random(4)) % 4] ?? 'x', valueOf(depth + 1)]));
    };
    for (let round = 0; round < 2000; round++) {
      const original = valueOf(0);
      const current = random(3) === 0 ? structuredClone(original) : valueOf(0);
      expect(changedGroups(original, current)).toEqual(groupChanges(changedPaths(original, current)));
      expect(changedGroups(original, current, '_meta')).toEqual(groupChanges(changedPaths(original, current).map((path) => `_meta.${path}`)));
    }
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
