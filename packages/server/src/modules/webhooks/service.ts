import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_TEST_EVENT, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { AuditEvent, AuditLog } from '../audit/auditLog.ts';
import type { Actor } from '../assets/types.ts';
import type { StoredEventData } from './payload.ts';
import * as repo from './repository.ts';
import { receiverUrlProblem } from './sender.ts';
import { createWebhookSecret } from './signature.ts';

export interface WebhooksServiceOptions {
  db: Kysely<DB>;
  /** Every space of the installation: an endpoint's filter names some of them. */
  spaces: readonly string[];
  /** `WEBHOOK_ALLOWED_HOSTS`. */
  allowedHosts: readonly string[];
  audit: AuditLog;
  now?: () => Date;
}

/** Who changes an endpoint, for the audit log. */
export interface AdminCall {
  actor: Actor;
  clientAddress: string;
}

/** A page of the delivery log: the deliveries with their tries, and the cursor of the next page if there is one. */
export interface DeliveryPage {
  deliveries: Array<{ row: repo.DeliveryRow; attempts: repo.AttemptRow[] }>;
  next: string | undefined;
}

/** The events in their catalogue order, each once. */
const orderedEvents = (events: readonly string[]) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

const endpointNotFound = (id: string) => notFound(`No webhook endpoint ${id}.`);

/** `{created_at}~{id}` of the last delivery on a page: where the next page starts. */
const cursorOf = (row: repo.DeliveryRow) => `${row.created_at}~${row.id}`;

function parseCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt, id, ...rest] = cursor.split('~');
  if (!createdAt || !id || rest.length > 0) throw badRequest('before: not a cursor of this log.');
  return { createdAt, id };
}

/**
 * Webhook endpoints for technical admins (the routes check the right): register, change, pause or enable, delete,
 * the delivery log, a resend and a test event. Every change is recorded in the audit log, never with the secret.
 */
export function createWebhooksService(options: WebhooksServiceOptions) {
  const { db } = options;
  const clock = options.now ?? (() => new Date());

  function record(call: AdminCall, event: AuditEvent, target: string, detail: Record<string, unknown> = {}): void {
    options.audit.record({ event, outcome: 'success', userId: call.actor.identity.id, clientAddress: call.clientAddress, target, detail });
  }

  function checkUrl(url: string): void {
    const problem = receiverUrlProblem(url, options.allowedHosts);
    if (problem) throw badRequest(`url: ${problem}`);
  }

  function checkSpaces(spaces: readonly string[] | null | undefined): string[] | null | undefined {
    if (!spaces) return spaces;
    const unknown = spaces.filter((space) => !options.spaces.includes(space));
    if (unknown.length > 0) throw badRequest(unknown.map((space) => `spaces: "${space}" is not a space of this installation.`));
    return [...new Set(spaces)].toSorted();
  }

  async function load(id: string): Promise<repo.EndpointRow> {
    const endpoint = await repo.findEndpoint(db, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }

  async function list(): Promise<repo.EndpointRow[]> {
    return repo.listEndpoints(db);
  }

  /** Registers an endpoint with a new secret; the answer is the only place the secret is ever shown. */
  async function create(call: AdminCall, input: WebhookEndpointCreate): Promise<{ endpoint: repo.EndpointRow; secret: string }> {
    checkUrl(input.url);
    const spaces = checkSpaces(input.spaces) ?? null;
    const at = clock().toISOString();
    const secret = createWebhookSecret();
    const endpoint: repo.EndpointRow = {
      id: crypto.randomUUID(),
      url: input.url,
      description: input.description,
      events: JSON.stringify(orderedEvents(input.events)),
      spaces: spaces === null ? null : JSON.stringify(spaces),
      enabled: input.enabled ? 1 : 0,
      secret,
      created_at: at,
      created_by: call.actor.identity.name,
      updated_at: at,
      updated_by: call.actor.identity.name,
    };
    await repo.insertEndpoint(db, endpoint);
    record(call, 'webhook-create', endpoint.id, { url: input.url, events: orderedEvents(input.events), spaces, enabled: input.enabled });
    return { endpoint, secret };
  }

  /** Changes the given fields; `enabled: false` pauses the endpoint (its deliveries wait), `true` enables it again. */
  async function update(call: AdminCall, id: string, input: WebhookEndpointUpdate): Promise<repo.EndpointRow> {
    await load(id);
    if (input.url !== undefined) checkUrl(input.url);
    const spaces = checkSpaces(input.spaces);
    const values = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: JSON.stringify(orderedEvents(input.events)) } : {}),
      ...(spaces !== undefined ? { spaces: spaces === null ? null : JSON.stringify(spaces) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
      updated_at: clock().toISOString(),
      updated_by: call.actor.identity.name,
    };
    if (!(await repo.updateEndpoint(db, id, values))) throw endpointNotFound(id);
    record(call, 'webhook-update', id, { ...input, ...(spaces !== undefined ? { spaces } : {}) });
    return load(id);
  }

  /** Deletes the endpoint with its delivery log; what was still pending is not sent. */
  async function remove(call: AdminCall, id: string): Promise<void> {
    const endpoint = await load(id);
    if (!(await repo.deleteEndpoint(db, id))) throw endpointNotFound(id);
    record(call, 'webhook-delete', id, { url: endpoint.url });
  }

  async function deliveries(id: string, page: { limit: number; before?: string | undefined }): Promise<DeliveryPage> {
    await load(id);
    const rows = await repo.listDeliveries(db, { endpointId: id, limit: page.limit + 1, after: parseCursor(page.before) });
    const shown = rows.slice(0, page.limit);
    const attempts = await repo.listAttempts(db, shown.map((row) => row.id));
    const last = shown.at(-1);
    return {
      deliveries: shown.map((row) => ({ row, attempts: attempts.get(row.id) ?? [] })),
      next: rows.length > page.limit && last ? cursorOf(last) : undefined,
    };
  }

  async function deliveryWithAttempts(key: { endpointId: string; id: string }): Promise<{ row: repo.DeliveryRow; attempts: repo.AttemptRow[] }> {
    const row = await repo.findDelivery(db, key);
    if (!row) throw notFound(`No delivery ${key.id} of this webhook endpoint.`);
    return { row, attempts: (await repo.listAttempts(db, [row.id])).get(row.id) ?? [] };
  }

  /** Sends a delivery again from the start, with the same `webhook-id` (the same message), a new 24-hour window. */
  async function resend(call: AdminCall, key: { endpointId: string; id: string }) {
    await load(key.endpointId);
    const existing = await repo.findDelivery(db, key);
    if (!existing) throw notFound(`No delivery ${key.id} of this webhook endpoint.`);
    const now = clock();
    const queued = await repo.requeueDelivery(db, { ...key, now: now.toISOString(), retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS).toISOString() });
    if (!queued) throw new HttpError(409, 'This delivery is being sent right now; resend it once this try has ended.', { code: 'webhook-delivery-busy' });
    record(call, 'webhook-resend', key.endpointId, { delivery: key.id, eventType: existing.event_type });
    return deliveryWithAttempts(key);
  }

  /** Queues a `webhook.test` event for this endpoint alone, signed and logged like any other. */
  async function sendTest(call: AdminCall, id: string) {
    const endpoint = await load(id);
    if (endpoint.enabled !== 1) throw new HttpError(409, 'This endpoint is paused; enable it to send a test event.', { code: 'webhook-endpoint-paused' });
    const now = clock();
    const data: StoredEventData = { endpointId: id };
    const delivery: repo.DeliveryRow = {
      id: crypto.randomUUID(),
      endpoint_id: id,
      event_type: WEBHOOK_TEST_EVENT,
      data: JSON.stringify(data),
      created_at: now.toISOString(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      claimed_by: null,
      retry_until: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS).toISOString(),
      finished_at: null,
    };
    await repo.insertDeliveries(db, [delivery]);
    record(call, 'webhook-test', id, { delivery: delivery.id });
    return { row: delivery, attempts: [] };
  }

  return { list, load, create, update, remove, deliveries, resend, sendTest };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
