import { describe, expect, it } from 'vitest';
import { describeEaql, parseEaql, type EaqlNode } from '@editor/domain';
import { splitFullText } from './eaqlSql.ts';

const parsed = (query: string): EaqlNode => {
  const result = parseEaql(query);
  if (!result.ok) throw new Error(result.error.message);
  return result.query;
};
const split = (query: string) => {
  const { terms, rest } = splitFullText(parsed(query));
  return { terms, rest: rest && describeEaql(rest) };
};

describe('splitFullText', () => {
  it('searches the words of fulltext conditions every match must meet', () => {
    expect(split('fulltext ~ "cliff diving"')).toEqual({ terms: ['cliff', 'diving'], rest: undefined });
    expect(split('stencil = story AND (fulltext ~ cliff AND status = draft) AND fulltext ~ mostar')).toEqual({
      terms: ['cliff', 'mostar'],
      rest: describeEaql(parsed('stencil = story AND status = draft')),
    });
  });

  it('leaves fulltext under OR and NOT, and a condition without words, in the rest', () => {
    for (const query of ['fulltext ~ cliff OR stencil = story', 'NOT fulltext ~ cliff', 'fulltext ~ "!?"']) {
      expect(split(query)).toEqual({ terms: [], rest: describeEaql(parsed(query)) });
    }
  });

  it('keeps the words beyond what a search takes as a condition', () => {
    const words = Array.from({ length: 10 }, (_, index) => `w${index}`).join(' ');
    const { terms, rest } = split(`fulltext ~ "${words}" AND fulltext ~ "${words} x"`);
    expect(terms).toHaveLength(10);
    expect(rest).toBe(describeEaql(parsed(`fulltext ~ "${words} x"`)));
  });
});
