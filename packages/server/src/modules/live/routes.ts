import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_PATH, LIVE_PRESENCE_PATH, presenceBodySchema, presenceLeaveBodySchema, sseFrame } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { notFound } from '../../http/errors.ts';
import { ASSETS_PATH } from '../assets/presenter.ts';
import type { LiveConnection, LiveHub } from './hub.ts';

/** A stream ends after this long at most (or when its token expires): the tab opens the next with its current token. */
const MAX_STREAM_MS = 5 * 60_000;
/** A comment this often keeps proxies and load balancers from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/** A tab that reads this far behind is cut off; it resumes from its last event. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const lastEventIdOf = (header: unknown): number | undefined => {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
};

export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  // An event stream is never compressed: a compressor holds bytes back until it has enough of them.
  app.get(
    LIVE_PATH,
    { compress: false, schema: { querystring: z.object({ mode: z.enum(['stream', 'poll']).default('stream') }).strict(), headers: z.object({ 'last-event-id': z.string().max(20).optional() }) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = new PassThrough();
      const isPoll = request.query.mode === 'poll';
      let close: (() => void) | undefined;
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        close?.();
        for (const timer of timers) clearTimeout(timer);
        if (!body.writableEnded) body.end();
      };
      const connection: LiveConnection = {
        rights: auth.rights,
        send: (event) => {
          if (body.writableEnded) return;
          body.write(event.frame ?? sseFrame(event));
          if (body.writableLength > MAX_BUFFERED_BYTES) end();
        },
        end: () => end(),
      };
      reply.raw.once('close', end);
      body.write(`retry: 2000\n\n`);
      close = await hub.open(connection, lastEventIdOf(request.headers['last-event-id']));
      // The tab went away while the stream opened: `end` ran before it could close it.
      if (isPoll || body.writableEnded) end();
      else {
        const lifetime = Math.max(1000, Math.min(MAX_STREAM_MS, auth.session.expiresAt * 1000 - Date.now()));
        timers.push(setTimeout(end, lifetime), setInterval(() => body.write(': keep-alive\n\n'), KEEP_ALIVE_MS));
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx and others pass the events on as they come instead of buffering the answer.
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );

  // Presence writes nothing to the database: the kept lists and delivery answers stay (readsOnly).
  app.put(LIVE_PRESENCE_PATH, { config: { readsOnly: true }, schema: { body: presenceBodySchema } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { tab, assetId, locale, field } = request.body;
    const isAnnounced = await hub.announce({ user: { id: auth.identity.id, name: auth.identity.name }, rights: auth.rights, tab, assetId, locale, field });
    if (!isAnnounced) throw notFound(`No asset ${assetId} in locale ${locale}.`);
    return reply.status(204).send();
  });

  app.delete(`${LIVE_PRESENCE_PATH}/:tab`, { config: { readsOnly: true }, schema: { params: presenceLeaveBodySchema } }, async (request, reply) => {
    const auth = requireAuth(request);
    await hub.leave({ userId: auth.identity.id, tab: request.params.tab });
    return reply.status(204).send();
  });
};

/**
 * Tells the hub of every answered write to an asset (every route under `/api/v1/assets/:id` but bookmarks), after the
 * answer: the write has committed, and the writer does not wait for the others to hear of it.
 */
export function noteAssetWrites(app: FastifyInstance, hub: Pick<LiveHub, 'noteWrite'>, onError: (error: unknown) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 300 || request.routeOptions.config.readsOnly) return;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith(`${ASSETS_PATH}/:id`) || url.endsWith('/bookmark')) return;
    const params = request.params as { id?: unknown; locale?: unknown };
    if (typeof params.id !== 'string') return;
    const locale = typeof params.locale === 'string' ? params.locale : undefined;
    // The answer's ETag names the version the write made (saves, publishes): the event describes that one.
    const etag = /^"(\d+)"$/.exec(String(reply.getHeader('etag') ?? ''));
    hub.noteWrite({ assetId: params.id, locale, version: locale && etag ? Number(etag[1]) : undefined }).catch(onError);
  });
}
