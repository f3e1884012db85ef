import { DEFAULT_PAGE_SIZE, FILTER_KEYS, type FilterKey, type Filters, type SavedFilter } from '@editor/domain';

/** The tabs that show the asset list (spec 001 §2.3). */
export type ListTab = 'AllContent' | 'Favorites' | 'MyContent' | 'PublicationOverview';

/** Filters that hold several values; the URL and the list call join them with commas. */
export const MULTI_FILTER_KEYS = ['stencil', 'tagging', 'localization', 'publishstatus', 'space', 'authorshipId'] as const satisfies readonly FilterKey[];

export function isMultiFilter(key: FilterKey): boolean {
  return (MULTI_FILTER_KEYS as readonly FilterKey[]).includes(key);
}

const isFilterKey = (key: string): key is FilterKey => (FILTER_KEYS as readonly string[]).includes(key);

/** A filter's values as a list, whether it was stored as one string or several. */
export function filterValues(filters: Filters, key: FilterKey): string[] {
  const value = filters[key];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : isMultiFilter(key) ? value.split(',') : [value];
  return values.map((item) => item.trim()).filter((item) => item !== '');
}

/** A single-valued filter's value; undefined when not set. */
export function filterValue(filters: Filters, key: FilterKey): string | undefined {
  return filterValues(filters, key)[0];
}

/** The filters with one filter replaced; no values removes it. */
export function withFilter(filters: Filters, key: FilterKey, values: readonly string[] | string | undefined): Filters {
  const list = (typeof values === 'string' ? [values] : (values ?? [])).filter((item) => item.trim() !== '');
  const { [key]: _replaced, ...rest } = filters;
  if (list.length === 0) return rest;
  return { ...rest, [key]: isMultiFilter(key) ? [...list] : list[0] };
}

/** Every filter in one shape: lists for multi-valued filters, strings for the others, nothing empty. */
export function normalizeFilters(filters: Filters): Filters {
  return FILTER_KEYS.reduce<Filters>((normalized, key) => withFilter(normalized, key, filterValues(filters, key)), {});
}

/** Spec 000 §2: the list's filters live in the URL query; filter names are the keys, multi values comma-joined. */
export function filtersFromSearch(search: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const [key, value] of search) {
    if (isFilterKey(key)) Object.assign(filters, withFilter(filters, key, isMultiFilter(key) ? value.split(',') : value));
  }
  return normalizeFilters(filters);
}

/** The query string of a set of filters, in the order of FILTER_KEYS; commas between values stay readable. */
export function searchOfFilters(filters: Filters): string {
  const parts = FILTER_KEYS.flatMap((key) => {
    const values = filterValues(filters, key);
    if (values.length === 0) return [];
    return [`${key}=${values.map(encodeURIComponent).join(',')}`];
  });
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** Whether the URL names any filter; spec 001 §2.3 applies the default filter only to an empty query. */
export function hasFilterQuery(search: URLSearchParams): boolean {
  return [...search.keys()].some(isFilterKey);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Spec 001 §2.3 PublicationOverview: the current month in UTC, as the first and last day. */
export function publicationPeriod(now: Date): { publishDateFrom: string; publishDateTo: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { publishDateFrom: day(start), publishDateTo: day(end) };
}

/** What the tab defaults are computed from. */
export interface ListDefaultsSource {
  tab: ListTab;
  isModal: boolean;
  /** The resolved settings (spec 000 §4 fallbacks applied). */
  settings: { defaultFilter: string | null; defaultSpace: string | null; useAutoFilter: boolean };
  savedFilters: readonly Pick<SavedFilter, 'id' | 'filters'>[];
}

/**
 * The filters a list starts with when nobody chose any (spec 001 §2.3): on AllContent outside a modal the user's
 * default filter; otherwise, with the auto space filter on, the user's default space on AllContent.
 */
export function initialFilters(source: ListDefaultsSource): Filters {
  if (source.tab !== 'AllContent') return {};
  const { settings } = source;
  const defaultFilter = settings.defaultFilter ? source.savedFilters.find((filter) => filter.id === settings.defaultFilter) : undefined;
  if (defaultFilter && !source.isModal) return normalizeFilters(defaultFilter.filters);
  if (settings.useAutoFilter && settings.defaultSpace) return { space: [settings.defaultSpace] };
  return {};
}

/** The filters in force on a tab: PublicationOverview always has a publish date range, by default this month. */
export function tabFilters(filters: Filters, tab: ListTab, now: Date): Filters {
  if (tab !== 'PublicationOverview') return filters;
  const period = publicationPeriod(now);
  return {
    ...filters,
    publishDateFrom: filterValue(filters, 'publishDateFrom') ?? period.publishDateFrom,
    publishDateTo: filterValue(filters, 'publishDateTo') ?? period.publishDateTo,
  };
}

/** Filters the tab fixes itself are not the user's to see or change: MyContent's author. */
export function userFilters(filters: Filters, tab: ListTab): Filters {
  if (tab !== 'MyContent') return filters;
  const { author: _fixed, ...rest } = filters;
  return rest;
}

/** A preset saves what is filtered, not the order (the sort is not part of it). */
export function savableFilters(filters: Filters): Filters {
  const { sortBy: _sort, ...rest } = normalizeFilters(filters);
  return rest;
}

export function isSameFilters(a: Filters, b: Filters): boolean {
  return searchOfFilters(savableFilters(a)) === searchOfFilters(savableFilters(b));
}

/** Whether any filter is set besides the sort: the count text then ends in ' in' (spec 001 §2.3). */
export function hasActiveFilters(filters: Filters): boolean {
  return FILTER_KEYS.some((key) => key !== 'sortBy' && filterValues(filters, key).length > 0);
}

/**
 * The query parameters of the list call (spec 001 §3, §7): the filters, the tab's own ones (Favorites:
 * bookmarked; MyContent: the user as author), the allowed stencils of a picker, and the page size.
 */
export function listRequestParams(input: {
  filters: Filters;
  tab: ListTab;
  userName: string;
  allowedStencils?: readonly string[] | undefined;
}): Record<string, string> {
  const { filters, tab } = input;
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const values = filterValues(filters, key);
    if (values.length > 0) params[key] = values.join(',');
  }
  // The default order needs no parameter.
  if (params.sortBy === 'lastEdited') delete params.sortBy;
  // Spec 001 §5: the created-date filter applies only with both dates.
  if (!params.createdDateFrom || !params.createdDateTo) {
    delete params.createdDateFrom;
    delete params.createdDateTo;
  }
  if (input.allowedStencils && input.allowedStencils.length > 0) {
    const allowed = input.allowedStencils;
    const chosen = filterValues(filters, 'stencil').filter((stencil) => allowed.includes(stencil));
    params.stencil = (chosen.length > 0 ? chosen : allowed).join(',');
  }
  if (tab === 'Favorites') params.bookmarked = 'true';
  if (tab === 'MyContent') params.author = input.userName;
  params.limit = String(DEFAULT_PAGE_SIZE);
  return Object.fromEntries(Object.entries(params).toSorted(([a], [b]) => a.localeCompare(b)));
}

/** The path of the first page of a list call. */
export function listPath(params: Readonly<Record<string, string>>): string {
  return `/api/v1/assets?${new URLSearchParams(params).toString()}`;
}
