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
 * Answers with a response schema are zod-encoded on their way out, so only documented fields leave the server. The
 * routes flagged `isHotPath` skip that parse, which costs them a measurable share of each answer (docs/decisions.md,
 * "Response schemas on the hot paths"): their schema still documents them, and every server test checks their answers
 * against it.
 */
export function registerResponseSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.isHotPath) route.serializerCompiler = plainJson;
  });
}
