import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaAttributesOf, schemaAttributesResponseSchema, stencilDefinitionSchema, stencilSummaryListSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import type { StencilsService } from './service.ts';
import { SCHEMA_ATTRIBUTES_PATH, STENCILS_PATH, presentStencilSummary } from './presenter.ts';

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

  // Spec 002 §7 schema attributes: the stencils an internal link may point to, from the installed stencils.
  app.get(SCHEMA_ATTRIBUTES_PATH, { schema: { response: { 200: schemaAttributesResponseSchema } } }, async (request) => {
    requireAuth(request);
    return schemaAttributesOf(stencils.all());
  });
};
