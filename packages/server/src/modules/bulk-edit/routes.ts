import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkPatchBodySchema, bulkPatchResponseSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { ASSETS_PATH } from '../assets/presenter.ts';
import { containerParams } from '../assets/schemas.ts';
import type { BulkEditService } from './service.ts';

/** Spec 002 §7 "Bulk patch and publish": answers each locale's result, whether it worked or not. */
export const bulkEditRoutes: FastifyPluginAsyncZod<{ bulkEdit: BulkEditService }> = async (app, { bulkEdit }) => {
  app.post(`${ASSETS_PATH}/:id/actions/bulk-patch`, { schema: { params: containerParams, body: bulkPatchBodySchema, response: { 200: bulkPatchResponseSchema } } }, async (request) => {
    return bulkEdit.bulkPatch(requireAuth(request), request.params.id, request.body);
  });
};
