import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_PROVIDER, IMAGE_WIDTHS, MEDIA_PROVIDERS, THUMBNAIL_PATH, archiveMediaSchema, embedMediaSchema, imageMediaSchema, isEmbedProvider, type AudioMedia, type Rights, type VideoMedia } from '@editor/domain';
import { requireAuth } from '../../auth/plugin.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { imageDeliveryHeaders } from '../../http/securityHeaders.ts';
import { describeEmbedMedia } from '../embeds/embedMedia.ts';
import type { CloudinaryImages } from './cloudinaryImages.ts';
import { DELIVERY_PATH, parseDeliveryPath } from './delivery.ts';
import { createHotFiles, type FileBody } from './hotFiles.ts';
import { describeImage } from './imageInfo.ts';
import type { ImageStore, RenderRequest, Rendition } from './imageStore.ts';
import { createPlaceholders } from './placeholder.ts';
import { RenderingBusyError } from './renderQueue.ts';
import { acceptedFormats, type AcceptedFormat } from './renditions.ts';

/** A rendition never changes under its URL: the id is derived from the content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The thumbnail fallback is asked again soon, so it heals once the image can be shown. */
const FALLBACK_CACHE = 'public, max-age=60';
/** The fallback for an image that could not be rendered now (the queue was full): asked again on the next view. */
const BUSY_FALLBACK_CACHE = 'no-store';
const THUMBNAIL_WIDTHS = Object.values(IMAGE_WIDTHS);

type HotFiles = ReturnType<typeof createHotFiles>;

/**
 * Opens the rendition's file; when it is gone (the cache was cleaned, or its budget made room for newer renditions
 * between the render and the read), renders it again once.
 */
async function openRendition(images: ImageStore, files: HotFiles, request: RenderRequest): Promise<{ rendition: Rendition; file: FileBody }> {
  const rendition = await images.renderImage(request);
  try {
    return { rendition, file: await files.open(rendition.file) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    images.forgetRendition(rendition.file);
    const again = await images.renderImage(request);
    return { rendition: again, file: await files.open(again.file) };
  }
}

/** Sends the image with its type; an f_auto answer depends on the Accept header. */
function sendImage(reply: FastifyReply, opened: { rendition: Rendition; file: FileBody }, options: { isAuto: boolean; cacheControl: string; isHttps: boolean }) {
  const { rendition, file } = opened;
  // An image opened on its own runs nothing; an SVG, which could carry script, is also sandboxed.
  reply.headers(imageDeliveryHeaders({ isSvg: rendition.format === 'svg', isHttps: options.isHttps }));
  reply.header('cache-control', options.cacheControl).header('content-type', rendition.contentType).header('content-length', file.size);
  if (options.isAuto) reply.header('vary', 'Accept');
  return reply.send(file.body);
}

/** The thumbnail of an image: the account's rendition when a Cloudinary account serves the images, else the store's. */
async function openThumbnail(source: { images: ImageStore; files: HotFiles; account: CloudinaryImages | undefined }, request: { referenceId: string; width: number; accepts: AcceptedFormat[] }) {
  const { account, files } = source;
  if (!account) return openRendition(source.images, files, { ...request, format: 'auto' });
  const rendition = await account.thumbnail(request);
  try {
    return { rendition, file: await files.open(rendition.file) };
  } catch (error) {
    // A thumbnail known to be cached is gone (the cache was cleaned): fetch it again.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || rendition.rendered) throw error;
    account.forgetThumbnail(rendition.file);
    const again = await account.thumbnail(request);
    return { rendition: again, file: await files.open(again.file) };
  }
}

/**
 * Image delivery (spec 000 §7), public like a CDN because browsers load it in `<img>`:
 * `GET /media/image/upload/[c_crop,x_,y_,w_,h_/][w_400,h_300,c_fill,f_auto,q_auto/][v123/]<referenceId>[.ext]`, and the
 * cached thumbnail proxy `GET /media/thumbnail/<provider>/<referenceId>?w=200` that answers a neutral placeholder
 * when the image cannot be shown. With a Cloudinary `account` the proxy's images come from it. Being public, a URL may
 * ask only for what the app shows (crops of the offered ratios; sizes and qualities rounded up to a few steps, see
 * `renditionLimits.ts`), and new renders wait in a short queue: beyond it, 503 with Retry-After.
 */
export const mediaRoutes: FastifyPluginAsync<{ images: ImageStore; account?: CloudinaryImages | undefined; publicUrl: string }> = async (app, { images, account, publicUrl }) => {
  const placeholder = createPlaceholders();
  const files = createHotFiles();
  const isHttps = publicUrl.startsWith('https:');
  // Every answer under /media/ gets an image's browser protections from the app-wide hook (securityHeaders.ts); an
  // image sets its own as it is sent (an SVG's differ).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RenderingBusyError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.get<{ Params: { '*': string } }>(`${DELIVERY_PATH}/*`, async (request, reply) => {
    const wanted = parseDeliveryPath(request.params['*']);
    const opened = await openRendition(images, files, { ...wanted, accepts: acceptedFormats(request.headers.accept) });
    return sendImage(reply, opened, { isAuto: wanted.format === 'auto', cacheControl: IMMUTABLE, isHttps });
  });

  app.get<{ Params: { provider: string; referenceId: string }; Querystring: { w?: string } }>(`${THUMBNAIL_PATH}/:provider/:referenceId`, async (request, reply) => {
    const width = request.query.w === undefined ? IMAGE_WIDTHS.thumbnail : Number(request.query.w);
    if (!THUMBNAIL_WIDTHS.some((allowed) => allowed === width)) throw badRequest(`w: a thumbnail is ${THUMBNAIL_WIDTHS.join(', ')} pixels wide.`);
    const { provider, referenceId } = request.params;
    if (provider === IMAGE_PROVIDER) {
      try {
        const opened = await openThumbnail({ images, files, account }, { referenceId, width, accepts: acceptedFormats(request.headers.accept) });
        return await sendImage(reply, opened, { isAuto: true, cacheControl: IMMUTABLE, isHttps });
      } catch (error) {
        if (error instanceof RenderingBusyError) return reply.header('cache-control', BUSY_FALLBACK_CACHE).header('content-type', 'image/png').send(await placeholder(width));
        // Unknown, unreadable or broken images all get the placeholder; only the unexpected (and a failing image service) is worth a log line.
        if (!(error instanceof HttpError) || error.status >= 500) request.log.warn({ err: error, referenceId }, 'thumbnail fell back to the placeholder');
      }
    }
    return reply.header('cache-control', FALLBACK_CACHE).header('content-type', 'image/png').send(await placeholder(width));
  });
};

const ARCHIVE_PROVIDERS: readonly string[] = [MEDIA_PROVIDERS.video, MEDIA_PROVIDERS.audio, MEDIA_PROVIDERS.partnershipVideo];
const mediaQuerySchema = z.object({ provider: z.string().min(1), referenceId: z.string().min(1), subtype: z.string().min(1).optional() });
const mediaAnswerSchema = z.union([imageMediaSchema, archiveMediaSchema, embedMediaSchema]);

/**
 * Spec 000 §7 `GET /api/v1/media?provider=&referenceId=` (signed in): an image's metadata and its very large resource,
 * from the Cloudinary account when one serves the images, else from the store; a video or audio provider's item from
 * the media archive; an embed provider's from its embed form (`modules/embeds`).
 */
/** The media archive's answer for one of its items; the archive's service gives it (`modules/media-archive`). */
export interface ArchiveMediaSource {
  describeMedia(rights: Rights, input: { provider: string; referenceId: string }): Promise<VideoMedia | AudioMedia>;
}

export const mediaApiRoutes: FastifyPluginAsyncZod<{ images: ImageStore; account?: CloudinaryImages | undefined; archive?: ArchiveMediaSource }> = async (app, { images, account, archive }) => {
  app.get('/api/v1/media', { schema: { querystring: mediaQuerySchema, response: { 200: mediaAnswerSchema } } }, async (request) => {
    const { provider, referenceId } = request.query;
    if (provider !== IMAGE_PROVIDER && archive && ARCHIVE_PROVIDERS.includes(provider)) return archive.describeMedia(requireAuth(request).rights, { provider, referenceId });
    if (isEmbedProvider(provider)) return describeEmbedMedia({ provider, referenceId, subtype: request.query.subtype });
    if (provider !== IMAGE_PROVIDER) throw badRequest(`provider: only '${IMAGE_PROVIDER}' images are supported, not '${provider}'.`);
    return account ? account.describeImage(referenceId) : describeImage(images, referenceId);
  });
};
