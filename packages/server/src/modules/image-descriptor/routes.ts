import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageDescriptionRequestSchema, imageDescriptionSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { ImageDescriptorService } from './service.ts';

/** Spec 001 §7 `POST /api/v1/image-descriptor` `{ assetId, langCode }` → `{ title, teaser, seo-filename }`. */
export const imageDescriptorRoutes: FastifyPluginAsyncZod<{ imageDescriptor: ImageDescriptorService }> = async (app, { imageDescriptor }) => {
  app.post('/api/v1/image-descriptor', { schema: { body: imageDescriptionRequestSchema, response: { 200: imageDescriptionSchema } } }, async (request) => {
    return imageDescriptor.describeAssetImage(requireAuth(request), request.body);
  });
};
