import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { JWTPayload } from 'jose';
import type { DB } from '../db/schema.ts';
import { createRepeatingJob } from '../jobs/repeatingJob.ts';
import { CLOCK_TOLERANCE_SECONDS } from './tokenVerifier.ts';
import * as repo from './revokedSessionRepository.ts';

/**
 * The sign-in an ID token belongs to, as far as signing out is concerned: the provider's session (`sid`) when the token
 * names one, so that a sign-out also ends the tokens renewed within it; otherwise the token alone (`jti`, or its hash).
 */
export interface TokenSession {
  key: string;
  /** The token's `iat` and `exp`, epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/** The revocation key of a provider session; keys are hashed so that any length of `sid` fits the column. */
export function sessionKey(input: { issuer: string; sid: string }): string {
  return `sid:${digest(`${input.issuer}\n${input.sid}`)}`;
}

const textClaim = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The session of a verified token (its `iat` and `exp` are required by the verifier). */
export function tokenSessionOf(token: string, claims: JWTPayload): TokenSession {
  const issuer = claims.iss ?? '';
  const sid = textClaim(claims.sid);
  const jti = textClaim(claims.jti);
  const key = sid ? sessionKey({ issuer, sid }) : jti ? `jti:${digest(`${issuer}\n${jti}`)}` : `token:${digest(token)}`;
  return { key, issuedAt: claims.iat ?? 0, expiresAt: claims.exp ?? 0 };
}

/**
 * How long an instance keeps the answer for one token: a sign-out recorded by another instance is honoured here at most
 * this much later; one recorded here, at once.
 */
export const REVOCATION_CHECK_CACHE_MS = 2000;
/** Tokens whose answers an instance keeps at most; past it, the stale ones go, and all of them if none is stale. */
const CHECK_CACHE_LIMIT = 10_000;
const BATCH_SIZE = 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sign-outs, kept in the database so that every instance honours them. A token's answer is kept for
 * REVOCATION_CHECK_CACHE_MS, and the calls a page makes at once share one look-up: a PostgreSQL probe costs about
 * 0.18 ms and 0.13 ms of the server's CPU per request (docs/decisions.md, "Sign-out ends the bearer token").
 */
export function createSessionRevocations(options: { db: Kysely<DB>; now?: () => number }) {
  const nowMs = () => options.now?.() ?? Date.now();
  const nowSeconds = () => Math.floor(nowMs() / 1000);
  const checks = new Map<string, { checkedAt: number; sessionKey: string; verdict: Promise<boolean> }>();

  function forgetChecksOf(key: string): void {
    for (const [token, check] of checks) if (check.sessionKey === key) checks.delete(token);
  }

  function makeRoom(now: number): void {
    if (checks.size < CHECK_CACHE_LIMIT) return;
    for (const [token, check] of checks) if (now - check.checkedAt >= REVOCATION_CHECK_CACHE_MS) checks.delete(token);
    if (checks.size >= CHECK_CACHE_LIMIT) checks.clear();
  }

  async function isRevoked(session: TokenSession): Promise<boolean> {
    const now = nowMs();
    const token = `${session.key} ${session.issuedAt}`;
    const kept = checks.get(token);
    if (kept && now - kept.checkedAt < REVOCATION_CHECK_CACHE_MS) return kept.verdict;
    makeRoom(now);
    const verdict = repo.isRevoked(options.db, { key: session.key, issuedAt: session.issuedAt, now: Math.floor(now / 1000) });
    const check = { checkedAt: now, sessionKey: session.key, verdict };
    checks.set(token, check);
    verdict.catch(() => {
      if (checks.get(token) === check) checks.delete(token);
    });
    return verdict;
  }

  /**
   * Ends the session of the token a user signs out with: its tokens issued until now are refused for as long as such a
   * token can still be accepted. Tokens issued later under the same `sid` pass: that is a new sign-in through a provider
   * session that outlived the app's (a provider without end-session).
   */
  async function revokeToken(session: TokenSession): Promise<void> {
    const issuedUntil = Math.max(session.issuedAt, nowSeconds());
    const lifetime = Math.max(0, session.expiresAt - session.issuedAt);
    await repo.upsertRevokedSession(options.db, { key: session.key, issuedUntil, expiresAt: issuedUntil + lifetime + CLOCK_TOLERANCE_SECONDS });
    forgetChecksOf(session.key);
  }

  /** Ends a provider session that will issue no more tokens (the embedded provider's revoked grant): every token of it is refused. */
  async function revokeSession(input: { key: string; tokenLifetimeSeconds: number }): Promise<void> {
    const expiresAt = nowSeconds() + input.tokenLifetimeSeconds + CLOCK_TOLERANCE_SECONDS;
    await repo.upsertRevokedSession(options.db, { key: input.key, issuedUntil: expiresAt, expiresAt });
    forgetChecksOf(input.key);
  }

  /** Deletes the revocations whose tokens have all expired; answers how many went. */
  async function pruneExpired(): Promise<number> {
    const now = nowSeconds();
    let total = 0;
    for (;;) {
      const deleted = await repo.deleteExpired(options.db, { now, limit: BATCH_SIZE });
      total += deleted;
      if (deleted < BATCH_SIZE) return total;
    }
  }

  /** Prunes right away and then hourly while started, like the audit log's pruner; any number of instances may run it. */
  function createPruner(onError?: (error: unknown) => void) {
    return createRepeatingJob({ run: pruneExpired, intervalMs: PRUNE_INTERVAL_MS, onError });
  }

  return { isRevoked, revokeToken, revokeSession, pruneExpired, createPruner };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
