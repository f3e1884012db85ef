import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiTranslateBodySchema, assetVersionSchema, availableAiTranslationsSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { badRequest } from '../../http/errors.ts';
import type { AssetsService } from '../assets/service.ts';
import { ASSETS_PATH, etagOf, presentVersion } from '../assets/presenter.ts';
import { versionParams } from '../assets/schemas.ts';
import type { TranslationService } from './service.ts';

const AI_TRANSLATIONS = `${ASSETS_PATH}/:id/localizations/:locale/ai-translations`;

/** Spec 000 §7, 001 §7, 002 §7: the AI translation calls. */
export const translationRoutes: FastifyPluginAsyncZod<{ translation: TranslationService; assets: AssetsService }> = async (app, { translation, assets }) => {
  // The path's locale is the source whose translations are offered.
  app.get(`${AI_TRANSLATIONS}/available-ai-translations`, { schema: { params: versionParams, response: { 200: availableAiTranslationsSchema } } }, async (request) => {
    return translation.availableAiTranslations(requireAuth(request), request.params);
  });

  // The path's locale is the target; `reference` names the source.
  app.post(
    AI_TRANSLATIONS,
    { schema: { params: versionParams, querystring: z.object({ reference: z.string().optional() }), body: aiTranslateBodySchema.nullish(), response: { 201: assetVersionSchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const reference = request.query.reference;
      if (!reference || reference.length < 2 || reference.length > 20) throw badRequest('reference: name the locale to translate from.');
      const version = await translation.aiTranslate(auth, request.params, reference);
      return reply.status(201).header('etag', etagOf(version)).send(presentVersion(version, assets.rightsOn(auth, version)));
    },
  );
};
