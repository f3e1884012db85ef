import { badRequest } from '../../http/errors.ts';
import type { ArchivePosition } from './repository.ts';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ITEM_ID = /^[A-Za-z0-9-]{1,36}$/;

/** The archive's `searchAfter`: an opaque base64url of the last item's (ingest timestamp, id). */
export function encodeArchiveCursor(position: ArchivePosition): string {
  return Buffer.from(JSON.stringify([position.ingestTimestamp, position.id])).toString('base64url');
}

const refuse = () => badRequest('searchAfter: not a cursor of this list. Start again from the first page.');

/**
 * Reads a `searchAfter` and checks every part of it; anything that is not a cursor this server wrote is a 400. A
 * well-formed cursor only names a place in the order, so it needs no signature: it cannot reach an item the filters
 * and rights do not already allow.
 */
export function decodeArchiveCursor(cursor: string): ArchivePosition {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw refuse();
  const [ingestTimestamp, id] = parsed as unknown[];
  if (typeof ingestTimestamp !== 'string' || !ISO_TIMESTAMP.test(ingestTimestamp) || Number.isNaN(Date.parse(ingestTimestamp))) throw refuse();
  if (typeof id !== 'string' || !ITEM_ID.test(id)) throw refuse();
  return { ingestTimestamp, id };
}
