import { WEBHOOK_TEST_EVENT, type WebhookPayload, type WebhookEventType } from '@editor/domain';
import { selfHref } from '../delivery/presenter.ts';

/** An event as the outbox keeps it: what the change was about, without the URL (the server's address may change). */
export type StoredEventData =
  | { assetId: string; locale: string; stencil: string; spaces: string[]; previousSpaces?: string[] | undefined; sourceLocale?: string | undefined }
  | { endpointId: string };

/** Where the delivery API answers a version, as the delivery module links it; a version deleted since answers 404 there. */
export function deliveryApiUrlOf(publicUrl: string, key: { assetId: string; locale: string }): string {
  return `${publicUrl}${selfHref(key.assetId, key.locale)}`;
}

/**
 * The body a delivery sends: the same text on every try (fields in a fixed order), so that a receiver sees one
 * message however often it comes.
 */
export function webhookPayloadOf(delivery: { event_type: string; data: string; created_at: string }, publicUrl: string): WebhookPayload {
  const data = JSON.parse(delivery.data) as StoredEventData;
  if ('endpointId' in data) return { type: WEBHOOK_TEST_EVENT, timestamp: delivery.created_at, data: { endpointId: data.endpointId } };
  return {
    type: delivery.event_type as WebhookEventType,
    timestamp: delivery.created_at,
    data: {
      assetId: data.assetId,
      locale: data.locale,
      stencil: data.stencil,
      spaces: data.spaces,
      url: deliveryApiUrlOf(publicUrl, data),
      ...(data.previousSpaces ? { previousSpaces: data.previousSpaces } : {}),
      ...(data.sourceLocale ? { sourceLocale: data.sourceLocale } : {}),
    },
  };
}
