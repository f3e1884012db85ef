import crypto from 'node:crypto';

/**
 * A delivery key's secret: `dk_`, the key's id (32 hex digits), `_`, then 256 random bits (base64url). The id lets the
 * server find the key without comparing secrets in the database; the prefix lets secret scanners and people recognise
 * one. Only its SHA-256 is stored: a random secret of that length needs no slow hash.
 */
const SECRET = /^dk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

const hexOf = (id: string) => id.replaceAll('-', '');

/** How every secret of the key starts (`dk_<id>_`), shown to admins so they can tell which key a secret is. */
export function secretPrefixOf(id: string): string {
  return `dk_${hexOf(id)}_`;
}

/** A new secret for the key with this id (a UUID). */
export function newSecret(id: string): string {
  return `${secretPrefixOf(id)}${crypto.randomBytes(32).toString('base64url')}`;
}

/** The key id a secret names, or undefined when it is not a delivery key's secret at all. */
export function keyIdOf(secret: string): string | undefined {
  const hex = SECRET.exec(secret)?.[1];
  return hex === undefined ? undefined : `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored form of a secret: its SHA-256 in hex. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Whether a secret is the one whose hash is stored, compared in constant time. */
export function isSecretOf(secret: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const given = crypto.createHash('sha256').update(secret).digest();
  return expected.length === given.length && crypto.timingSafeEqual(given, expected);
}
