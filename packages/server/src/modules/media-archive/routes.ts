import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_CHANNELS, MEDIA_CONTENT_TYPES, mediaLibraryPageSchema, mediaRenditionsSchema, previewClipMarkerInputSchema, previewClipMarkerSchema } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { commonHeaders } from '../../http/securityHeaders.ts';
import { parseByteRange } from './byteRange.ts';
import { ARCHIVE_FILE_PATH } from './presenter.ts';
import type { MediaArchiveService } from './service.ts';

const searchQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().max(500).optional(),
  contentType: z.enum(MEDIA_CONTENT_TYPES).optional(),
  channel: z.enum(MEDIA_CHANNELS).optional(),
  sort: z.literal('-ingest_timestamp').optional(),
  searchAfter: z.string().optional(),
});
const referenceParams = z.object({ referenceId: z.string().min(1).max(36) });
const markerParams = referenceParams.extend({ markerId: z.string().min(1).max(36) });
const MARKERS_PATH = '/api/v1/media/preview-clip-markers/assets/:referenceId/markers';

/** The bearer-authenticated archive calls: search (spec 000 §7), renditions and preview clip markers (spec 002 §7). */
export const mediaArchiveRoutes: FastifyPluginAsyncZod<{ archive: MediaArchiveService }> = async (app, { archive }) => {
  app.get('/api/v1/sparkle/assets', { schema: { querystring: searchQuerySchema, response: { 200: mediaLibraryPageSchema } } }, async (request) => archive.search(requireAuth(request).rights, request.query));

  app.get('/api/v1/media/renditions/:referenceId', { schema: { params: referenceParams, response: { 200: mediaRenditionsSchema } } }, async (request) =>
    archive.renditions(requireAuth(request).rights, request.params.referenceId),
  );

  app.get(MARKERS_PATH, { schema: { params: referenceParams, response: { 200: z.array(previewClipMarkerSchema) } } }, async (request) => archive.listMarkers(requireAuth(request).rights, request.params.referenceId));

  app.post(MARKERS_PATH, { schema: { params: referenceParams, body: previewClipMarkerInputSchema, response: { 201: previewClipMarkerSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const marker = await archive.createMarker({ rights: auth.rights, userId: auth.identity.id, referenceId: request.params.referenceId, ...request.body });
    return reply.status(201).send(marker);
  });

  app.put(`${MARKERS_PATH}/:markerId`, { schema: { params: markerParams, body: previewClipMarkerInputSchema, response: { 200: previewClipMarkerSchema } } }, async (request) =>
    archive.updateMarker({ rights: requireAuth(request).rights, referenceId: request.params.referenceId, markerId: request.params.markerId, ...request.body }),
  );
};

/**
 * The archive's files, `GET /media/archive/{id}/{resourceType}`, public like image delivery: `<video>`, `<audio>` and
 * `<img>` send no bearer token. Streams with HTTP ranges, so players can seek without loading the whole file.
 */
export const mediaArchiveFileRoutes: FastifyPluginAsync<{ archive: MediaArchiveService; publicUrl: string }> = async (app, { archive, publicUrl }) => {
  const isHttps = publicUrl.startsWith('https:');
  app.addHook('onSend', async (_request, reply, payload) => {
    // Files open as themselves and run nothing; /media/ responses set their own protections.
    reply.headers({ ...commonHeaders({ isHttps }), 'content-security-policy': "default-src 'none'; sandbox" });
    return payload;
  });

  app.get<{ Params: { id: string; resourceType: string } }>(`${ARCHIVE_FILE_PATH}/:id/:resourceType`, async (request, reply) => {
    const file = await archive.fileOf(request.params.id, request.params.resourceType);
    // The files of an item never change under its address (a new file is a new item).
    reply.header('accept-ranges', 'bytes').header('content-type', file.contentType).header('cache-control', 'public, max-age=31536000, immutable');
    const range = parseByteRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    if (!range) return reply.header('content-length', file.size).send(archive.streamFile(file.key));
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(archive.streamFile(file.key, range));
  });
};
