import type { FastifyRequest } from 'fastify';
import { errors as joseErrors } from 'jose';
import { ROLE_OVERRIDE_HEADER, applyRoleOverride, type Rights } from '@editor/domain';
import { HttpError, badRequest, forbidden, unauthorized } from '../http/errors.ts';
import { identityFromClaims, type Identity } from './identity.ts';
import { tokenSessionOf, type SessionRevocations, type TokenSession } from './sessionRevocations.ts';
import type { TokenVerifier } from './tokenVerifier.ts';

export interface RequestAuth {
  identity: Identity;
  /** The sign-in the bearer token belongs to, which signing out ends. */
  session: TokenSession;
  /** The rights this request acts with: the identity's, or a technical admin's override. */
  rights: Rights;
  isOverridden: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized('Authentication required: send the ID token as "Authorization: Bearer <token>".');
  return match[1];
}

async function verify(verifier: TokenVerifier, token: string): Promise<{ identity: Identity; session: TokenSession }> {
  try {
    const claims = await verifier(token);
    return { identity: identityFromClaims(claims), session: tokenSessionOf(token, claims) };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('The sign-in has expired. Please sign in again.');
    if (error instanceof joseErrors.JOSEError || (error instanceof Error && error.message === 'token has no subject')) {
      throw unauthorized('The identity token is not valid. Please sign in again.');
    }
    throw new HttpError(503, 'The sign-in service cannot be reached. Please try again in a moment.', { code: 'identity-provider-unavailable' });
  }
}

/**
 * Resolves who calls and with which rights: a valid token of a sign-in that has not ended. `honourOverride` is false
 * for the user call, which always answers with the original rights (spec 000 §6).
 */
export async function authenticate(
  request: FastifyRequest,
  options: { verifier: TokenVerifier; revocations: Pick<SessionRevocations, 'isRevoked'>; honourOverride: boolean },
): Promise<RequestAuth> {
  const { identity, session } = await verify(options.verifier, bearerToken(request));
  if (await options.revocations.isRevoked(session)) throw unauthorized('You have signed out. Please sign in again.');
  if (!options.honourOverride) return { identity, session, rights: identity.rights, isOverridden: false };
  const header = request.headers[ROLE_OVERRIDE_HEADER];
  const result = applyRoleOverride(identity.rights, Array.isArray(header) ? header[0] : header);
  switch (result.kind) {
    case 'forbidden':
      throw forbidden('Only technical admins may override their roles.');
    case 'invalid':
      throw badRequest(result.message);
    case 'none':
      return { identity, session, rights: result.rights, isOverridden: false };
    case 'applied':
      return { identity, session, rights: result.rights, isOverridden: true };
  }
}
