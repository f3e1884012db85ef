import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_REFETCH_COOLDOWN_MS, discoveringTokenVerifier } from './tokenVerifier.ts';

/** An issuer of its own: discovery and a JWKS that can be swapped, counting how often the keys are fetched. */
async function startIssuer() {
  let keys: JWK[] = [];
  let fetches = 0;
  const server = http.createServer((request, response) => {
    const origin = `http://${request.headers.host}`;
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ issuer: origin, jwks_uri: `${origin}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }));
    } else if (request.url === '/jwks') {
      fetches += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys }));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    fetches: () => fetches,
    /** Publishes a new key in place of the old ones; answers its signer. */
    async rotate() {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      const kid = crypto.randomUUID();
      keys = [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }];
      return (subject: string, headerKid = kid) =>
        new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: headerKid }).setSubject(subject).setIssuer(issuer).setAudience('editor-app').setIssuedAt().setExpirationTime('10m').sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a company issuer rotating its keys', () => {
  let idp: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    idp = await startIssuer();
  });
  afterAll(async () => {
    await idp.close();
  });

  it('fetches the keys again for an unknown key id, at most once per cooldown however many such tokens come', async () => {
    const verify = discoveringTokenVerifier(idp.issuer, 'editor-app');
    const first = await idp.rotate();
    await expect(verify(await first('before'))).resolves.toMatchObject({ sub: 'before' });
    expect(idp.fetches()).toBe(1);

    // Tokens naming key ids nobody published: refused, and within the cooldown they cause no fetch.
    for (let i = 0; i < 20; i++) await expect(verify(await first('forged', crypto.randomUUID()))).rejects.toThrow(/no applicable key/);
    expect(idp.fetches()).toBe(1);

    const second = await idp.rotate();
    const token = await second('after');
    await expect(verify(token)).rejects.toThrow(/no applicable key/);
    // Once the cooldown has passed, the unknown key id makes the verifier fetch again and find the new key.
    await new Promise((resolve) => setTimeout(resolve, JWKS_REFETCH_COOLDOWN_MS + 200));
    await expect(verify(token)).resolves.toMatchObject({ sub: 'after' });
    expect(idp.fetches()).toBe(2);
    await expect(verify(await first('before'))).rejects.toThrow(/no applicable key/);
  }, JWKS_REFETCH_COOLDOWN_MS + 20_000);
});
