import crypto from 'node:crypto';

/**
 * Signing per the Standard Webhooks specification: the secret is `whsec_` + base64 of a random key; each try carries
 * `webhook-id` (the delivery's id, the same on every try), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`), so receivers can check it with that specification's libraries.
 */

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes (the specification asks for 24 to 64). */
export function createWebhookSecret(): string {
  return `${SECRET_PREFIX}${crypto.randomBytes(32).toString('base64')}`;
}

export function signWebhook(input: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(input.secret.startsWith(SECRET_PREFIX) ? input.secret.slice(SECRET_PREFIX.length) : input.secret, 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${input.id}.${input.timestamp}.${input.body}`).digest('base64')}`;
}

/** The headers of one try, signed at the moment it is sent. */
export function webhookHeaders(input: { secret: string; id: string; body: string; now: Date }): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ secret: input.secret, id: input.id, timestamp, body: input.body }),
  };
}
