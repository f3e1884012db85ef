import crypto from 'node:crypto';
import { DELIVERY_SORTS, type DeliverySort } from '@editor/domain';
import { badRequest } from '../../http/errors.ts';

/** Where a page of the delivery list ended: its order, and the sort value and key of its last version. */
export interface DeliveryCursor {
  sort: DeliverySort;
  value: string;
  id: string;
  locale: string;
}

const mac = (key: Buffer, payload: string, list: string) => crypto.createHmac('sha256', key).update(`${payload}\n${list}`).digest();

/** 400: a cursor the server did not make for this list (altered, made up, or of another list). */
export const invalidCursor = () => badRequest('cursor: this page link is not valid for this list; start the list again.');

/**
 * A `next` link's cursor, signed with the server's key together with the list it continues (`list`: the list's
 * filters and order): a client can hand it back, not alter it or carry it to another list.
 */
export function encodeCursor(cursor: DeliveryCursor, options: { key: Buffer; list: string }): string {
  const payload = Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id, cursor.locale])).toString('base64url');
  return `${payload}.${mac(options.key, payload, options.list).toString('base64url')}`;
}

export function decodeCursor(token: string, options: { key: Buffer; list: string }): DeliveryCursor {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const expected = mac(options.key, payload, options.list);
  const given = Buffer.from(signature, 'base64url');
  if (rest.length > 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalidCursor();
  const [sort, value, id, locale] = parsed as unknown[];
  if (!DELIVERY_SORTS.includes(sort as DeliverySort) || typeof value !== 'string' || typeof id !== 'string' || typeof locale !== 'string') throw invalidCursor();
  return { sort: sort as DeliverySort, value, id, locale };
}
