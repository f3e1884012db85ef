import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@editor/domain';

/** Where a route's JSON answer went against its documentation. */
export interface ResponseMismatch {
  route: string;
  status: number;
  problem: string;
}

/** The route's documented schema for the status: its own, else its class's (`2xx`) or the default, unless `exact`. */
function responseSchemaOf(schemas: unknown, status: number, options: { exact?: boolean } = {}): z.ZodType | undefined {
  if (!schemas || typeof schemas !== 'object') return undefined;
  const byStatus = schemas as Record<string, unknown>;
  const schema = byStatus[String(status)] ?? (options.exact ? undefined : (byStatus[`${String(status)[0]}xx`] ?? byStatus.default));
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * Checks every JSON answer the tests receive against the route's documented response schema (the one the OpenAPI
 * document shows) and every other error answer against the error body; answers the mismatches found so far.
 */
export function checkResponsesAgainstSchemas(app: FastifyInstance): () => ResponseMismatch[] {
  const mismatches: ResponseMismatch[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!contentType.startsWith('application/json') || typeof payload !== 'string' || payload === '') return payload;
    const pattern = request.routeOptions.url;
    const route = `${request.method} ${pattern ?? request.url.split('?')[0]}`;
    const status = reply.statusCode;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      mismatches.push({ route, status, problem: 'the answer is not JSON' });
      return payload;
    }
    if (status >= 400) {
      // An error answer is the error body, unless its route documents a body of its own for that very status
      // (readiness answers 503 with its checks).
      const own = responseSchemaOf(request.routeOptions.schema?.response, status, { exact: true });
      const parsed = (own ?? errorBodySchema).safeParse(body);
      if (!parsed.success) mismatches.push({ route, status, problem: `${own ? '' : 'not the error body: '}${parsed.error.message}` });
      return payload;
    }
    // The API reference's own answers are left out of it on purpose.
    if (pattern === undefined || !pattern.startsWith('/api/') || (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) return payload;
    const schema = responseSchemaOf(request.routeOptions.schema?.response, status);
    if (!schema) {
      mismatches.push({ route, status, problem: `answers ${status} with JSON but documents no response schema for it` });
      return payload;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) mismatches.push({ route, status, problem: parsed.error.message });
    // A hot path goes out unparsed (src/http/responseSerializer.ts): its schema must name every field it sends.
    else if (request.routeOptions.config.isHotPath && !isDeepStrictEqual(parsed.data, body)) mismatches.push({ route, status, problem: 'sends fields its response schema does not name' });
    return payload;
  });
  return () => mismatches;
}
