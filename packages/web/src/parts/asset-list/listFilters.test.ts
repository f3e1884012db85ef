import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  hasActiveFilters,
  hasFilterQuery,
  initialFilters,
  isSameFilters,
  listRequestParams,
  publicationPeriod,
  searchOfFilters,
  tabFilters,
  userFilters,
  withFilter,
} from './listFilters.ts';

const settings = { defaultFilter: null, defaultSpace: 'rbcom', useAutoFilter: false };

describe('filters in the URL (spec 000 §2)', () => {
  it('reads filter names as keys and splits multi values at commas', () => {
    const filters = filtersFromSearch(new URLSearchParams('q=red, bull&stencil=story,video&space=rbcom&sortBy=lastPublished&other=x'));
    expect(filters).toEqual({ q: 'red, bull', stencil: ['story', 'video'], space: ['rbcom'], sortBy: 'lastPublished' });
  });

  it('writes them back comma-joined, in the order of the filter names', () => {
    expect(searchOfFilters({ space: ['rbcom', 'global'], q: 'cliff diving', stencil: ['story'] })).toBe('?q=cliff%20diving&stencil=story&space=rbcom,global');
    expect(searchOfFilters({})).toBe('');
  });

  it('survives the round trip', () => {
    const filters = { q: 'a&b', stencil: ['story', 'video'], createdDateFrom: '2026-01-01', createdDateTo: '2026-01-31', infographic: 'true' };
    expect(filtersFromSearch(new URLSearchParams(searchOfFilters(filters)))).toEqual(filters);
  });

  it('knows an empty query from one with filters', () => {
    expect(hasFilterQuery(new URLSearchParams(''))).toBe(false);
    expect(hasFilterQuery(new URLSearchParams('foo=bar'))).toBe(false);
    expect(hasFilterQuery(new URLSearchParams('sortBy=lastCreated'))).toBe(true);
  });

  it('drops a filter whose last value is removed', () => {
    expect(withFilter({ stencil: ['story'], q: 'x' }, 'stencil', [])).toEqual({ q: 'x' });
    expect(withFilter({}, 'author', 'Emma Editor')).toEqual({ author: 'Emma Editor' });
  });
});

describe('tab defaults (spec 001 §2.3)', () => {
  const savedFilters = [{ id: 'f1', filters: { stencil: 'video,story', publishstatus: 'published' } }];

  it("applies the user's default filter on AllContent outside a modal", () => {
    const source = { tab: 'AllContent' as const, isModal: false, settings: { ...settings, defaultFilter: 'f1' }, savedFilters };
    expect(initialFilters(source)).toEqual({ stencil: ['video', 'story'], publishstatus: ['published'] });
    expect(initialFilters({ ...source, isModal: true })).toEqual({});
    expect(initialFilters({ ...source, tab: 'Favorites' })).toEqual({});
  });

  it('adds the default space with the auto space filter, on AllContent only', () => {
    const source = { tab: 'AllContent' as const, isModal: false, settings: { ...settings, useAutoFilter: true }, savedFilters };
    expect(initialFilters(source)).toEqual({ space: ['rbcom'] });
    expect(initialFilters({ ...source, tab: 'MyContent' })).toEqual({});
    expect(initialFilters({ ...source, settings: { ...source.settings, useAutoFilter: false } })).toEqual({});
  });

  it('gives PublicationOverview the current month in UTC unless dates were chosen', () => {
    const now = new Date('2026-02-14T23:30:00-05:00');
    expect(publicationPeriod(now)).toEqual({ publishDateFrom: '2026-02-01', publishDateTo: '2026-02-28' });
    expect(tabFilters({}, 'PublicationOverview', now)).toEqual({ publishDateFrom: '2026-02-01', publishDateTo: '2026-02-28' });
    expect(tabFilters({ publishDateFrom: '2026-01-10' }, 'PublicationOverview', now)).toEqual({ publishDateFrom: '2026-01-10', publishDateTo: '2026-02-28' });
    expect(tabFilters({}, 'AllContent', now)).toEqual({});
  });

  it("keeps MyContent's author out of the user's filters", () => {
    expect(userFilters({ author: 'Someone', stencil: ['story'] }, 'MyContent')).toEqual({ stencil: ['story'] });
    expect(userFilters({ author: 'Someone' }, 'AllContent')).toEqual({ author: 'Someone' });
  });
});

const request = (filters: Parameters<typeof listRequestParams>[0]['filters'], tab: Parameters<typeof listRequestParams>[0]['tab'] = 'AllContent') =>
  listRequestParams({ filters, tab, userName: 'Emma Editor' });

describe('the list call parameters (spec 001 §3, §7)', () => {
  it('sends the filters comma-joined with the page size', () => {
    expect(request({ stencil: ['story', 'video'], q: 'cliff' })).toEqual({ limit: '12', q: 'cliff', stencil: 'story,video' });
  });

  it('adds bookmarked on Favorites and the user as author on MyContent', () => {
    expect(request({}, 'Favorites')).toEqual({ bookmarked: 'true', limit: '12' });
    expect(request({ author: 'Someone else' }, 'MyContent')).toEqual({ author: 'Emma Editor', limit: '12' });
  });

  it('sends the created range only with both dates (spec 001 §5)', () => {
    expect(request({ createdDateFrom: '2026-01-01' })).toEqual({ limit: '12' });
    expect(request({ createdDateFrom: '2026-01-01', createdDateTo: '2026-01-31' })).toEqual({ createdDateFrom: '2026-01-01', createdDateTo: '2026-01-31', limit: '12' });
  });

  it('leaves the default order out', () => {
    expect(request({ sortBy: 'lastEdited' })).toEqual({ limit: '12' });
    expect(request({ sortBy: 'lastCreated' })).toEqual({ limit: '12', sortBy: 'lastCreated' });
  });

  it("limits a picker to its allowed stencils, narrowed by the user's choice", () => {
    const allowed = ['image', 'video'];
    expect(listRequestParams({ filters: {}, tab: 'AllContent', userName: 'E', allowedStencils: allowed }).stencil).toBe('image,video');
    expect(listRequestParams({ filters: { stencil: ['video', 'story'] }, tab: 'AllContent', userName: 'E', allowedStencils: allowed }).stencil).toBe('video');
  });
});

describe('comparing filters', () => {
  it('counts every filter but the sort as active', () => {
    expect(hasActiveFilters({ sortBy: 'lastCreated' })).toBe(false);
    expect(hasActiveFilters({ q: 'x' })).toBe(true);
  });

  it('sees the same preset whether values are joined or listed, ignoring the sort', () => {
    expect(isSameFilters({ stencil: 'story,video' }, { stencil: ['story', 'video'], sortBy: 'lastCreated' })).toBe(true);
    expect(isSameFilters({ stencil: 'story' }, { stencil: ['story', 'video'] })).toBe(false);
  });
});
