import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canReadAuditLog } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { forbidden } from '../../http/errors.ts';
import { AUDIT_EVENTS } from './auditLog.ts';
import { listEntries, type AuditRow } from './repository.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const AUDIT_LOG_PATH = '/api/v1/audit-log';
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  /** The id of the last entry of the previous page. */
  before: z.string().min(1).max(64).optional(),
  event: z.enum(AUDIT_EVENTS).optional(),
});

const hrefSchema = z.object({ href: z.string() });
/** The audit log page; only the server's own reference reads it, so its schema lives here. */
const auditLogPageSchema = z.object({
  _embedded: z.object({
    item: z.array(
      z.object({
        id: z.string(),
        at: z.string(),
        // As stored: an entry outlives a rename of its event.
        event: z.string(),
        userId: z.string().nullable(),
        clientAddress: z.string().nullable(),
        target: z.string().nullable(),
        outcome: z.string(),
        detail: z.record(z.string(), z.unknown()),
        /** How many refusals alike the entry stands for (of one minute, address, user and reason); 1 for the rest. */
        count: z.number().int(),
        /** The first and last of them; the entry's own time for the rest. */
        firstAt: z.string(),
        lastAt: z.string(),
      }),
    ),
  }),
  _links: z.object({ self: hrefSchema, next: hrefSchema.optional() }),
  size: z.number().int(),
});

function present(row: AuditRow) {
  return {
    id: row.id,
    at: row.at,
    event: row.event,
    userId: row.user_id,
    clientAddress: row.client_address,
    target: row.target,
    outcome: row.outcome,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    count: Number(row.count),
    firstAt: row.first_at ?? row.at,
    lastAt: row.last_at ?? row.at,
  };
}

/**
 * `GET /api/v1/audit-log?limit=&before=&event=`: newest first, a keyset page at a time; technical admins only. Counted
 * refusals are one entry per minute, address, user and reason, at the minute's place.
 */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(AUDIT_LOG_PATH, { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } } }, async (request) => {
    const auth = requireAuth(request);
    if (!canReadAuditLog(auth.rights)) throw forbidden('Only technical admins may read the audit log.');
    const { limit, before, event } = request.query;
    const rows = await listEntries(db, { limit: limit + 1, before, event });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const query = (extra: Record<string, string>) => `${AUDIT_LOG_PATH}?${new URLSearchParams({ limit: String(limit), ...(event ? { event } : {}), ...extra }).toString()}`;
    return {
      _embedded: { item: page.map(present) },
      _links: {
        self: { href: query(before ? { before } : {}) },
        ...(rows.length > limit && last ? { next: { href: query({ before: last.id }) } } : {}),
      },
      size: page.length,
    };
  });
};
