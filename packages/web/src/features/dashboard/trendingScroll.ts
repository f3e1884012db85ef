/** Spec 001 §2.2: a trending card with its gap takes this much width; the list scrolls by whole cards. */
export const TRENDING_CARD_STEP = 234;

/**
 * How far one press of the arrows scrolls: every card fully in view, at least one, so the first card after them
 * becomes the first in view.
 */
export function trendingScrollStep(viewportWidth: number): number {
  return Math.max(1, Math.floor(viewportWidth / TRENDING_CARD_STEP)) * TRENDING_CARD_STEP;
}
