import type { FastifyReply, FastifyRequest, RouteOptions, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELIVERY_PREFIX, deliveredAssetSchema, deliveryAssetQuerySchema, deliveryListQuerySchema, deliveryListResponseSchema } from '@editor/domain';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { CORS_HEADERS, type DeliveryGate } from './gate.ts';
import { finishDeliveryHeaders, sendAnswer } from './httpCaching.ts';
import type { DeliveryScope } from './keysService.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's delivery key may read; set for every delivery route but the CORS preflight. */
    deliveryScope: DeliveryScope | null;
  }
  interface FastifyContextConfig {
    /** The route answers only with a delivery key (the delivery API's routes); the API reference names the scheme. */
    deliveryKey?: boolean;
  }
}

const versionParams = z.object({ id: z.string().min(1).max(64), locale: z.string().min(1).max(20) });
const slugParams = z.object({ slugId: z.string().min(1).max(240) });

const requireScope = (request: FastifyRequest): DeliveryScope => {
  if (!request.deliveryScope) throw unauthorized();
  return request.deliveryScope;
};

const finishOnSend: onSendHookHandler = async (_request, reply, payload) => {
  finishDeliveryHeaders(reply);
  return payload;
};

const CACHING = 'Answers carry a strong ETag (304 to a matching If-None-Match), Cache-Control, and Surrogate-Key and Cache-Tag naming every asset in the answer.';

/**
 * The delivery API under `/delivery/v1`: published content for websites and apps, read with a delivery key
 * (`Authorization: Bearer <secret>`), never with a sign-in. Only what is live for the key is there; anything else is
 * 404 like an unknown id. Each key is limited to its rate (429 with Retry-After, per instance); browsers of the
 * configured origins may call it (CORS).
 */
export const deliveryRoutes: FastifyPluginAsyncZod<{ gate: DeliveryGate }> = async (app, { gate }) => {
  const { headers } = gate;

  /** Lets the request through with its key's scope, or refuses it: no key or a wrong one (401), over the key's rate (429). */
  const admit = (request: FastifyRequest, reply: FastifyReply, secret: string | undefined, scope: DeliveryScope | undefined): void => {
    if (!scope) {
      reply.header('www-authenticate', 'Bearer realm="delivery"');
      throw unauthorized(secret === undefined ? 'A delivery key is required: Authorization: Bearer <key>.' : 'This delivery key is not valid or has been revoked.');
    }
    const taken = gate.take(request.raw, scope);
    if (!taken.ok) {
      reply.header('retry-after', String(taken.retryAfterSeconds));
      throw new HttpError(429, 'Too many requests with this delivery key. Please try again later.', { code: 'too-many-requests' });
    }
    request.deliveryScope = scope;
  };
  app.decorateRequest('deliveryScope', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'OPTIONS') route.config = { ...route.config, deliveryKey: true };
    // A hook of the route itself, added after the compression plugin's: it sees the content coding of the answer.
    route.onSend = [...[route.onSend ?? []].flat(), finishOnSend];
  });

  // A callback, not a promise: a key this instance has checked before (`authenticateKnown`) lets the request on at once.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of Object.entries(gate.corsHeaders(request.headers.origin))) reply.header(name, value);
    if (request.method === 'OPTIONS') return done();
    // Let through on the early path already (earlyReads.ts), which then left the answer to this one.
    const admitted = gate.admittedBefore(request.raw);
    if (admitted) {
      request.deliveryScope = admitted;
      return done();
    }
    const secret = gate.secretOf(request.headers.authorization);
    const known = secret === undefined ? undefined : gate.keys.authenticateKnown(secret);
    if (known || secret === undefined) {
      try {
        admit(request, reply, secret, known);
      } catch (error) {
        return done(error as Error);
      }
      return done();
    }
    gate.keys.authenticate(secret).then(
      (scope) => {
        try {
          admit(request, reply, secret, scope);
        } catch (error) {
          return done(error as Error);
        }
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.options(`${DELIVERY_PREFIX}/*`, { schema: { description: 'The CORS preflight of the delivery API: the configured origins may call it from a browser.' } }, async (request, reply) => {
    if (reply.hasHeader('access-control-allow-origin')) {
      reply
        .header('access-control-allow-methods', CORS_HEADERS.methods)
        .header('access-control-allow-headers', CORS_HEADERS.requestHeaders)
        .header('access-control-max-age', CORS_HEADERS.maxAgeSeconds);
    }
    return reply.code(204).send();
  });

  app.get(
    `${DELIVERY_PREFIX}/assets`,
    {
      schema: {
        description: `A page of live assets, newest first (by first publish) or by title, filtered by locale, stencil, space, tag and first publish date, continued by the signed cursor of \`next\` (400 when it was altered or belongs to another list); \`fields\` picks the content inputs a page shows. ${CACHING}`,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListResponseSchema },
      },
      config: { isHotPath: true },
    },
    async (request, reply) => sendAnswer(request, reply, await gate.readList(requireScope(request), request.url, request.query), headers),
  );

  app.get(
    `${DELIVERY_PREFIX}/assets/:id/localizations/:locale`,
    {
      schema: {
        description: `One live asset version, references resolved one level deep, rich text as HTML and as a tree, images with rendition URLs; 404 for a draft, an unpublished, embargoed or out-of-scope version as for an unknown one. ${CACHING}`,
        params: versionParams,
        querystring: deliveryAssetQuerySchema,
        response: { 200: deliveredAssetSchema },
      },
      config: { isHotPath: true },
    },
    async (request, reply) => sendAnswer(request, reply, await gate.readAsset(requireScope(request), request.url, { ...request.params, fields: request.query.fields }), headers),
  );

  app.get(
    `${DELIVERY_PREFIX}/slugs/:slugId`,
    {
      schema: {
        description: `The live asset version that owns a URI slug (\`{space}:{slug region locale}:{uri title}\`, e.g. rbcom:en-INT:cliff-diving-recap) in a space of the key; 404 otherwise. ${CACHING}`,
        params: slugParams,
        querystring: deliveryAssetQuerySchema,
        response: { 200: deliveredAssetSchema },
      },
      config: { isHotPath: true },
    },
    async (request, reply) => sendAnswer(request, reply, await gate.readSlug(requireScope(request), request.url, { slugId: request.params.slugId, fields: request.query.fields }), headers),
  );
};
