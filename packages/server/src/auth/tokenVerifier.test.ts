import { describe, expect, it } from 'vitest';
import { PUBLISHED_KEYS_READ_MS, VERIFIED_TOKEN_CACHE_MS, cachingTokenVerifier, publishedKeyIds, type TokenVerifier } from './tokenVerifier.ts';

/** A verifier that counts its checks and accepts tokens named `good-…`, expiring at `exp` (epoch seconds). */
function countingVerifier(exp: number) {
  const checks: string[] = [];
  const verify: TokenVerifier = async (token) => {
    checks.push(token);
    if (!token.startsWith('good')) throw new Error('bad signature');
    return { sub: token, exp, iat: 0 };
  };
  return { checks, verify };
}

describe('cachingTokenVerifier', () => {
  const start = 1_800_000_000_000;

  it('checks a token once, then answers from memory until VERIFIED_TOKEN_CACHE_MS have passed', async () => {
    let now = start;
    const { checks, verify } = countingVerifier(start / 1000 + 3600);
    const cached = cachingTokenVerifier(verify, { now: () => now });
    expect(await cached('good-1')).toMatchObject({ sub: 'good-1' });
    expect(await cached('good-1')).toMatchObject({ sub: 'good-1' });
    expect(await cached('good-2')).toMatchObject({ sub: 'good-2' });
    expect(checks).toEqual(['good-1', 'good-2']);
    now += VERIFIED_TOKEN_CACHE_MS;
    await cached('good-1');
    expect(checks).toEqual(['good-1', 'good-2', 'good-1']);
  });

  it('keeps a token no longer than until it expires', async () => {
    let now = start;
    const { checks, verify } = countingVerifier(start / 1000 + 5);
    const cached = cachingTokenVerifier(verify, { now: () => now });
    await cached('good-1');
    now += 4_000;
    await cached('good-1');
    expect(checks).toHaveLength(1);
    now += 1_000;
    await cached('good-1');
    expect(checks).toHaveLength(2);
  });

  it('checks a kept token again once its signing key is no longer published', async () => {
    const checks: string[] = [];
    const verify: TokenVerifier = async (token) => {
      checks.push(token);
      return { sub: 'editor', exp: start / 1000 + 3600, iat: 0 };
    };
    let published = ['key-1'];
    const cached = cachingTokenVerifier(verify, { now: () => start, isKeyPublished: (kid) => published.includes(kid ?? '') });
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'key-1' })).toString('base64url');
    const token = `${header}.e30.c2lnbmF0dXJl`;
    await cached(token);
    await cached(token);
    expect(checks).toHaveLength(1);
    published = ['key-2'];
    await cached(token);
    expect(checks).toHaveLength(2);
  });

  it('never keeps a refused token', async () => {
    const { checks, verify } = countingVerifier(start / 1000 + 3600);
    const cached = cachingTokenVerifier(verify, { now: () => start });
    await expect(cached('forged')).rejects.toThrow('bad signature');
    await expect(cached('forged')).rejects.toThrow('bad signature');
    expect(checks).toEqual(['forged', 'forged']);
  });
});

describe('publishedKeyIds', () => {
  it('reads the key set at most once per PUBLISHED_KEYS_READ_MS, and sees a withdrawn key after that', () => {
    let now = 0;
    let keys = [{ kty: 'RSA', kid: 'key-1' }];
    let reads = 0;
    const isPublished = publishedKeyIds(() => {
      reads++;
      return { keys };
    }, () => now);
    expect(isPublished('key-1')).toBe(true);
    expect(isPublished('key-2')).toBe(false);
    expect(isPublished(undefined)).toBe(false);
    expect(reads).toBe(1);
    keys = [{ kty: 'RSA', kid: 'key-2' }];
    now += PUBLISHED_KEYS_READ_MS - 1;
    expect(isPublished('key-1')).toBe(true);
    now += 1;
    expect(isPublished('key-1')).toBe(false);
    expect(isPublished('key-2')).toBe(true);
    expect(reads).toBe(2);
  });
});
