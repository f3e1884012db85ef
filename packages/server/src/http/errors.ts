import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@editor/domain';

/** An error that becomes a response of DESIGN §4: `{ status, messages, code? }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly code: string | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(status: number, messages: string | string[], options: { code?: string; extra?: Record<string, unknown> } = {}) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0] ?? `HTTP ${status}`);
    this.status = status;
    this.messages = list;
    this.code = options.code;
    this.extra = options.extra;
  }
}

export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message, { code: 'unauthorized' });
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message, { code: 'forbidden' });
export const notFound = (message = 'Not found.') => new HttpError(404, message, { code: 'not-found' });
export const badRequest = (messages: string | string[]) => new HttpError(400, messages, { code: 'bad-request' });

function body(status: number, messages: string[], code?: string): ErrorBody {
  return code ? { status, messages, code } : { status, messages };
}

/** Turns every failure into the error body; a stack trace never reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ ...body(error.status, error.messages, error.code), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.flatMap((issue) => {
        const where = String(issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        const nested = closestUnionBranch(issue.params);
        if (nested) return nested.map((inner) => messageOf([...where.split('.').filter(Boolean), ...inner.path.map(String)].join('.'), inner.message));
        return [messageOf(where, issue.message ?? 'is invalid')];
      });
      return reply.status(400).send(body(400, messages, 'validation'));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body(500, ['Internal server error.'], 'internal'));
    }
    return reply.status(status).send(body(status, [error.message], error.code));
  });

}

const messageOf = (where: string, message: string) => (where ? `${where}: ${message}` : message);

interface NestedIssue {
  path: PropertyKey[];
  message: string;
}

/** A body that matches no shape of a union is told what is wrong with the shape it came closest to (fewest issues). */
function closestUnionBranch(params: unknown): NestedIssue[] | undefined {
  const branches = (params as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  return (branches as NestedIssue[][]).toSorted((a, b) => a.length - b.length)[0];
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return body(404, [`No route for ${method} ${url.split('?')[0]}.`], 'not-found');
}
