/** How far back publishes and the signals count (docs/decisions.md, "Trending content"). */
export const TRENDING_WINDOW_DAYS = 30;
/** At most this many of the newest publishes in the window are ranked: the feed is about what is recent. */
export const TRENDING_CANDIDATES = 500;
/**
 * How long a ranking is answered again without reading the signals (docs/decisions.md, "Trending content"): a publish
 * or unpublish through this instance forgets it sooner.
 */
export const TRENDING_RANKING_MS = 60_000;
/** A publish's weight halves every week. */
const HALF_LIFE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the product records about an asset over the window. */
export interface TrendingSignals {
  /** Saves (history entries) of any of its versions within the window. */
  edits: number;
  /** Bookmarks set on any of its versions within the window. */
  bookmarks: number;
  /** Other asset versions that reference it now. */
  uses: number;
}

/**
 * The trending score of an asset (docs/decisions.md, "Trending content"): (1 + edits + 3·bookmarks + 5·uses),
 * halved for every week since its newest publish. A use in another asset weighs most (it spreads the content),
 * a bookmark next (someone means to come back), an edit least (it is also routine work).
 */
export function trendingScore(signals: TrendingSignals, input: { lastPublishedAt: string; now: Date }): number {
  const ageDays = Math.max(0, (input.now.getTime() - Date.parse(input.lastPublishedAt)) / DAY_MS);
  return (1 + signals.edits + 3 * signals.bookmarks + 5 * signals.uses) * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

/** The start of the window, as an ISO time. */
export function trendingWindowStart(now: Date): string {
  return new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS).toISOString();
}
