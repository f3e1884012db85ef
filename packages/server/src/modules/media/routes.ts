import fs from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { DELIVERY_PATH, parseDeliveryPath } from './delivery.ts';
import type { ImageStore } from './imageStore.ts';

/** A rendition never changes under its URL: the id is derived from the content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Image delivery (DESIGN §5), public like a CDN because browsers load it in `<img>`:
 * `GET /media/image/upload/[w_400,h_300,c_fill/][v123/]<referenceId>[.ext]`.
 */
export const mediaRoutes: FastifyPluginAsync<{ images: ImageStore }> = async (app, { images }) => {
  app.get<{ Params: { '*': string } }>(`${DELIVERY_PATH}/*`, async (request, reply) => {
    const rendition = await images.renderImage(parseDeliveryPath(request.params['*']));
    const body = await fs.readFile(rendition.file);
    reply.header('cache-control', IMMUTABLE).header('content-type', rendition.contentType).header('x-content-type-options', 'nosniff');
    // An SVG opened on its own must not run scripts on our origin.
    if (rendition.format === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(body);
  });
};
