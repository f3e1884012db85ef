import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isLocaleId, zoeLocalizationListSchema } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { listZoeLocalizations } from './zoeLocalizations.ts';

const zoeQuerySchema = z.object({
  /** The asset's locale: its language (and country, unless an international family) filters the list (spec 002 §9). */
  locale: z.string().refine(isLocaleId, 'locale: a locale id such as en or de-AT.'),
  /** A 24-hex id, or text matched against title, engagement and slug. */
  query: z.string().max(200).optional(),
});

/** Spec 002 §7 `GET /api/v1/media/zoe/localizations` (signed in): the ZOE localizations an asset may embed. */
export const embedsRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/api/v1/media/zoe/localizations', { schema: { querystring: zoeQuerySchema, response: { 200: zoeLocalizationListSchema } } }, async (request) => ({
    localizations: await listZoeLocalizations(db, { assetLocale: request.query.locale, query: request.query.query ?? '' }),
  }));
};
