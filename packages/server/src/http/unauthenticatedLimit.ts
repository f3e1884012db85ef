import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseIPv6, type ErrorBody } from '@editor/domain';
import { createTokenBuckets, type TokenBudget } from './tokenBuckets.ts';

/** How many unauthenticated API requests an address may make at once, and how fast its allowance comes back. */
export type UnauthenticatedBudget = TokenBudget;

/** Sixty at once, then one a second: far above what a browser sends before its sign-in, far below a flood. */
export const UNAUTHENTICATED_BUDGET: UnauthenticatedBudget = { burst: 60, perSecond: 1 };
/** Addresses with an allowance in use that one instance remembers; past it, full and then the oldest ones are forgotten. */
const MAX_TRACKED = 50_000;

const TOO_MANY: ErrorBody = { status: 429, messages: ['Too many requests without a valid sign-in. Please try again later.'], code: 'too-many-requests' };

/**
 * Whose allowance a request spends: its IPv4 address, or the /64 network of an IPv6 address (one subscriber's share,
 * which a client may otherwise hop through at will). `request.ip` already honours TRUSTED_PROXIES.
 */
export function clientKeyOf(address: string): string {
  if (!net.isIPv6(address)) return address;
  const groups = parseIPv6(address);
  if (!groups) return address;
  const isMappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIPv4) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 0xff]).join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

const refusedByLimit = new WeakSet<FastifyRequest>();

/** Whether the unauthenticated limit answered this request with 429 (the audit log counts those apart). */
export function isRefusedByLimit(request: FastifyRequest): boolean {
  return refusedByLimit.has(request);
}

/** API routes: the bearer calls, and the others under /api/ that can answer 401 (the metrics token). */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

/**
 * Limits unauthenticated API traffic per client address (`clientKeyOf`) with a token bucket: a bearer call that
 * arrives without an Authorization header spends a token as it arrives, and any other API answer of 401 (a token
 * refused, a wrong metrics token) spends one as it goes out. When the address has none left, the first are answered
 * 429 before any work and the others 429 instead of 401, both with Retry-After. Signed-in calls never spend a token
 * and are never refused here, whoever shares their address.
 */
export function registerUnauthenticatedLimit(app: FastifyInstance, options: { budget?: UnauthenticatedBudget; now?: (() => number) | undefined } = {}): void {
  const budget = options.budget ?? UNAUTHENTICATED_BUDGET;
  const buckets = createTokenBuckets({ maxTracked: MAX_TRACKED, now: options.now });
  const charged = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.bearer || request.headers.authorization !== undefined) return;
    charged.add(request);
    const spent = buckets.take(clientKeyOf(request.ip), budget);
    if (spent.ok) return;
    refusedByLimit.add(request);
    return reply.code(429).header('retry-after', String(spent.retryAfterSeconds)).send(TOO_MANY);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 || charged.has(request) || !isApiRoute(request)) return payload;
    const spent = buckets.take(clientKeyOf(request.ip), budget);
    if (spent.ok) return payload;
    refusedByLimit.add(request);
    reply.code(429).header('retry-after', String(spent.retryAfterSeconds)).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(TOO_MANY);
  });
}
