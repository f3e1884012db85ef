import { describe, expect, it } from 'vitest';
import { buildTagIndex, searchTags, tokenize } from './bm25.ts';

const index = buildTagIndex([
  { id: 'a', titles: [{ locale: 'en', title: 'Cliff Diving' }, { locale: 'de', title: 'Klippenspringen' }] },
  { id: 'b', titles: [{ locale: 'en', title: 'Mountain Bike' }, { locale: 'de', title: 'Mountainbike' }] },
  { id: 'c', titles: [{ locale: 'en', title: 'Skiing' }] },
  { id: 'd', titles: [{ locale: 'en', title: 'Mountain Running' }] },
  { id: 'e', titles: [{ locale: 'en', title: 'Diving' }] },
]);

describe('BM25 tag scoring', () => {
  it('reads words without case, accents, punctuation or stop words', () => {
    expect(tokenize('The Zürich race, and its 2026 FINAL!')).toEqual(['zurich', 'race', '2026', 'final']);
  });

  it('ranks the tags whose titles the text names, rarer words weighing more', () => {
    const text = 'Riders took their mountain bike down the slope; the mountain bike final was decided on the last jump.';
    expect(searchTags(index, text, 3).map((tag) => tag.id)).toEqual(['b', 'd']);
  });

  it('prefers a tag that matches more of its words over a shorter partial match', () => {
    expect(searchTags(index, 'Cliff diving from 27 metres', 3).map((tag) => tag.id)).toEqual(['a', 'e']);
  });

  it('answers a tag in the title that shares most words with the text: an alias in another locale counts', () => {
    expect(searchTags(index, 'Klippenspringen in Mostar', 3)).toMatchObject([{ id: 'a', title: 'Klippenspringen', locale: 'de' }]);
    expect(searchTags(index, 'Skiing', 3)).toMatchObject([{ id: 'c', title: 'Skiing', locale: 'en' }]);
  });

  it('answers nothing for a text without known words, and at most the amount asked', () => {
    expect(searchTags(index, 'A quiet afternoon', 3)).toEqual([]);
    expect(searchTags(index, 'mountain diving skiing cliff bike running', 2)).toHaveLength(2);
  });
});
