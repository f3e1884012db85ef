import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';

export const DELIVERY_KEYS_PATH = '/api/v1/delivery-keys';
export const DELIVERY_KEY_NAME_MAX_LENGTH = 100;
/** The most requests per second a key may be given. */
export const DELIVERY_KEY_MAX_RATE = 10_000;

const name = z.string().trim().min(1, 'must not be empty').max(DELIVERY_KEY_NAME_MAX_LENGTH);
const ids = z.array(z.string().min(1).max(100)).min(1, 'must name at least one').max(100);
/** Requests per second this key may make (a burst of twice as many); null takes the server's default (`DELIVERY_RATE_LIMIT`). */
const rate = z.number().int().min(1).max(DELIVERY_KEY_MAX_RATE).nullable();

/** Creating a delivery key: its name and what it may read (spaces and locales, each at least one). */
export const deliveryKeyCreateBodySchema = z.strictObject({ name, spaces: ids, locales: ids, requestsPerSecond: rate.optional() });
export type DeliveryKeyCreateBody = z.infer<typeof deliveryKeyCreateBodySchema>;

/** Renaming or rescoping a delivery key: the fields given change. */
export const deliveryKeyUpdateBodySchema = z
  .strictObject({ name: name.optional(), spaces: ids.optional(), locales: ids.optional(), requestsPerSecond: rate.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'name, spaces, locales or requestsPerSecond must be given');
export type DeliveryKeyUpdateBody = z.infer<typeof deliveryKeyUpdateBodySchema>;

/** A delivery key as technical admins see it; its secret never again after it was created. */
export const deliveryKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  spaces: z.array(z.string()),
  locales: z.array(z.string()),
  requestsPerSecond: z.number().int().nullable(),
  /** How the key's secret starts, to tell which key a secret found somewhere is. */
  secretPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  _links: z.object({ self: linkSchema }),
});
export type DeliveryKey = z.infer<typeof deliveryKeySchema>;

/** The answer of creating a key: the key and, this once, its secret (`Authorization: Bearer <secret>`). */
export const deliveryKeyCreatedSchema = deliveryKeySchema.extend({ secret: z.string() });
export type DeliveryKeyCreated = z.infer<typeof deliveryKeyCreatedSchema>;

export const deliveryKeyListSchema = z.object({
  _embedded: z.object({ item: z.array(deliveryKeySchema) }),
  _links: z.object({ self: linkSchema }),
  size: z.number().int(),
});
export type DeliveryKeyList = z.infer<typeof deliveryKeyListSchema>;
