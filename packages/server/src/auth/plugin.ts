import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { authenticate, type RequestAuth } from './authenticate.ts';
import type { TokenVerifier } from './tokenVerifier.ts';
import type { Identity } from './identity.ts';
import type { SessionRevocations } from './sessionRevocations.ts';
import { unauthorized } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The user call answers with the original rights and ignores the role override (spec 000 §6). */
    ignoresRoleOverride?: boolean;
  }
}

/**
 * Authenticates every request below it, refusing the tokens of sign-ins that have ended; `onIdentity` keeps the user's
 * row in step with the provider.
 */
export const authPlugin = fp<{ verifier: TokenVerifier; revocations: Pick<SessionRevocations, 'isRevoked'>; onIdentity: (identity: Identity) => Promise<void> }>(async (app, options) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const honourOverride = !request.routeOptions.config.ignoresRoleOverride;
    request.auth = await authenticate(request, { verifier: options.verifier, revocations: options.revocations, honourOverride });
    await options.onIdentity(request.auth.identity);
  });
});

/** The request's authentication, which the auth plugin has established for every API route. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
