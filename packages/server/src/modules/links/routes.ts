import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetLinksResponseSchema, type AssetLinksResponse } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { LinksService } from './service.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const query = z.object({ localization: z.string().min(2).max(20).optional() });

/** Spec 001 §7 Links: `{ data: { links: [{ rel, href }] } }`; the web client reads it as `data.data.links`. */
export const linksRoutes: FastifyPluginAsyncZod<{ links: LinksService }> = async (app, { links }) => {
  app.get('/api/crepo/url-composer/v1/resources/:id/links', { schema: { params, querystring: query, response: { 200: assetLinksResponseSchema } } }, async (request): Promise<AssetLinksResponse> =>
    links.linksOf(requireAuth(request), { id: request.params.id, localization: request.query.localization }),
  );
};
