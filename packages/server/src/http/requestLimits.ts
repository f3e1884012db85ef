import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@editor/domain';
import { badRequest } from './errors.ts';
import { API_POLICY, commonHeaders } from './securityHeaders.ts';

/** The largest request body read (JSON, forms): a story of hundreds of paragraphs is a few hundred kilobytes. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** How deep a JSON body may nest; the deepest content (containers in lists in story elements) is about a dozen. */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests objects and arrays deeper than `max`: one pass over its characters, before parsing it. */
export function isNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** JSON bodies are refused with 400 when they nest deeper than `MAX_JSON_DEPTH`, before they are parsed. */
export function registerRequestLimits(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedDeeperThan(String(body), MAX_JSON_DEPTH)) {
      done(badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, String(body), done);
  });
}

const CLIENT_ERRORS: Record<string, { status: number; message: string; code: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.', code: 'headers-too-large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.', code: 'request-timeout' },
};

/**
 * Requests Node's parser refuses before Fastify sees them (headers too large, malformed, too slow): answered with the
 * API's error body and headers instead of Fastify's own shape.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, options: { isHttps: boolean }): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'The request could not be read.', code: 'bad-request' };
  const body: ErrorBody = { status: known.status, messages: [known.message], code: known.code };
  const text = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'content-security-policy': API_POLICY,
    ...commonHeaders(options),
    connection: 'close',
  };
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${known.status} ${http.STATUS_CODES[known.status]}\r\n${head}\r\n${text}`);
  }
  socket.destroy(error);
}
