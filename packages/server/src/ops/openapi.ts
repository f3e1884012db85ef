import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@editor/domain';
import { API_REFERENCE_PREFIX } from '../http/securityHeaders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the API reference, as the reference's completeness test reads them. */
    routeTable: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The route answers only with a bearer token (routes inside the auth plugin). */
    bearer?: boolean;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the document on purpose (the reference's own pages). */
  isHidden: boolean;
}

export { API_REFERENCE_PREFIX };
/** Where the OpenAPI document lives (the browsable page, at API_REFERENCE_PREFIX, reads it from its own `/json`). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The address @fastify/swagger's examples use; answered with the document instead of the app's page. */
const LEGACY_DOCUMENT_PATH = '/documentation/json';

const ERROR_BODY = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });

/** Every route of a bearer-token context is marked, so the document names the scheme on it. */
export function markBearerRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, bearer: true };
  });
}

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with (fastify-type-provider-zod):
 * every route with its parameters, body and responses; the bearer scheme on the routes that need it; the error body
 * (DESIGN §4) as the answer of every 4XX and 5XX. Registered before the routes, so it sees all of them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route: RouteOptions) => {
    const isHidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) routeTable.push({ method: method.toLowerCase(), url: route.url, isHidden });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Editor App API',
        version: '1.0.0',
        description:
          'The calls of the Editor App (spec 000 §7). Errors answer with the error body. Events, master data, ZOE localizations and the tag feed’s tags (playground projects among them) are written under /api/v1/reference-data by technical admins and service accounts (a token whose groups hold technical-admin-user): created, changed, deleted, and upserted by their external id one at a time or in batches of 100.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An ID token of the sign-in provider.' },
          deliveryKey: { type: 'http', scheme: 'bearer', description: 'The secret of a delivery key (/api/v1/delivery-keys), for the delivery API under /delivery/v1.' },
        },
        schemas: { ErrorBody: ERROR_BODY as Record<string, unknown> },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // A route without any schema is documented too: its path, its error answers and, if it needs one, the bearer token.
      const schema = (transformed.schema ?? {}) as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
      if (schema.hide) return transformed;
      const errorResponse = { description: 'The error body', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
      schema.response = { ...schema.response, '4XX': errorResponse, '5XX': errorResponse };
      if (input.route.config?.bearer) schema.security = [{ bearer: [] }];
      if (input.route.config?.deliveryKey) schema.security = [{ deliveryKey: [] }];
      return { ...transformed, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_REFERENCE_PREFIX, uiConfig: { deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  app.get(LEGACY_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());
}
