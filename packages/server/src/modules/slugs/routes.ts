import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimUriSlugBodySchema, uriSlugClaimSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { SlugsService } from './service.ts';

/** Spec 000 §7: the path shapes of the URI slug registry (the lookup is v2, the claim is not). */
export const URI_SLUGS_PATH = '/api/crepo/urislug-registry/uriSlugs';
export const URI_SLUGS_V2_PATH = '/api/crepo/urislug-registry/v2/uriSlugs';

const params = z.object({ slugId: z.string().min(1).max(300) });
/** The asking asset (docs/decisions.md, "URI slug lookup"): the answer names the other asset involved. */
const lookupQuery = z.object({ assetId: z.string().min(1).max(80).optional() });

export const slugsRoutes: FastifyPluginAsyncZod<{ slugs: SlugsService }> = async (app, { slugs }) => {
  app.get(`${URI_SLUGS_V2_PATH}/:slugId`, { schema: { params, querystring: lookupQuery, response: { 200: uriSlugClaimSchema } } }, async (request) =>
    slugs.lookup(requireAuth(request), request.params.slugId, request.query.assetId),
  );

  app.patch(
    `${URI_SLUGS_PATH}/:slugId/relationships/claimingResource`,
    { schema: { params, body: claimUriSlugBodySchema, response: { 200: uriSlugClaimSchema } } },
    async (request) => slugs.claim(requireAuth(request), request.params.slugId, request.body),
  );
};
