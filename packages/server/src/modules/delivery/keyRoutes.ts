import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DELIVERY_KEYS_PATH,
  canManageDeliveryKeys,
  deliveryKeyCreateBodySchema,
  deliveryKeyCreatedSchema,
  deliveryKeyListSchema,
  deliveryKeySchema,
  deliveryKeyUpdateBodySchema,
} from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { forbidden } from '../../http/errors.ts';
import { presentKey, presentKeyList } from './keysPresenter.ts';
import type { DeliveryKeysService, KeyEditor } from './keysService.ts';

const keyParams = z.object({ id: z.uuid() });

/** The request's rights, if they may manage delivery keys (spec 000 §6: technical admins); 403 otherwise. */
function keyManager(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!canManageDeliveryKeys(auth.rights)) throw forbidden('Only technical admins may manage delivery keys.');
  return { rights: auth.rights, editor: { userId: auth.identity.id, name: auth.identity.name, clientAddress: request.ip } satisfies KeyEditor };
}

/**
 * `/api/v1/delivery-keys`: technical admins list, create, rename or rescope, and revoke the keys of the delivery API.
 * A new key's secret is in the create answer only; every change goes to the audit log.
 */
export const deliveryKeyRoutes: FastifyPluginAsyncZod<{ keys: DeliveryKeysService }> = async (app, { keys }) => {
  app.get(DELIVERY_KEYS_PATH, { schema: { response: { 200: deliveryKeyListSchema } } }, async (request) => {
    const { rights } = keyManager(request);
    return presentKeyList(await keys.list(), rights);
  });

  app.post(DELIVERY_KEYS_PATH, { schema: { body: deliveryKeyCreateBodySchema, response: { 201: deliveryKeyCreatedSchema } } }, async (request, reply) => {
    const { rights, editor } = keyManager(request);
    const { row, secret } = await keys.create(editor, request.body);
    // The secret is in this answer and nowhere else: no cache may keep it.
    return reply.code(201).header('cache-control', 'no-store').header('location', `${DELIVERY_KEYS_PATH}/${row.id}`).send({ ...presentKey(row, rights), secret });
  });

  app.get(`${DELIVERY_KEYS_PATH}/:id`, { schema: { params: keyParams, response: { 200: deliveryKeySchema } } }, async (request) => {
    const { rights } = keyManager(request);
    return presentKey(await keys.get(request.params.id), rights);
  });

  app.patch(`${DELIVERY_KEYS_PATH}/:id`, { schema: { params: keyParams, body: deliveryKeyUpdateBodySchema, response: { 200: deliveryKeySchema } } }, async (request) => {
    const { rights, editor } = keyManager(request);
    return presentKey(await keys.update(editor, request.params.id, request.body), rights);
  });

  app.delete(`${DELIVERY_KEYS_PATH}/:id`, { schema: { params: keyParams, response: { 200: deliveryKeySchema } } }, async (request) => {
    const { rights, editor } = keyManager(request);
    return presentKey(await keys.revoke(editor, request.params.id), rights);
  });
};
