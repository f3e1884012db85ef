import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { WEBHOOK_RETRY_WINDOW_MS, isWebhookSubscribed } from '@editor/domain';
import type { WebhookDeliveryTable } from '../../db/schema.ts';
import { findSpaces } from '../assets/repository.ts';
import type { QueueChangeEvents } from '../assets/types.ts';
import type { StoredEventData } from './payload.ts';
import * as repo from './repository.ts';

const parseList = (json: string | null): string[] | null => (json === null ? null : (JSON.parse(json) as string[]));

/**
 * The outbox: called by every command that publishes, unpublishes, runs a scheduled transition, deletes, ships or
 * changes spaces, inside the transaction of that change. It writes one delivery per event and subscribed, enabled
 * endpoint, so the deliveries exist exactly when the change does: committed together, or rolled back together.
 * With no enabled endpoint it costs one small read.
 */
export const queueWebhookEvents: QueueChangeEvents = async (trx, events) => {
  if (events.length === 0) return;
  const endpoints = (await repo.listSubscribers(trx)).map((row) => ({ id: row.id, events: parseList(row.events) ?? [], spaces: parseList(row.spaces) }));
  if (endpoints.length === 0) return;
  const unknownSpaces = [...new Set(events.filter((event) => !event.spaces).map((event) => event.assetId))];
  const spacesOf = await findSpaces(trx, unknownSpaces);
  const at = new Date();
  const createdAt = at.toISOString();
  const retryUntil = new Date(at.getTime() + WEBHOOK_RETRY_WINDOW_MS).toISOString();
  const rows: Array<Insertable<WebhookDeliveryTable>> = [];
  for (const event of events) {
    const spaces = [...(event.spaces ?? spacesOf.get(event.assetId) ?? [])].toSorted();
    const previousSpaces = event.previousSpaces ? [...event.previousSpaces].toSorted() : undefined;
    const data: StoredEventData = { assetId: event.assetId, locale: event.locale, stencil: event.stencil, spaces, previousSpaces, sourceLocale: event.sourceLocale };
    for (const endpoint of endpoints) {
      if (!isWebhookSubscribed(endpoint, { type: event.type, spaces, previousSpaces })) continue;
      rows.push({
        id: crypto.randomUUID(),
        endpoint_id: endpoint.id,
        event_type: event.type,
        data: JSON.stringify(data),
        created_at: createdAt,
        status: 'pending',
        attempts: 0,
        next_attempt_at: createdAt,
        claimed_by: null,
        retry_until: retryUntil,
        finished_at: null,
      });
    }
  }
  await repo.insertDeliveries(trx, rows);
};
