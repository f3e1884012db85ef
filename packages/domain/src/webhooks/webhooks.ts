import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';

/**
 * The changes a webhook endpoint may subscribe to (docs/decisions.md, Webhooks): a version published or unpublished
 * by a user or by its schedule, deleted, shipped into (its draft changed by a ship from another locale), or its
 * asset's spaces changed.
 */
export const WEBHOOK_EVENT_TYPES = [
  'asset.published',
  'asset.unpublished',
  'asset.scheduled-publish.executed',
  'asset.scheduled-unpublish.executed',
  'asset.deleted',
  'asset.shipped',
  'asset.spaces-changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Where technical admins manage the endpoints; each endpoint's own calls follow its links. */
export const WEBHOOKS_PATH = '/api/v1/webhooks';

/** The event of the test call, sent to one endpoint only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How long a delivery is retried after its event, then marked failed (docs/decisions.md, Webhooks). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The payload of an asset event, the body the receiver gets (Standard Webhooks: `type`, `timestamp`, `data`). */
export const webhookAssetEventSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** When the change happened (ISO 8601, UTC). */
  timestamp: z.string(),
  data: z.object({
    assetId: z.string(),
    locale: z.string(),
    stencil: z.string(),
    /** The asset's spaces after the change (before it, for a deleted version). */
    spaces: z.array(z.string()),
    /** Where the delivery API answers this version. */
    url: z.string(),
    /** `asset.spaces-changed`: the spaces before the change. */
    previousSpaces: z.array(z.string()).optional(),
    /** `asset.shipped`: the locale the properties came from. */
    sourceLocale: z.string().optional(),
  }),
});
export type WebhookAssetEvent = z.infer<typeof webhookAssetEventSchema>;

export const webhookTestEventSchema = z.object({
  type: z.literal(WEBHOOK_TEST_EVENT),
  timestamp: z.string(),
  data: z.object({ endpointId: z.string() }),
});

/** Every body a webhook receiver gets. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [webhookAssetEventSchema, webhookTestEventSchema]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** An endpoint's subscription: which events, and from which spaces (null: every space). */
export interface WebhookSubscription {
  events: readonly string[];
  spaces: readonly string[] | null;
}

/**
 * Whether an endpoint gets an event (docs/decisions.md, Webhooks): it subscribes to the event's type and, when it
 * names spaces, the asset is in one of them before or after the change (a site learns that an asset left it).
 */
export function isWebhookSubscribed(subscription: WebhookSubscription, event: { type: string; spaces: readonly string[]; previousSpaces?: readonly string[] | undefined }): boolean {
  if (!subscription.events.includes(event.type)) return false;
  if (subscription.spaces === null) return true;
  const spaces = [...event.spaces, ...(event.previousSpaces ?? [])];
  return subscription.spaces.some((space) => spaces.includes(space));
}

const description = z.string().trim().max(500);
const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event.').max(WEBHOOK_EVENT_TYPES.length * 2);
/** Null (or left out when creating): every space. */
const spaces = z.array(z.string().min(1).max(64)).min(1, 'Choose at least one space, or none for every space.').max(200).nullable();
const url = z.string().trim().min(1, 'Enter the address of the receiver.').max(2000);

/** `POST /api/v1/webhooks`: a new endpoint; the answer holds its secret, shown this once. */
export const webhookEndpointCreateSchema = z.object({
  url,
  description: description.default(''),
  events,
  spaces: spaces.default(null),
  /** False registers it paused. */
  enabled: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

/** `PATCH /api/v1/webhooks/{id}`: the fields to change; `{ "enabled": false }` pauses it, `true` enables it. */
export const webhookEndpointUpdateSchema = z.object({
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  spaces: spaces.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  spaces: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  /** `whsec_` + base64: only in the answer to the create call, never again. */
  secret: z.string().optional(),
  _links: z.object({ self: linkSchema, deliveries: linkSchema, test: linkSchema }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  _embedded: z.object({ item: z.array(webhookEndpointSchema) }),
  _links: z.object({ self: linkSchema }),
  size: z.number().int(),
});

/** One try of a delivery: when, the answer's status (null when none came), how long it took, the answer's first bytes. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  response: z.string(),
  /** Why no acceptable answer came (refused address, timeout, redirect...); null for a 2xx. */
  error: z.string().nullable(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same for every try and for a resend. */
  id: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  /** When a pending delivery is tried next; null once it succeeded or failed. */
  nextAttemptAt: z.string().nullable(),
  /** The body as the receiver gets it. */
  payload: webhookPayloadSchema,
  /** Newest first. */
  attempts: z.array(webhookAttemptSchema),
  _links: z.object({ resend: linkSchema }),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/v1/webhooks/{id}/deliveries?limit=&before=`: newest first, a keyset page at a time. */
export const webhookDeliveryPageSchema = z.object({
  _embedded: z.object({ item: z.array(webhookDeliverySchema) }),
  _links: z.object({ self: linkSchema, next: linkSchema.optional() }),
  size: z.number().int(),
});
