import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface ProviderSecrets {
  /** The private signing key of ID tokens (RS256). */
  signingKey: JWK;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

const FILE_NAME = 'oidc-secrets.json';

/**
 * The embedded provider's keys live in the data folder, made on first start, so that sign-ins survive a restart.
 * They are generated per installation and never part of the repository.
 */
export async function loadOrCreateProviderSecrets(dataDir: string): Promise<ProviderSecrets> {
  const file = path.join(dataDir, FILE_NAME);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ProviderSecrets;
  const secrets: ProviderSecrets = { signingKey: await newSigningKey(), cookieKeys: [crypto.randomBytes(32).toString('hex')] };
  writeSecrets(dataDir, secrets);
  return secrets;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

function writeSecrets(dataDir: string, secrets: ProviderSecrets): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE_NAME);
  const temporary = `${file}.${crypto.randomUUID()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * Replaces the signing key with a new one (a new key id); the provider signs with it from its next start. Tokens of
 * the old key stop being accepted: what a rotation after a leak needs. Cookie keys are kept, so sessions survive.
 */
export async function rotateSigningKey(dataDir: string): Promise<ProviderSecrets> {
  const secrets = { ...(await loadOrCreateProviderSecrets(dataDir)), signingKey: await newSigningKey() };
  writeSecrets(dataDir, secrets);
  return secrets;
}

/** The public half of a private JWK. */
export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = privateJwk;
  return Object.fromEntries(Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined)) as JWK;
}
