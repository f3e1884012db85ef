import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import { WEBHOOKS_PATH, presentDelivery, presentDeliveryPage, presentEndpoint, presentEndpointList } from './presenter.ts';
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

  app.get(WEBHOOKS_PATH, { schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => {
    return presentEndpointList(await webhooks.list(), requireAuth(request).rights);
  });

  app.post(WEBHOOKS_PATH, { schema: { body: webhookEndpointCreateSchema, response: { 201: webhookEndpointSchema } } }, async (request, reply) => {
    const { endpoint, secret } = await webhooks.create(callOf(request), request.body);
    return reply.status(201).send(presentEndpoint(endpoint, requireAuth(request).rights, secret));
  });

  app.get(`${WEBHOOKS_PATH}/:id`, { schema: { params: endpointParams, response: { 200: webhookEndpointSchema } } }, async (request) =>
    presentEndpoint(await webhooks.load(request.params.id), requireAuth(request).rights),
  );

  app.patch(`${WEBHOOKS_PATH}/:id`, { schema: { params: endpointParams, body: webhookEndpointUpdateSchema, response: { 200: webhookEndpointSchema } } }, async (request) =>
    presentEndpoint(await webhooks.update(callOf(request), request.params.id, request.body), requireAuth(request).rights),
  );

  app.delete(`${WEBHOOKS_PATH}/:id`, { schema: { params: endpointParams } }, async (request, reply) => {
    await webhooks.remove(callOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(`${WEBHOOKS_PATH}/:id/deliveries`, { schema: { params: endpointParams, querystring: deliveriesQuery, response: { 200: webhookDeliveryPageSchema } } }, async (request) => {
    const { limit, before } = request.query;
    const page = await webhooks.deliveries(request.params.id, { limit, before });
    return presentDeliveryPage({ endpointId: request.params.id, limit, before, ...page }, { rights: requireAuth(request).rights, publicUrl });
  });

  app.post(`${WEBHOOKS_PATH}/:id/deliveries/:deliveryId/resend`, { schema: { params: deliveryParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) => {
    const delivery = await webhooks.resend(callOf(request), { endpointId: request.params.id, id: request.params.deliveryId });
    return reply.status(202).send(presentDelivery(delivery, { rights: requireAuth(request).rights, publicUrl }));
  });

  app.post(`${WEBHOOKS_PATH}/:id/test`, { schema: { params: endpointParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) => {
    const delivery = await webhooks.sendTest(callOf(request), request.params.id);
    return reply.status(202).send(presentDelivery(delivery, { rights: requireAuth(request).rights, publicUrl }));
  });
};
