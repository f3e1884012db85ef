import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { skippingLockedRows } from '../../db/dialects/locking.ts';
import type { DB, WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;
export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type AttemptRow = Selectable<WebhookAttemptTable>;

/** PostgreSQL takes at most 65,535 parameters per statement; a delivery row has 10. */
const INSERT_CHUNK = 1000;

export async function listEndpoints(db: Executor): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoint').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findEndpoint(db: Executor, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(db: Executor, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto('webhook_endpoint').values(row).execute();
}

export async function updateEndpoint(db: Executor, id: string, values: Updateable<WebhookEndpointTable>): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoint').set(values).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the endpoint with its deliveries and their tries (foreign keys cascade). */
export async function deleteEndpoint(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoint').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The enabled endpoints and what they subscribe to: the outbox's fan-out reads them in the change's transaction. */
export async function listSubscribers(db: Executor): Promise<Array<Pick<EndpointRow, 'id' | 'events' | 'spaces'>>> {
  return db.selectFrom('webhook_endpoint').select(['id', 'events', 'spaces']).where('enabled', '=', 1).execute();
}

export async function insertDeliveries(db: Executor, rows: ReadonlyArray<Insertable<WebhookDeliveryTable>>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insertInto('webhook_delivery').values(rows.slice(start, start + INSERT_CHUNK)).execute();
  }
}

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = DeliveryRow & { url: string; secret: string };

/**
 * Claims up to `limit` due deliveries of enabled endpoints for one worker, oldest due first, in one statement: each
 * gets the claim and a lease (`next_attempt_at` moves to `leaseUntil`), so no other worker takes it while the try is
 * under way, and another takes it again once the lease has lapsed (its worker died). PostgreSQL skips rows another
 * claim holds (FOR UPDATE SKIP LOCKED in the sub-select); SQLite runs one write statement at a time.
 */
export async function claimDueDeliveries(
  db: Kysely<DB>,
  dialect: Dialect,
  input: { now: string; leaseUntil: string; claim: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const due = skippingLockedRows(
    dialect,
    db
      .selectFrom('webhook_delivery')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', input.now)
      .where('endpoint_id', 'in', db.selectFrom('webhook_endpoint').select('id').where('enabled', '=', 1))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(input.limit),
  );
  const claimed = await db
    .updateTable('webhook_delivery')
    .set({ claimed_by: input.claim, next_attempt_at: input.leaseUntil })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .selectFrom('webhook_endpoint')
    .select(['id', 'url', 'secret'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.endpoint_id))])
    .execute();
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return claimed.flatMap((row) => {
    const endpoint = byId.get(row.endpoint_id);
    // Deleted in between: its deliveries went with it.
    return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret }] : [];
  });
}

/**
 * Records tries and what follows each (succeeded, failed, or pending until `next_attempt_at`), in one transaction,
 * each only if its claim is still the worker's: after a lapsed lease another worker owns the delivery and that
 * result is dropped. Answers how many were recorded.
 */
export async function finishAttempts(
  db: Kysely<DB>,
  entries: ReadonlyArray<{ id: string; claim: string; values: Pick<DeliveryRow, 'status' | 'next_attempt_at' | 'finished_at'>; attempt: Insertable<WebhookAttemptTable> }>,
): Promise<number> {
  if (entries.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const attempts: Array<Insertable<WebhookAttemptTable>> = [];
    for (const input of entries) {
      const result = await trx
        .updateTable('webhook_delivery')
        .set((eb) => ({ ...input.values, claimed_by: null, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', input.id)
        .where('claimed_by', '=', input.claim)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) attempts.push(input.attempt);
    }
    if (attempts.length > 0) await trx.insertInto('webhook_attempt').values(attempts).execute();
    return attempts.length;
  });
}

/** Gives claimed deliveries back at once, untried (a worker stopping mid-try), so that another worker takes them now. */
export async function releaseClaim(db: Kysely<DB>, input: { id: string; claim: string; now: string }): Promise<void> {
  await db.updateTable('webhook_delivery').set({ claimed_by: null, next_attempt_at: input.now }).where('id', '=', input.id).where('claimed_by', '=', input.claim).execute();
}

export async function findDelivery(db: Executor, key: { endpointId: string; id: string }): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_delivery').selectAll().where('id', '=', key.id).where('endpoint_id', '=', key.endpointId).executeTakeFirst();
}

/** A page of an endpoint's deliveries, newest first, after the (created_at, id) of the last one of the previous page. */
export async function listDeliveries(db: Executor, input: { endpointId: string; limit: number; after?: { createdAt: string; id: string } | undefined }): Promise<DeliveryRow[]> {
  let query = db.selectFrom('webhook_delivery').selectAll().where('endpoint_id', '=', input.endpointId);
  const { after } = input;
  if (after) query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
}

/** The tries of the deliveries, newest first. */
export async function listAttempts(db: Executor, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.selectFrom('webhook_attempt').selectAll().where('delivery_id', 'in', [...deliveryIds]).orderBy('attempted_at', 'desc').orderBy('id').execute();
  for (const row of rows) byDelivery.set(row.delivery_id, [...(byDelivery.get(row.delivery_id) ?? []), row]);
  return byDelivery;
}

/**
 * Queues a delivery again from the start (due now, a new retry window, its tries counted from zero) unless a worker
 * holds it right now; answers whether it was queued.
 */
export async function requeueDelivery(db: Executor, input: { endpointId: string; id: string; now: string; retryUntil: string }): Promise<boolean> {
  const result = await db
    .updateTable('webhook_delivery')
    .set({ status: 'pending', attempts: 0, next_attempt_at: input.now, retry_until: input.retryUntil, finished_at: null, claimed_by: null })
    .where('id', '=', input.id)
    .where('endpoint_id', '=', input.endpointId)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('next_attempt_at', '<=', input.now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes up to `limit` deliveries that finished before `before`, with their tries; answers how many went. */
export async function deleteFinishedBefore(db: Kysely<DB>, input: { before: string; limit: number }): Promise<number> {
  const old = db.selectFrom('webhook_delivery').select('id').where('status', '<>', 'pending').where('finished_at', '<', input.before).limit(input.limit);
  const result = await db.deleteFrom('webhook_delivery').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
