import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The body schema with unknown top-level fields refused: a plain object becomes strict, each object of a union too,
 * also when optional or nullable.
 * Other shapes (arrays, pipes, objects declared loose on purpose) are left as they are.
 */
export function strictBodyOf(schema: unknown): unknown {
  // An object that says what to do with other fields (z.looseObject: they may come along) keeps its own rule.
  if (schema instanceof z.ZodObject) return schema.def.catchall === undefined ? schema.strict() : schema;
  if (schema instanceof z.ZodOptional) return (strictBodyOf(schema.unwrap()) as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return (strictBodyOf(schema.unwrap()) as z.ZodType).nullable();
  if (schema instanceof z.ZodUnion) return z.union(schema.options.map((option) => strictBodyOf(option) as z.ZodType));
  return schema;
}

/**
 * A request body with a field the call does not know is refused with 400 naming it, rather than silently dropped
 * (issue: a create with `{ "title": … }` made an empty story). Registered before the routes.
 */
export function registerStrictBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.body) route.schema = { ...route.schema, body: strictBodyOf(route.schema.body) };
  });
}
