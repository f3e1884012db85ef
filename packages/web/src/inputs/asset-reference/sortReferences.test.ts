import { describe, expect, it } from 'vitest';
import { numbersOf, sortReferences } from './sortReferences.ts';

const titles = (entries: ReadonlyArray<{ title?: string | undefined }>) => entries.map((entry) => entry.title);

describe('list ordering (spec 002 §5): episode or season references sort by number, otherwise by title', () => {
  it('sorts seasons by their season number, not by title', () => {
    const seasons = [
      { stencil: 'season', title: 'A late season', numbers: [3] },
      { stencil: 'season', title: 'The first', numbers: [1] },
      { stencil: 'season', title: 'Second', numbers: [2] },
    ];
    expect(titles(sortReferences(seasons))).toEqual(['The first', 'Second', 'A late season']);
  });

  it('sorts episodes by number as numbers (2 before 10), unnumbered ones last by title', () => {
    const episodes = [
      { stencil: 'episode', title: 'Ten', numbers: [10] },
      { stencil: 'episode', title: 'Zulu', numbers: undefined },
      { stencil: 'episode', title: 'Two', numbers: [2] },
      { stencil: 'episode', title: 'Alpha', numbers: undefined },
    ];
    expect(titles(sortReferences(episodes))).toEqual(['Two', 'Ten', 'Alpha', 'Zulu']);
  });

  it('sorts podcast episodes by season, then episode number', () => {
    const episodes = [
      { stencil: 'podcast-episode', title: 's2e1', numbers: [2, 1] },
      { stencil: 'podcast-episode', title: 's1e2', numbers: [1, 2] },
      { stencil: 'podcast-episode', title: 's1e1', numbers: [1, 1] },
    ];
    expect(titles(sortReferences(episodes))).toEqual(['s1e1', 's1e2', 's2e1']);
  });

  it('sorts other references by title, as people read them, with unknown titles last', () => {
    const details = [
      { stencil: 'event-details', title: 'stage 10' },
      { stencil: 'event-details', title: undefined },
      { stencil: 'event-details', title: 'Stage 2' },
      { stencil: 'event-details', title: 'Accommodation' },
    ];
    expect(titles(sortReferences(details))).toEqual(['Accommodation', 'Stage 2', 'stage 10', undefined]);
  });

  it('sorts a list that mixes episodes with other stencils by title', () => {
    const mixed = [
      { stencil: 'episode', title: 'B', numbers: [1] },
      { stencil: 'video', title: 'A' },
    ];
    expect(titles(sortReferences(mixed))).toEqual(['A', 'B']);
  });

  it('keeps the order of equal keys and does not change its input', () => {
    const list = [
      { stencil: 'tag', title: 'Same', id: 1 },
      { stencil: 'tag', title: 'same', id: 2 },
    ];
    expect(sortReferences(list).map((entry) => entry.id)).toEqual([1, 2]);
    expect(sortReferences(list.toReversed()).map((entry) => entry.id)).toEqual([2, 1]);
  });

  it.each([
    { stencil: 'season', content: { 'season-number': 4 }, expected: [4] },
    { stencil: 'episode', content: { 'episode-number': 7 }, expected: [7] },
    { stencil: 'episode', content: {}, expected: undefined },
    { stencil: 'podcast-episode', content: { 'episode-number': 3 }, expected: [0, 3] },
    { stencil: 'podcast-episode', content: { 'season-number': 2, 'episode-number': 3 }, expected: [2, 3] },
    { stencil: 'podcast-episode', content: { 'season-number': 2 }, expected: undefined },
    { stencil: 'story', content: { 'episode-number': 1 }, expected: undefined },
  ])('reads the numbers of a $stencil with $content as $expected', ({ stencil, content, expected }) => {
    expect(numbersOf(stencil, content)).toEqual(expected);
  });
});
