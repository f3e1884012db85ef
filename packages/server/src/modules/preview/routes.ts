import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREVIEW_FORMATS, previewResponseSchema, type PreviewView } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { ASSETS_PATH } from '../assets/presenter.ts';
import { versionParams } from '../assets/schemas.ts';
import { PREVIEW_PATH, type PreviewService } from './service.ts';

/** Spec 000 §7 preview body: the unsaved content in the save shape; embedded, meta, id... may come along and are not needed. */
const previewBodySchema = z.looseObject({
  content: z.record(z.string(), z.looseObject({ value: z.unknown().optional(), _meta: z.record(z.string(), z.unknown()).optional() })),
});

const previewQuerySchema = z.object({ validate: z.enum(['true', 'false']).optional() });

const documentParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const documentQuery = z.object({ format: z.enum(PREVIEW_FORMATS).default('desktop'), skipTracking: z.enum(['true', 'false']).optional() });

/** `POST {p:preview}`: needs a signed-in user with the link's POST right. */
export const previewRoutes: FastifyPluginAsyncZod<{ preview: PreviewService }> = async (app, { preview }) => {
  app.post(
    `${ASSETS_PATH}/:id/localizations/:locale/preview`,
    { schema: { params: versionParams, querystring: previewQuerySchema, body: previewBodySchema, response: { 201: previewResponseSchema } } },
    async (request, reply) => {
      const answer = await preview.createPreview(requireAuth(request), request.params, { content: request.body.content, validate: request.query.validate === 'true' });
      return reply.status(201).send(answer);
    },
  );
};

/**
 * The documents of a stored preview, public like the media route because the side panel's iframe sends no bearer
 * token; the random token of a preview is what grants access, and it expires.
 */
export const previewDocumentRoutes: FastifyPluginAsyncZod<{ preview: PreviewService }> = async (app, { preview }) => {
  const views: Array<[string, PreviewView]> = [
    ['page', 'page'],
    ['feature-card', 'feature-card'],
  ];
  for (const [segment, view] of views) {
    app.get(`${PREVIEW_PATH}/:token/${segment}`, { schema: { params: documentParams, querystring: documentQuery } }, async (request, reply) => {
      const html = await preview.renderStored(request.params.token, { view, format: request.query.format, skipTracking: request.query.skipTracking === 'true' });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // Its policy (framed by the app only, runs nothing) comes with every preview document: http/securityHeaders.ts.
        .header('referrer-policy', 'no-referrer')
        .send(html);
    });
  }
};
