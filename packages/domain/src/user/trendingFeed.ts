import { defaultTrendingLocales, defaultTrendingTypes } from '../dashboard/dashboard.ts';
import type { UserSettings } from './settings.ts';

/** The Latest Media Content feed as the trending call takes it (spec 001 §7), every list set. */
export interface TrendingFeed {
  assetTypes: string[];
  locales: string[];
  disciplines: string[];
  eventSeries: string[];
}

/**
 * Spec 001 §3, §9: the feed kept in the settings' `panels.trendingContent`, with the fallbacks for what was not
 * chosen: the default asset types (film and show too for video-on-demand users), the preferred locale else en,
 * no discipline and no event series. An empty list counts as not chosen.
 */
export function resolveTrendingFeed(settings: Pick<UserSettings, 'panels' | 'preferredLocalization'>, spaces: readonly string[]): TrendingFeed {
  const chosen = settings.panels?.trendingContent;
  const assetTypes = chosen?.assetTypes ?? [];
  const locales = chosen?.locales ?? [];
  return {
    assetTypes: assetTypes.length > 0 ? [...assetTypes] : defaultTrendingTypes(spaces),
    locales: locales.length > 0 ? [...locales] : defaultTrendingLocales(settings.preferredLocalization),
    disciplines: [...(chosen?.disciplines ?? [])],
    eventSeries: [...(chosen?.eventSeries ?? [])],
  };
}

/** The settings with a new feed kept in `panels.trendingContent`; the feed's name and other panels stay. */
export function withTrendingFeed<T extends Pick<UserSettings, 'panels'>>(settings: T, feed: TrendingFeed): T {
  const current = settings.panels?.trendingContent;
  return { ...settings, panels: { ...settings.panels, trendingContent: { ...current, ...feed } } };
}
