import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetVersionSchema, publishBodySchema, publishCheckResponseSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { AssetsService } from '../assets/service.ts';
import { ASSETS_PATH, etagOf, presentVersion } from '../assets/presenter.ts';
import { versionParams } from '../assets/schemas.ts';
import type { PublishingService } from './service.ts';

const VERSION = `${ASSETS_PATH}/:id/localizations/:locale`;

/** The calls behind `p:publishcheck`, `p:publish` and `p:depublish` (spec 000 §7, 002 §4, §7). */
export const publishingRoutes: FastifyPluginAsyncZod<{ publishing: PublishingService; assets: AssetsService }> = async (app, { publishing, assets }) => {
  app.get(`${VERSION}/publish-check`, { schema: { params: versionParams, response: { 200: publishCheckResponseSchema } } }, async (request) => {
    return publishing.check(requireAuth(request), request.params);
  });

  app.post(`${VERSION}/publish`, { schema: { params: versionParams, body: publishBodySchema.nullish(), response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { version } = await publishing.publish(auth, request.params, request.body ?? {});
    return reply.header('etag', etagOf(version)).send(presentVersion(version, assets.rightsOn(auth, version)));
  });

  app.post(`${VERSION}/depublish`, { schema: { params: versionParams, response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const version = await publishing.depublish(auth, request.params);
    return reply.header('etag', etagOf(version)).send(presentVersion(version, assets.rightsOn(auth, version)));
  });
};
