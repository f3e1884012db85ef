import { describe, expect, it } from 'vitest';
import { areWindowsCheaper } from './searchRoute.ts';

describe('areWindowsCheaper', () => {
  it.each([
    // A million versions, as the planner estimated them in the figures of searchRoute.ts.
    ['a common word, nothing else', { versions: 1_000_000, matches: 418_600, kept: 1_000_000 }, true],
    ['two common words, drafts only', { versions: 1_000_000, matches: 175_966, kept: 247_249 }, true],
    ['a common word, athletes only', { versions: 1_000_000, matches: 418_600, kept: 81_618 }, false],
    ['six words that few versions hold', { versions: 1_000_000, matches: 5_292, kept: 1_000_000 }, false],
    ['five words that about one count of versions hold', { versions: 1_000_000, matches: 12_820, kept: 1_000_000 }, false],
    ['two common words in a tenth of the archive', { versions: 100_000, matches: 17_600, kept: 100_000 }, true],
    ['matches just short of one and a half counts', { versions: 1_000_000, matches: 15_001, kept: 1_000_000 }, false],
    ['matches of one and a half counts', { versions: 1_000_000, matches: 15_002, kept: 1_000_000 }, true],
    ['an empty archive', { versions: 0, matches: 0, kept: 0 }, false],
  ])('%s', (_, estimates, expected) => {
    expect(areWindowsCheaper(estimates)).toBe(expected);
  });
});
