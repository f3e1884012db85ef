import { z } from 'zod';
import { WEBHOOKS_PATH, canManageWebhooks, webhookDeliveryPageSchema, webhookEndpointListSchema, type Link, type Rights, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '@editor/domain';
import type { AttemptRow, DeliveryRow, EndpointRow } from './repository.ts';
import { webhookPayloadOf } from './payload.ts';


const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${id}`;
export const deliveriesPath = (id: string) => `${endpointPath(id)}/deliveries`;

/** A link with the methods the user may use on it: all of them for a technical admin, none for anyone else. */
const linkTo = (href: string, methods: Link['methods'], rights: Pick<Rights, 'roles'>): Link => ({ href, methods: canManageWebhooks(rights) ? methods : [] });

/** An endpoint as the API shows it; `secret` only in the answer to its creation. */
export function presentEndpoint(row: EndpointRow, rights: Pick<Rights, 'roles'>, secret?: string): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    spaces: row.spaces === null ? null : (JSON.parse(row.spaces) as string[]),
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    ...(secret ? { secret } : {}),
    _links: {
      self: linkTo(endpointPath(row.id), ['GET', 'PATCH', 'DELETE'], rights),
      deliveries: linkTo(deliveriesPath(row.id), ['GET'], rights),
      test: linkTo(`${endpointPath(row.id)}/test`, ['POST'], rights),
    },
  };
}

/** A delivery of the log with its tries (newest first) and the body the receiver gets. */
export function presentDelivery(input: { row: DeliveryRow; attempts: readonly AttemptRow[] }, context: { rights: Pick<Rights, 'roles'>; publicUrl: string }): WebhookDelivery {
  const { row } = input;
  return {
    id: row.id,
    eventType: row.event_type,
    status: row.status,
    createdAt: row.created_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    payload: webhookPayloadOf(row, context.publicUrl),
    attempts: input.attempts.map((attempt) => ({
      at: attempt.attempted_at,
      statusCode: attempt.status_code,
      durationMs: attempt.duration_ms,
      response: attempt.response,
      error: attempt.error,
    })),
    _links: { resend: linkTo(`${deliveriesPath(row.endpoint_id)}/${row.id}/resend`, ['POST'], context.rights) },
  };
}

/** Every endpoint, oldest first. */
export function presentEndpointList(rows: readonly EndpointRow[], rights: Pick<Rights, 'roles'>): z.infer<typeof webhookEndpointListSchema> {
  return { _embedded: { item: rows.map((row) => presentEndpoint(row, rights)) }, _links: { self: linkTo(WEBHOOKS_PATH, ['GET', 'POST'], rights) }, size: rows.length };
}

/** A page of the delivery log; `before` is this page's cursor, `next` the next page's. */
export function presentDeliveryPage(
  page: { endpointId: string; limit: number; before: string | undefined; next: string | undefined; deliveries: ReadonlyArray<{ row: DeliveryRow; attempts: readonly AttemptRow[] }> },
  context: { rights: Pick<Rights, 'roles'>; publicUrl: string },
): z.infer<typeof webhookDeliveryPageSchema> {
  const href = (cursor: string | undefined) => `${deliveriesPath(page.endpointId)}?${new URLSearchParams({ limit: String(page.limit), ...(cursor ? { before: cursor } : {}) }).toString()}`;
  return {
    _embedded: { item: page.deliveries.map((delivery) => presentDelivery(delivery, context)) },
    _links: { self: linkTo(href(page.before), ['GET'], context.rights), ...(page.next ? { next: linkTo(href(page.next), ['GET'], context.rights) } : {}) },
    size: page.deliveries.length,
  };
}
