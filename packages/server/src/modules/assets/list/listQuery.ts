import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_OPTIONS, type SortOption } from '@editor/domain';
import { badRequest } from '../../../http/errors.ts';

/** A multi-value filter: comma-joined (`stencil=story,video`) or repeated (`stencil=story&stencil=video`). */
const multi = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) => item.split(','));
    return values.map((item) => item.trim()).filter(Boolean);
  });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const date = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === '' || DAY.test(value) || !Number.isNaN(Date.parse(value)), 'must be a date like 2026-01-31')
  .transform((value) => (value ? value : undefined));

/** Spec 001 §3: the filters of the list call, as query parameters. */
export const listQuerySchema = z.object({
  q: z.string().max(2000).optional(),
  sortBy: z.enum(SORT_OPTIONS).optional(),
  stencil: multi,
  tagging: multi,
  localization: multi,
  publishstatus: multi,
  space: multi,
  infographic: z.enum(['true', 'false']).optional(),
  author: z.string().max(255).optional(),
  authorshipId: multi,
  createdDateFrom: date,
  createdDateTo: date,
  publishDateFrom: date,
  publishDateTo: date,
  bookmarked: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  next: z.string().max(1000).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

/** A day (2026-01-31) as the first or last instant of it in UTC; a full timestamp as it is. */
export function dayBound(value: string, end: 'start' | 'end'): string {
  if (!DAY.test(value)) return new Date(value).toISOString();
  return end === 'start' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
}

/** Where a page ends: the sort value and key of its last row (keyset pagination). */
export interface Cursor {
  sortBy: SortOption;
  value: string | number;
  id: string;
  locale: string;
  /** The first page's total, so following pages need not count again. */
  total: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.value, cursor.id, cursor.locale, cursor.total])).toString('base64url');
}

/** 400: a `next` link that does not fit the list any more (broken, or from an older version of the list). */
export const invalidPageLink = () => badRequest('next: this page link is not valid any more; start the list again.');

export function decodeCursor(token: string): Cursor {
  try {
    const [sortBy, value, id, locale, total] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    const valid =
      SORT_OPTIONS.includes(sortBy as SortOption) &&
      (typeof value === 'string' || typeof value === 'number') &&
      typeof id === 'string' &&
      typeof locale === 'string' &&
      typeof total === 'number';
    if (!valid) throw new Error('bad cursor');
    return { sortBy: sortBy as SortOption, value: value as string | number, id: id as string, locale: locale as string, total: total as number };
  } catch {
    throw invalidPageLink();
  }
}
