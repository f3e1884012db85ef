import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Verifies an ID token: signature by the issuer's keys, issuer, audience, expiry, not-before and issued-at (DESIGN §4). */
export type TokenVerifier = (token: string) => Promise<JWTPayload>;

/** DESIGN §4: at most 60 s of clock skew. */
export const CLOCK_TOLERANCE_SECONDS = 60;

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  algorithms: string[];
}): TokenVerifier {
  const algorithms = options.algorithms.filter((alg) => alg !== 'none');
  if (algorithms.length === 0) throw new Error(`The issuer ${options.issuer} publishes no usable signing algorithm`);
  const verify: TokenVerifier = async (token) => {
    const { payload } = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    // jose looks at `iat` only with a maximum token age; a token issued in the future is as wrong as an expired one.
    if (typeof payload.iat === 'number' && payload.iat > Math.floor(Date.now() / 1000) + CLOCK_TOLERANCE_SECONDS) {
      throw new errors.JWTClaimValidationFailed('"iat" claim timestamp check failed (it should be in the past)', payload, 'iat', 'check_failed');
    }
    return payload;
  };
  // A key set fetched from the issuer says which keys it publishes now: a kept token whose key was withdrawn is checked again.
  const { keys } = options;
  const published = 'jwks' in keys && typeof keys.jwks === 'function' ? (keys.jwks as () => JSONWebKeySet | undefined) : undefined;
  return cachingTokenVerifier(verify, published ? { isKeyPublished: publishedKeyIds(published) } : {});
}

/** How long the key ids of a key set are trusted before they are read again (a withdrawn key's kept tokens pass this much longer). */
export const PUBLISHED_KEYS_READ_MS = 1000;

/**
 * Whether a key id is among those a key set publishes, read at most every PUBLISHED_KEYS_READ_MS: jose hands out a
 * copy of the whole set on each read, which every API call paid for (a few µs of the main thread). A set changes
 * only when it is fetched again, at most once per JWKS_REFETCH_COOLDOWN_MS.
 */
export function publishedKeyIds(read: () => JSONWebKeySet | undefined, now: () => number = Date.now): (kid: string | undefined) => boolean {
  let ids = new Set<string | undefined>();
  let readAt = Number.NEGATIVE_INFINITY;
  return (kid) => {
    if (now() - readAt >= PUBLISHED_KEYS_READ_MS) {
      ids = new Set(read()?.keys.map((key) => key.kid));
      readAt = now();
    }
    return ids.has(kid);
  };
}

/** How long an instance trusts a token it verified before checking its signature again (and at most until it expires). */
export const VERIFIED_TOKEN_CACHE_MS = 60_000;
/** Verified tokens an instance keeps at most; past it, the oldest go first. */
const VERIFIED_TOKEN_LIMIT = 10_000;

/**
 * Keeps what a verifier found for each token it accepted, until the token expires and at most
 * VERIFIED_TOKEN_CACHE_MS, and only while its signing key is published (`isKeyPublished`, for keys that can change):
 * the signature check cost about 0.3 ms of the server's main thread on every API call, and a page sends the same token
 * many times. A refused token is never kept; sign-outs are checked on every call beside it.
 */
export function cachingTokenVerifier(verify: TokenVerifier, options: { now?: () => number; isKeyPublished?: (kid: string | undefined) => boolean } = {}): TokenVerifier {
  const now = () => options.now?.() ?? Date.now();
  // The key id is read from the token's header once, when it is kept.
  const verified = new Map<string, { payload: JWTPayload; until: number; kid: string | undefined }>();
  return async (token) => {
    const kept = verified.get(token);
    if (kept && kept.until > now() && (!options.isKeyPublished || options.isKeyPublished(kept.kid))) return kept.payload;
    verified.delete(token);
    const payload = await verify(token);
    const until = Math.min(now() + VERIFIED_TOKEN_CACHE_MS, (payload.exp ?? 0) * 1000);
    if (until > now()) {
      if (verified.size >= VERIFIED_TOKEN_LIMIT) verified.delete(verified.keys().next().value ?? '');
      verified.set(token, { payload, until, kid: options.isKeyPublished ? decodeProtectedHeader(token).kid : undefined });
    }
    return payload;
  };
}

export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

interface Discovery {
  issuer: string;
  jwks_uri: string;
  id_token_signing_alg_values_supported?: string[];
}

/**
 * How the issuer's published keys are kept: a token signed with a key id we do not know makes us fetch them again (a
 * key rotation is picked up without a restart), at most once per cooldown, so tokens with made-up key ids cannot make
 * us hammer the provider; and they are fetched again anyway once they are this old.
 */
export const JWKS_REFETCH_COOLDOWN_MS = 10_000;
export const JWKS_MAX_AGE_MS = 10 * 60_000;

/**
 * A verifier for an external issuer: discovery document, then its JWKS (cached, and fetched again on an unknown key id
 * or when old, see JWKS_REFETCH_COOLDOWN_MS). Discovery runs on first use and again after a failure, so the server
 * starts while the provider is down.
 */
export function discoveringTokenVerifier(issuer: string, audience: string): TokenVerifier {
  let ready: Promise<TokenVerifier> | undefined;
  const discover = async (): Promise<TokenVerifier> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`OpenID discovery of ${issuer} answered ${response.status}`);
    const discovery = (await response.json()) as Discovery;
    if (discovery.issuer.replace(/\/$/, '') !== issuer) throw new Error(`OpenID discovery names issuer ${discovery.issuer}, expected ${issuer}`);
    return createTokenVerifier({
      issuer: discovery.issuer,
      audience,
      keys: createRemoteJWKSet(new URL(discovery.jwks_uri), { cooldownDuration: JWKS_REFETCH_COOLDOWN_MS, cacheMaxAge: JWKS_MAX_AGE_MS }),
      algorithms: discovery.id_token_signing_alg_values_supported ?? ['RS256'],
    });
  };
  return async (token) => {
    ready ??= discover().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return (await ready)(token);
  };
}
