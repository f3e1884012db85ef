import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetContainerSchema, assetVersionOrRawSchema, assetVersionSchema, bulkGetResponseSchema, shipResponseSchema, usageResponseSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseContent } from './content.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { cardImageUrlOf, imageOf } from './imageOf.ts';
import type { AssetsService } from './service.ts';
import { ASSETS_PATH, etagOf, presentContainer, presentVersion } from './presenter.ts';
import {
  bulkGetBodySchema,
  bulkShipBodySchema,
  changeSpacesBodySchema,
  containerParams,
  createBodySchema,
  createQuerySchema,
  deletedVersionResponseSchema,
  embargoResponseSchema,
  imageUrlResponseSchema,
  spacesResponseSchema,
  embargoBodySchema,
  parseIfMatch,
  patchBodySchema,
  saveBodySchema,
  shipBodySchema,
  translateBodySchema,
  usageQuerySchema,
  versionParams,
  versionQuerySchema,
} from './schemas.ts';

const VERSION = `${ASSETS_PATH}/:id/localizations/:locale`;

export const assetsRoutes: FastifyPluginAsyncZod<{ assets: AssetsService; delivery: ImageDelivery }> = async (app, { assets, delivery }) => {
  type Version = Awaited<ReturnType<AssetsService['load']>>;
  const answer = (auth: ReturnType<typeof requireAuth>, version: Version) => presentVersion(version, assets.rightsOn(auth, version));
  const answerAsAsked = (auth: ReturnType<typeof requireAuth>, version: Version, raw: boolean) => presentVersion(version, assets.rightsOn(auth, version), { raw });

  app.get(`${ASSETS_PATH}/:id`, { schema: { params: containerParams, response: { 200: assetContainerSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const version = await assets.mostRelevant(auth, request.params.id, auth.rights.localizations[0] ?? 'en');
    return presentContainer(version);
  });

  app.get(`${ASSETS_PATH}/:id/localization`, { schema: { params: containerParams, querystring: z.object({ localization: z.string().optional(), locale: z.string().optional() }), response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const wanted = request.query.localization ?? request.query.locale ?? auth.rights.localizations[0] ?? 'en';
    const version = await assets.mostRelevant(auth, request.params.id, wanted);
    return reply.header('etag', etagOf(version)).send(answer(auth, version));
  });

  // Spec 000 §7: the delivery URL of the asset's card image (its card crop at width 400, spec 000 §9), for the most relevant locale.
  app.get(`${ASSETS_PATH}/:id/image-url`, { schema: { params: containerParams, querystring: z.object({ localization: z.string().optional() }), response: { 200: imageUrlResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const version = await assets.mostRelevant(auth, request.params.id, request.query.localization ?? auth.rights.localizations[0] ?? 'en');
    const media = imageOf(version.stencil, parseContent(version.localization.content));
    const imageUrl = media ? cardImageUrlOf(media, delivery) : undefined;
    if (!imageUrl) throw notFound(`The asset ${request.params.id} has no image.`);
    return { imageUrl };
  });

  app.get(VERSION, { schema: { params: versionParams, querystring: versionQuerySchema, response: { 200: assetVersionOrRawSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const version = await assets.load(auth, request.params.id, request.params.locale, request.query.includeHistory);
    return reply.header('etag', etagOf(version)).header('cache-control', 'no-cache').send(answerAsAsked(auth, version, request.query.raw));
  });

  // One path serves two calls of spec 000 §7: id '-' creates an asset, an existing id translates it into the locale.
  app.post(VERSION, { schema: { params: versionParams, body: z.union([createBodySchema, translateBodySchema]), response: { 201: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { id, locale } = request.params;
    if (id === '-') {
      const query = createQuerySchema.safeParse(request.query);
      if (!query.success) throw badRequest(query.error.issues.map((issue) => issue.message));
      const body = createBodySchema.parse(request.body);
      const program = query.data['musicImport.program'];
      const masterDataId = query.data['musicImport.masterDataId'];
      const version = await assets.createAsset(auth, {
        locale,
        space: query.data.space,
        stencil: query.data['container.stencil'],
        content: body.content,
        musicImport: program && masterDataId ? { program, masterDataId } : undefined,
      });
      return reply.status(201).header('etag', etagOf(version)).header('location', `${ASSETS_PATH}/${version.asset.id}/localizations/${locale}`).send(answer(auth, version));
    }
    const body = translateBodySchema.safeParse(request.body);
    if (!body.success) throw badRequest('reference: name the locale to translate from.');
    const version = await assets.translate(auth, { id, locale }, body.data.reference);
    return reply.status(201).header('etag', etagOf(version)).send(answer(auth, version));
  });

  app.put(VERSION, { schema: { params: versionParams, body: saveBodySchema, response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const version = await assets.saveVersion(auth, request.params, {
      content: request.body.content,
      meta: request.body._meta,
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    return reply.header('etag', etagOf(version)).send(answer(auth, version));
  });

  app.patch(VERSION, { schema: { params: versionParams, body: patchBodySchema, response: { 200: assetVersionSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const version = await assets.patchVersion(auth, request.params, { content: request.body.content, ifMatch: parseIfMatch(request.headers['if-match']) });
    return reply.header('etag', etagOf(version)).send(answer(auth, version));
  });

  app.delete(VERSION, { schema: { params: versionParams, response: { 200: deletedVersionResponseSchema } } }, async (request) => {
    const remaining = await assets.deleteVersion(requireAuth(request), request.params);
    return { id: request.params.id, localization: request.params.locale, deleted: true, remainingLocalizations: remaining };
  });

  app.get(`${VERSION}/usage`, { schema: { params: versionParams, querystring: usageQuerySchema, response: { 200: usageResponseSchema } } }, async (request) => {
    return assets.usage(requireAuth(request), request.params, request.query);
  });

  app.put(`${VERSION}/bookmark`, { schema: { params: versionParams } }, async (request, reply) => {
    await assets.setBookmark(requireAuth(request), request.params, true);
    return reply.status(204).send();
  });

  app.delete(`${VERSION}/bookmark`, { schema: { params: versionParams } }, async (request, reply) => {
    await assets.setBookmark(requireAuth(request), request.params, false);
    return reply.status(204).send();
  });

  app.patch(`${VERSION}/actions/ship`, { schema: { params: versionParams, body: shipBodySchema, response: { 200: shipResponseSchema } } }, async (request) => {
    const results = await assets.ship(requireAuth(request), { id: request.params.id, sourceLocale: request.params.locale, propertiesToShip: request.body.propertiesToShip });
    return { data: results };
  });

  app.patch(`${ASSETS_PATH}/:id/actions/bulk-ship`, { schema: { params: containerParams, body: bulkShipBodySchema, response: { 200: shipResponseSchema } } }, async (request) => {
    const results = await assets.ship(requireAuth(request), {
      id: request.params.id,
      sourceLocale: request.body.sourceLocale,
      propertiesToShip: request.body.propertiesToShip,
      targetLocales: request.body.localesToShip,
    });
    return { data: results };
  });

  app.put(`${ASSETS_PATH}/:id/spaces`, { schema: { params: containerParams, body: changeSpacesBodySchema, response: { 200: spacesResponseSchema } } }, async (request) => {
    return { spaces: await assets.changeSpaces(requireAuth(request), request.params.id, request.body.spaces) };
  });

  app.post(`${ASSETS_PATH}/:id/embargo`, { schema: { params: containerParams, body: embargoBodySchema, response: { 200: embargoResponseSchema } } }, async (request) => {
    return assets.setEmbargo(requireAuth(request), request.params.id, request.body);
  });

  app.post(`${ASSETS_PATH}/localizations/bulk-get`, { schema: { body: bulkGetBodySchema, querystring: z.object({ raw: z.string().optional() }), response: { 200: bulkGetResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const raw = request.query.raw === 'true';
    const results = await assets.bulkGet(auth, request.body.assetLocalizationIdentifiers);
    return {
      data: results.map((result) =>
        'version' in result && result.version
          ? { id: result.id, localization: result.localization, status: result.status, data: answerAsAsked(auth, result.version, raw) }
          : { id: result.id, localization: result.localization, status: result.status, messages: result.messages },
      ),
    };
  });
};
