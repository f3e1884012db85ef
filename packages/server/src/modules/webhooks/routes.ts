import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOKS_PATH,
  canManageWebhooks,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { forbidden } from '../../http/errors.ts';
import { presentDelivery, presentDeliveryPage, presentEndpoint, presentEndpointList } from './presenter.ts';
import type { AdminCall, WebhooksService } from './service.ts';

const endpointParams = z.object({ id: z.string().min(1).max(64) });
const deliveryParams = endpointParams.extend({ deliveryId: z.string().min(1).max(64) });
const DEFAULT_LIMIT = 50;
const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_LIMIT),
  /** The `next` link's cursor. */
  before: z.string().min(1).max(100).optional(),
});

const callOf = (request: Parameters<typeof requireAuth>[0]): AdminCall => ({ actor: requireAuth(request), clientAddress: request.ip });

/**
 * Webhook endpoints under the editor API, for technical admins only (one guard for every route here): list,
 * register (the secret shown once), read, change (`enabled` pauses or enables), delete, the delivery log, a resend
 * and a test event.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService; publicUrl: string }> = async (app, { webhooks, publicUrl }) => {
  app.addHook('preValidation', async (request) => {
    if (!canManageWebhooks(requireAuth(request).rights)) throw forbidden('Only technical admins may manage webhooks.');
  });

  app.get(WEBHOOKS_PATH, { schema: { description: 'Every webhook endpoint, oldest first; technical admins only.', response: { 200: webhookEndpointListSchema } } }, async (request) => {
    return presentEndpointList(await webhooks.list(), requireAuth(request).rights);
  });

  app.post(WEBHOOKS_PATH, { schema: { description: 'Registers a webhook endpoint: its address, events and spaces; the answer holds its signing secret (`whsec_…`), shown this once.', body: webhookEndpointCreateSchema, response: { 201: webhookEndpointSchema } } }, async (request, reply) => {
    const { endpoint, secret } = await webhooks.create(callOf(request), request.body);
    return reply.status(201).send(presentEndpoint(endpoint, requireAuth(request).rights, secret));
  });

  app.get(`${WEBHOOKS_PATH}/:id`, { schema: { description: 'One webhook endpoint, without its secret.', params: endpointParams, response: { 200: webhookEndpointSchema } } }, async (request) =>
    presentEndpoint(await webhooks.load(request.params.id), requireAuth(request).rights),
  );

  app.patch(`${WEBHOOKS_PATH}/:id`, { schema: { description: 'Changes the fields given; `enabled: false` pauses the endpoint (nothing is queued for it, what is queued waits), `true` enables it.', params: endpointParams, body: webhookEndpointUpdateSchema, response: { 200: webhookEndpointSchema } } }, async (request) =>
    presentEndpoint(await webhooks.update(callOf(request), request.params.id, request.body), requireAuth(request).rights),
  );

  app.delete(`${WEBHOOKS_PATH}/:id`, { schema: { description: 'Deletes the endpoint with its delivery log; what was pending is not sent.', params: endpointParams } }, async (request, reply) => {
    await webhooks.remove(callOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(`${WEBHOOKS_PATH}/:id/deliveries`, { schema: { description: 'The delivery log, newest first: each delivery with its body and tries (time, status, response time, the first bytes of the answer), continued by `next`.', params: endpointParams, querystring: deliveriesQuery, response: { 200: webhookDeliveryPageSchema } } }, async (request) => {
    const { limit, before } = request.query;
    const page = await webhooks.deliveries(request.params.id, { limit, before });
    return presentDeliveryPage({ endpointId: request.params.id, limit, before, ...page }, { rights: requireAuth(request).rights, publicUrl });
  });

  app.post(`${WEBHOOKS_PATH}/:id/deliveries/:deliveryId/resend`, { schema: { description: 'Sends a delivery again from the start, with the same `webhook-id` and 24 hours of retries; 409 while a try of it is under way.', params: deliveryParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) => {
    const delivery = await webhooks.resend(callOf(request), { endpointId: request.params.id, id: request.params.deliveryId });
    return reply.status(202).send(presentDelivery(delivery, { rights: requireAuth(request).rights, publicUrl }));
  });

  app.post(`${WEBHOOKS_PATH}/:id/test`, { schema: { description: 'Queues a `webhook.test` event for this endpoint alone, signed and logged like any other; 409 when the endpoint is paused.', params: endpointParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) => {
    const delivery = await webhooks.sendTest(callOf(request), request.params.id);
    return reply.status(202).send(presentDelivery(delivery, { rights: requireAuth(request).rights, publicUrl }));
  });
};
