import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { isRefusedByLimit } from '../../http/unauthenticatedLimit.ts';
import type { AuditEvent, AuditLog, AuditOutcome } from './auditLog.ts';

const VERSION = '/api/v1/assets/:id/localizations/:locale';
const CONTAINER = '/api/v1/assets/:id';

type Body = Record<string, unknown> | undefined;
type Params = { id?: string; locale?: string };

/** The calls that change what is published or who may do what; the key is the method and the route's path. */
const AUDITED_CALLS: Readonly<Record<string, { event: AuditEvent; detail?: (body: Body) => Record<string, unknown> | undefined }>> = {
  [`POST ${VERSION}/publish`]: { event: 'publish', detail: (body) => ({ publishSchedule: body?.publishSchedule ?? null }) },
  [`POST ${CONTAINER}/actions/bulk-patch`]: { event: 'publish', detail: (body) => (body?.publish === true ? { bulk: true, locales: body.locales } : undefined) },
  [`POST ${VERSION}/depublish`]: { event: 'unpublish' },
  [`DELETE ${VERSION}`]: { event: 'delete' },
  [`PUT ${CONTAINER}/spaces`]: { event: 'change-spaces', detail: (body) => ({ spaces: body?.spaces }) },
  [`POST ${CONTAINER}/embargo`]: { event: 'set-embargo', detail: (body) => ({ startDate: body?.startDate ?? null, endDate: body?.endDate ?? null }) },
};

const outcomeOf = (status: number): AuditOutcome => (status < 400 ? 'success' : 'failure');

function targetOf(params: Params): string | undefined {
  if (!params.id) return undefined;
  return params.locale ? `${params.id}/${params.locale}` : params.id;
}

/** How many users' last role override one instance remembers, so that only a changed override is recorded. */
const REMEMBERED_OVERRIDES = 1000;

/**
 * Records, after the answer has gone out: every 401 or 403 the error handler gave (event `refused`, whatever was
 * tried; alike ones are counted per minute, see `createAuditLog`), every 429 of the unauthenticated limit (event
 * `rate-limited`, counted alike), the other answers of the audited calls (publish, unpublish, delete, spaces,
 * embargo), and a technical admin's role override when it differs from the one this instance last saw them use.
 */
export function registerAuditHooks(app: FastifyInstance, audit: AuditLog): void {
  const refusals = new WeakMap<FastifyRequest, { status: number; code?: string | undefined; message: string }>();
  const lastOverride = new Map<string, string>();

  app.addHook('onError', async (request, _reply, error: FastifyError | HttpError) => {
    const status = error instanceof HttpError ? error.status : error.statusCode;
    if (status === 401 || status === 403) refusals.set(request, { status, code: error.code, message: error.message.slice(0, 300) });
  });

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    const base = { userId: request.auth?.identity.id, clientAddress: request.ip };
    const refusal = refusals.get(request);
    const audited = route ? AUDITED_CALLS[`${request.method} ${route}`] : undefined;
    const detail = audited?.detail ? audited.detail(request.body as Body) : {};
    const path = route ?? request.url.split('?')[0] ?? '';
    if (isRefusedByLimit(request)) {
      // Also a 401 the limit turned into a 429: that it was over its allowance is what matters then.
      audit.record({ ...base, event: 'rate-limited', outcome: 'refused', reason: 'rate-limited', detail: { method: request.method, path, status } });
    } else if (refusal) {
      // Alike refusals are those of one route with one status and code: the target and message of the first stand for them.
      const reason = `${refusal.status} ${refusal.code ?? ''} ${request.method} ${path}`;
      audit.record({ ...base, event: 'refused', outcome: 'refused', reason, target: targetOf(request.params as Params), detail: { method: request.method, path, ...refusal } });
    } else if (audited && detail) {
      audit.record({ ...base, event: audited.event, outcome: outcomeOf(status), target: targetOf(request.params as Params), detail: { ...detail, status } });
    }
    const { auth } = request;
    if (auth?.isOverridden) {
      const rights = JSON.stringify({ roles: auth.rights.roles, spaces: auth.rights.spaces, localizations: auth.rights.localizations });
      if (lastOverride.get(auth.identity.id) !== rights) {
        lastOverride.delete(auth.identity.id);
        lastOverride.set(auth.identity.id, rights);
        if (lastOverride.size > REMEMBERED_OVERRIDES) lastOverride.delete(lastOverride.keys().next().value ?? '');
        audit.record({ ...base, event: 'role-override', outcome: 'success', target: auth.identity.id, detail: { override: JSON.parse(rights) as unknown, originalRoles: auth.identity.rights.roles } });
      }
    }
  });
}
