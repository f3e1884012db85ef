import { describe, expect, it } from 'vitest';
import { describeEaql, parseEaql, type EaqlNode } from '@editor/domain';
import { splitFullText, splitWorded } from './eaqlSql.ts';

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

const worded = (query: string | undefined) => {
  const { words, rest } = splitWorded(query === undefined ? undefined : parsed(query));
  return { words, rest: rest && describeEaql(rest) };
};

describe('splitWorded', () => {
  const none = { stencil: [], locale: [], status: [] };

  it('asks the index for the stencils, localizations and statuses every match must have', () => {
    expect(worded('stencil = athlete')).toEqual({ words: { ...none, stencil: ['athlete'] }, rest: undefined });
    expect(worded('stencil in (story, video) AND (localization = de AND title ~ cliff) AND status = draft')).toEqual({
      words: { stencil: ['story', 'video'], locale: ['de'], status: ['draft'] },
      rest: describeEaql(parsed('title ~ cliff')),
    });
  });

  it.each([
    'stencil != story',
    'NOT stencil = story',
    'stencil = story OR status = draft',
    'stencil exists',
    'stencil = story AND stencil in (story, video)',
    'content.stencil = story',
    'title = story',
  ])('leaves %s as a condition', (query) => {
    expect(worded(query)).toEqual({ words: none, rest: describeEaql(parsed(query)) });
  });

  it('has nothing to split without a condition', () => {
    expect(worded(undefined)).toEqual({ words: none, rest: undefined });
  });
});
