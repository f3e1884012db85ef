import { describe, expect, it } from 'vitest';
import { TRENDING_CARD_STEP, trendingScrollStep } from './trendingScroll.ts';

describe('trendingScrollStep (spec 001 §2.2, card width step 234 px)', () => {
  it.each([
    [1000, 4 * TRENDING_CARD_STEP],
    [936, 4 * TRENDING_CARD_STEP],
    [935, 3 * TRENDING_CARD_STEP],
    [100, TRENDING_CARD_STEP],
    [0, TRENDING_CARD_STEP],
  ])('scrolls a %i px wide list by %i px', (width, step) => {
    expect(trendingScrollStep(width)).toBe(step);
  });
});
