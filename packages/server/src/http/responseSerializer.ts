import type { FastifyInstance, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A hot path of the load benchmark: its answer goes out with plain JSON.stringify (see registerResponseSerializer). */
    isHotPath?: boolean;
  }
}

const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Answers with a response schema are zod-encoded on their way out, so only documented fields leave the server. A route
 * flagged `isHotPath` skips that parse, which would cost it about as much again as its JSON.stringify (docs/decisions.md,
 * "Response schemas on hot paths"); its schema still documents it, and the server tests check that the schema names
 * every field it sends.
 */
export function registerResponseSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.isHotPath) route.serializerCompiler = plainJson;
  });
}
