import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stencilDefinitionSchema, stencilSummaryListSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { StencilsService } from './service.ts';
import { STENCILS_PATH, presentStencilSummary } from './presenter.ts';

const listQuerySchema = z.object({ space: z.string().min(1).max(100), localization: z.string().min(1).max(35) });

export const stencilsRoutes: FastifyPluginAsyncZod<{ stencils: StencilsService }> = async (app, { stencils }) => {
  app.get(STENCILS_PATH, { schema: { querystring: listQuerySchema, response: { 200: stencilSummaryListSchema } } }, async (request) => {
    const { rights } = requireAuth(request);
    const { space, localization } = request.query;
    return stencils.listCreatable({ rights, space, locale: localization }).map(presentStencilSummary);
  });

  app.get(
    `${STENCILS_PATH}/:name`,
    { schema: { params: z.object({ name: z.string().max(100) }), response: { 200: stencilDefinitionSchema } } },
    async (request) => {
      requireAuth(request);
      return stencils.getDefinition(request.params.name);
    },
  );
};
