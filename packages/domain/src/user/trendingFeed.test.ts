import { describe, expect, it } from 'vitest';
import { resolveTrendingFeed, withTrendingFeed } from './trendingFeed.ts';
import { EMPTY_SETTINGS } from './settings.ts';

describe('resolveTrendingFeed (spec 001 §9 trending defaults)', () => {
  it.each([
    ['a user without the tv space', ['rbcom'], null, ['story', 'video', 'podcast-episode', 'podcast-show'], ['en']],
    ['a video-on-demand user (tv space)', ['rbcom', 'rbtv'], null, ['story', 'video', 'podcast-episode', 'podcast-show', 'film', 'show'], ['en']],
    ['a user with a preferred locale', ['rbcom'], 'de', ['story', 'video', 'podcast-episode', 'podcast-show'], ['de']],
  ])('gives the defaults to %s', (_who, spaces, preferred, assetTypes, locales) => {
    expect(resolveTrendingFeed({ ...EMPTY_SETTINGS, preferredLocalization: preferred }, spaces)).toEqual({ assetTypes, locales, disciplines: [], eventSeries: [] });
  });

  it('keeps what the user chose and treats an empty list as not chosen', () => {
    const settings = { ...EMPTY_SETTINGS, panels: { trendingContent: { assetTypes: ['video'], locales: [], disciplines: ['d1'], eventSeries: ['s1'] } } };
    expect(resolveTrendingFeed(settings, ['rbtv'])).toEqual({ assetTypes: ['video'], locales: ['en'], disciplines: ['d1'], eventSeries: ['s1'] });
  });
});

describe('withTrendingFeed', () => {
  it('stores the feed in panels.trendingContent and keeps its name', () => {
    const settings = { ...EMPTY_SETTINGS, panels: { trendingContent: { name: 'Mine', assetTypes: ['story'] } } };
    const feed = { assetTypes: ['video'], locales: ['fr'], disciplines: [], eventSeries: [] };
    expect(withTrendingFeed(settings, feed).panels?.trendingContent).toEqual({ name: 'Mine', ...feed });
    expect(withTrendingFeed(EMPTY_SETTINGS, feed)).toEqual({ ...EMPTY_SETTINGS, panels: { trendingContent: feed } });
  });
});
