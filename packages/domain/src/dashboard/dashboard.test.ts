import { describe, expect, it } from 'vitest';
import {
  defaultTrendingLocales,
  defaultTrendingTypes,
  eventsQuerySchema,
  hasMorePanelEntries,
  isEventVisible,
  maintainableWindow,
} from './dashboard.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');

describe('dashboard rules', () => {
  it.each([
    [['rbcom'], ['story', 'video', 'podcast-episode', 'podcast-show']],
    [['rbtv'], ['story', 'video', 'podcast-episode', 'podcast-show', 'film', 'show']],
  ])('default trending types for spaces %j (spec 001 §9)', (spaces, expected) => {
    expect(defaultTrendingTypes(spaces)).toEqual(expected);
  });

  it.each([
    [null, ['en']],
    ['de', ['de']],
  ])('default trending locales for preferred locale %s (spec 001 §9)', (preferred, expected) => {
    expect(defaultTrendingLocales(preferred)).toEqual(expected);
  });

  it.each([
    ['2026-06-20T00:00:00.000Z', true],
    ['2026-03-08T12:00:00.000Z', true],
    ['2026-03-07T11:59:59.999Z', false],
  ])('an event ending %s is visible: %s (spec 001 §5, 100 days)', (end, expected) => {
    expect(isEventVisible(end, NOW)).toBe(expected);
  });

  it('maintainable windows reach 60 days into the future or the past (spec 001 §9)', () => {
    expect(maintainableWindow('future', NOW)).toEqual({ from: '2026-06-15T12:00:00.000Z', to: '2026-08-14T12:00:00.000Z' });
    expect(maintainableWindow('past', NOW)).toEqual({ from: '2026-04-16T12:00:00.000Z', to: '2026-06-15T12:00:00.000Z' });
  });

  it('offers more panel entries only after a full page (spec 001 §9)', () => {
    expect(hasMorePanelEntries(10, 10)).toBe(true);
    expect(hasMorePanelEntries(9, 10)).toBe(false);
  });

  it('reads the events query with its defaults: page 1 of 10, hosted by the organisation on', () => {
    expect(eventsQuerySchema.parse({})).toEqual({ 'page[number]': 1, 'page[size]': 10, onlyHostedByProduct: true });
    expect(eventsQuerySchema.parse({ 'page[number]': '3', onlyHostedByProduct: 'false' })).toMatchObject({ 'page[number]': 3, onlyHostedByProduct: false });
  });
});
