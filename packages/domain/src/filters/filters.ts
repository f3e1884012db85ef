import { z } from 'zod';

/** Spec 001 §3: the filter names of the list pages, also their URL query keys. */
export const FILTER_KEYS = [
  'q',
  'sortBy',
  'stencil',
  'tagging',
  'localization',
  'publishstatus',
  'space',
  'infographic',
  'author',
  'authorshipId',
  'createdDateFrom',
  'createdDateTo',
  'publishDateFrom',
  'publishDateTo',
] as const;

export type FilterKey = (typeof FILTER_KEYS)[number];

const filterValue = z.union([z.string().max(500), z.array(z.string().max(500)).max(200)]);

export const filtersSchema = z.partialRecord(z.enum(FILTER_KEYS), filterValue);
export type Filters = z.infer<typeof filtersSchema>;

/** The body of `POST {p:filters}`: a filter preset to save. */
export const newSavedFilterSchema = z.strictObject({
  filters: filtersSchema,
});
export type NewSavedFilter = z.infer<typeof newSavedFilterSchema>;

function valuesOf(filters: Filters): string[] {
  return FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).filter((item) => item !== '');
  });
}

/** Spec 001 §2.3: a saved filter preset is labelled with its filter values. */
export function savedFilterLabel(filters: Filters): string {
  const { createdDateFrom, createdDateTo, ...rest } = filters;
  const values = valuesOf(rest);
  if (typeof createdDateFrom === 'string' && typeof createdDateTo === 'string') {
    // Spec 001 §5: the created-date range is shown joined by a slash.
    values.push(`${createdDateFrom}/${createdDateTo}`);
  }
  return values.join(', ');
}

/** Spec 000 §4: a saved filter is suggested when 1 to 9 values are active or both dates are set, never on PublicationOverview. */
export function shouldSuggestSavedFilter(filters: Filters, routeName: string): boolean {
  if (routeName === 'PublicationOverview') return false;
  const bothDates = Boolean(filters.createdDateFrom) && Boolean(filters.createdDateTo);
  const { createdDateFrom: _from, createdDateTo: _to, sortBy: _sort, ...rest } = filters;
  const count = valuesOf(rest).length;
  return (count >= 1 && count <= 9) || bothDates;
}
