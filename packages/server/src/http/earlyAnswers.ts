import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Answers a request before Fastify routes it, or leaves it to Fastify: it returns false at once, or true and calls
 * `routed` later when it finds it cannot answer after all (then it has written nothing).
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse, routed: () => void) => boolean;

/**
 * The HTTP server of the app, made as Fastify would make it (its timeouts and limits), with a place for early answers:
 * the hottest public reads (the delivery API's, docs/decisions.md "Delivery reads before routing") are answered there,
 * without the request and reply objects, hooks and validation of the framework; everything else goes to Fastify.
 */
export function createEarlyAnswers() {
  const answers: EarlyAnswer[] = [];
  const serverFactory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
      const routed = () => handler(request, response);
      for (const answer of answers) if (answer(request, response, routed)) return;
      routed();
    });
    // What Fastify sets on a server it makes itself (lib/server.js).
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    add(answer: EarlyAnswer): void {
      answers.push(answer);
    },
  };
}

export type EarlyAnswers = ReturnType<typeof createEarlyAnswers>;
