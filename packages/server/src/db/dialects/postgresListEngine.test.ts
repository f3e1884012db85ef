import { describe, expect, it } from 'vitest';
import { areWindowsCheaper } from './postgresListEngine.ts';

describe('areWindowsCheaper', () => {
  it.each([
    // As the planner estimated them in the figures of postgresListEngine.ts: matches, and kept versions of all (a share of 1: none other).
    ['a common word, nothing else', { matches: 418_600, share: 1 }, true],
    ['two common words, drafts only', { matches: 175_966, share: 247_249 / 1_000_000 }, true],
    ['a common word, athletes only', { matches: 418_600, share: 81_618 / 1_000_000 }, false],
    ['six words that few versions hold', { matches: 5_292, share: 1 }, false],
    ['five words that about one count of versions hold', { matches: 12_820, share: 1 }, false],
    ['two common words in a tenth of the archive', { matches: 17_600, share: 1 }, true],
    ['matches just short of one and a half counts', { matches: 15_001, share: 1 }, false],
    ['matches of one and a half counts', { matches: 15_002, share: 1 }, true],
    ['an empty archive', { matches: 0, share: 1 }, false],
  ])('%s', (_, estimates, expected) => {
    expect(areWindowsCheaper(estimates)).toBe(expected);
  });
});
