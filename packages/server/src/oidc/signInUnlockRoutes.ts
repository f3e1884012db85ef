import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { canUnlockSignIn } from '@editor/domain';
import { requireAuth } from '../auth/plugin.ts';
import type { DB } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import type { AuditLog } from '../modules/audit/auditLog.ts';
import { unlockSignIn } from './signInGuard.ts';

export const SIGN_IN_UNLOCK_PATH = '/api/v1/sign-in/unlock';

/** One account (every address and browser it was tried from) or one address (every account tried from it). */
const unlockRequestSchema = z.union([z.object({ username: z.string().trim().min(1).max(256) }), z.object({ address: z.union([z.ipv4(), z.ipv6()]) })]);
const unlockResponseSchema = z.object({
  username: z.string().nullable(),
  address: z.string().nullable(),
  /** How many failure counts were forgotten; 0 when there were none. */
  cleared: z.number().int(),
});

/**
 * `POST /api/v1/sign-in/unlock`: a technical admin lifts the embedded provider's sign-in throttling of an account or
 * an address at once (docs/operations.md, Sign-in throttling); recorded in the audit log.
 */
export const signInUnlockRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; audit: AuditLog }> = async (app, { db, audit }) => {
  app.post(SIGN_IN_UNLOCK_PATH, { schema: { body: unlockRequestSchema, response: { 200: unlockResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    if (!canUnlockSignIn(auth.rights)) throw forbidden('Only technical admins may unlock a sign-in.');
    const username = 'username' in request.body ? request.body.username : null;
    const address = 'address' in request.body ? request.body.address : null;
    const cleared = await unlockSignIn(db, { username: username ?? undefined, address: address ?? undefined });
    audit.record({ event: 'sign-in-unlock', outcome: 'success', userId: auth.identity.id, clientAddress: request.ip, target: username ?? address ?? undefined, detail: { username, address, cleared } });
    return { username, address, cleared };
  });
};
