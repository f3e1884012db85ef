import { z } from 'zod';
import crypto from 'node:crypto';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_OPTIONS, normaliseEaqlDate, type SortOption } from '@editor/domain';
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
/** A day (2026-01-31) or a date-time with zone; a day that does not exist (2026-02-30, 2026-13-45) is refused. */
const date = z
  .string()
  .optional()
  .refine((value) => value === undefined || value === '' || normaliseEaqlDate(value) !== undefined, 'must be a date like 2026-01-31')
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
  if (!DAY.test(value)) return normaliseEaqlDate(value) ?? new Date(value).toISOString();
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

/** The list a page link belongs to: its query without the link and the page size. */
function listFingerprint(query: ListQuery): string {
  const { next: _next, limit: _limit, ...list } = query;
  return JSON.stringify(list);
}

const mac = (key: Buffer, payload: string, query: ListQuery) => crypto.createHmac('sha256', key).update(`${payload}\n${listFingerprint(query)}`).digest();

/**
 * A `next` link's cursor, signed with the server's key together with the list it belongs to: a client can hand it
 * back, not make one up or carry it to another list (its total and sort value are the server's own).
 */
export function encodeCursor(cursor: Cursor, options: { key: Buffer; query: ListQuery }): string {
  const payload = Buffer.from(JSON.stringify([cursor.sortBy, cursor.value, cursor.id, cursor.locale, cursor.total])).toString('base64url');
  return `${payload}.${mac(options.key, payload, options.query).toString('base64url')}`;
}

/** 400: a `next` link that does not fit the list any more (broken, made up, or from an older version of the list). */
export const invalidPageLink = () => badRequest('next: this page link is not valid any more; start the list again.');

export function decodeCursor(token: string, options: { key: Buffer; query: ListQuery }): Cursor {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const expected = mac(options.key, payload, options.query);
  const given = Buffer.from(signature, 'base64url');
  if (rest.length > 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalidPageLink();
  try {
    const [sortBy, value, id, locale, total] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    const valid =
      SORT_OPTIONS.includes(sortBy as SortOption) &&
      (typeof value === 'string' || typeof value === 'number') &&
      typeof id === 'string' &&
      typeof locale === 'string' &&
      Number.isSafeInteger(total) &&
      (total as number) >= 0;
    if (!valid) throw new Error('bad cursor');
    return { sortBy: sortBy as SortOption, value: value as string | number, id: id as string, locale: locale as string, total: total as number };
  } catch {
    throw invalidPageLink();
  }
}
