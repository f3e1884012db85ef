import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IMAGE_MEDIA_TYPES, IMAGE_PROVIDER, IMAGE_REFERENCE_ID_PATTERN, VERY_LARGE_RESOURCE, imageUrlOf, type ImageMedia } from '@editor/domain';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { CONTENT_TYPES, type DeliveryFormat, type Rendition } from './imageStore.ts';
import { MAX_RENDER_SIZE } from './renditionLimits.ts';
import type { AcceptedFormat } from './renditions.ts';

/** The parts of `CLOUDINARY_URL=cloudinary://<api_key>:<api_secret>@<cloud_name>` and where the account is reached. */
export interface CloudinaryAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** The account's upload and Admin API, `https://api.cloudinary.com/v1_1/<cloud_name>` (`CLOUDINARY_API_BASE` replaces the host). */
  apiUrl: string;
  /** Where its images are delivered from, `https://res.cloudinary.com/<cloud_name>` unless `CLOUDINARY_DELIVERY_BASE` names another. */
  deliveryBaseUrl: string;
}

/** The Admin API answers from a database: seconds would mean it is down. */
export const ADMIN_API_TIMEOUT_MS = 10_000;
/** A rendition may be rendered on its first request; a large one takes a few seconds. */
export const DELIVERY_TIMEOUT_MS = 20_000;

/** The fields of the Admin API's resource answer we use; it carries many more. */
const resourceSchema = z.looseObject({
  format: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
});

const FORMAT_OF_TYPE: Readonly<Record<string, DeliveryFormat>> = Object.fromEntries(Object.entries(CONTENT_TYPES).map(([format, type]) => [type, format as DeliveryFormat]));

/** The image service failed us; the browser gets 502 with the reason, which names no secret. */
const unavailable = (reason: string) => new HttpError(502, ['The image service did not answer.', reason], { code: 'image-service-failed' });

const formatName = (format: string) => {
  const lower = format.toLowerCase();
  return lower === 'jpeg' ? 'jpg' : lower;
};

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/** An id goes into the service's paths only when it is one of ours: url-safe, never a path. */
function checkedId(referenceId: string): string {
  if (!IMAGE_REFERENCE_ID_PATTERN.test(referenceId)) throw badRequest('The image id may contain only letters, digits, "-" and "_".');
  return referenceId;
}

/** One GET with a timeout; 404 becomes ours, a failure or any other status a 502 naming the service's answer. */
async function fetchFromService(url: string, request: { what: string; referenceId: string; headers: Record<string, string>; timeoutMs: number }): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: request.headers, signal: AbortSignal.timeout(request.timeoutMs), redirect: 'follow' });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw unavailable(isTimeout ? `The ${request.what} gave no answer within ${request.timeoutMs / 1000} s.` : `The ${request.what} could not be reached.`);
  }
  if (response.ok) return response;
  await response.body?.cancel();
  if (response.status === 404) throw notFound(`No image with the id ${request.referenceId}.`);
  throw unavailable(`The ${request.what} answered ${response.status}.`);
}

/** The whole body within the request's timeout (the signal also covers reading it). */
async function bytesOf(response: Response, what: string): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch {
    throw unavailable(`The ${what} stopped answering.`);
  }
}

/**
 * The images of a Cloudinary account (`CLOUDINARY_URL`), read the way the embedded store is read: an image's details
 * from the Admin API, renditions from the account's delivery base, thumbnails kept on disk under
 * `<dataDir>/media/account-cache/`. Every call has a timeout; the service's 404 is ours, any other failure a 502.
 */
export function createCloudinaryImages(options: { account: CloudinaryAccount; dataDir: string; adminTimeoutMs?: number; deliveryTimeoutMs?: number }) {
  const { account } = options;
  const cacheDir = path.join(options.dataDir, 'media', 'account-cache');
  const adminTimeoutMs = options.adminTimeoutMs ?? ADMIN_API_TIMEOUT_MS;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS;
  const authorization = `Basic ${Buffer.from(`${account.apiKey}:${account.apiSecret}`).toString('base64')}`;
  /** Thumbnails being looked up or fetched, so requests arriving together fetch once. */
  const inFlight = new Map<string, Promise<Rendition>>();
  /** Thumbnails known to be on disk, by name prefix; a file under a name never changes. */
  const known = new Map<string, Rendition>();

  /**
   * Spec 000 §7 `GET /api/v1/media` for an image of the account: the Admin API's details of the uploaded image, with
   * the very large image the cropper loads, 3000 wide or the original's width when smaller, from the delivery base.
   */
  async function describeImage(referenceId: string): Promise<ImageMedia> {
    const url = `${account.apiUrl}/resources/image/upload/${encodeURIComponent(checkedId(referenceId))}`;
    const what = 'Admin API of the image service';
    const response = await fetchFromService(url, { what, referenceId, headers: { authorization, accept: 'application/json' }, timeoutMs: adminTimeoutMs });
    let parsed: z.infer<typeof resourceSchema>;
    try {
      parsed = resourceSchema.parse(JSON.parse((await bytesOf(response, what)).toString('utf8')));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw unavailable(`The ${what} answered something other than an image's width, height, format and bytes.`);
    }
    const media = { provider: IMAGE_PROVIDER, referenceId };
    const imageFormat = formatName(parsed.format);
    return {
      ...media,
      contentType: 'image',
      // Spec 000 §4: a GIF is 'animated', anything else 'image' (as an upload sets it).
      mediaType: imageFormat === 'gif' ? IMAGE_MEDIA_TYPES.animated : IMAGE_MEDIA_TYPES.image,
      width: parsed.width,
      height: parsed.height,
      imageFormat,
      bytes: parsed.bytes,
      resources: [{ type: VERY_LARGE_RESOURCE, url: imageUrlOf(media, { width: Math.min(MAX_RENDER_SIZE, parsed.width), baseUrl: account.deliveryBaseUrl }) ?? '' }],
    };
  }

  /** A rendition's bytes and format from the delivery base (`transformation` as in a delivery URL, e.g. `w_1024,f_jpg`). */
  async function fetchRendition(request: { referenceId: string; transformation: string; accept?: string }): Promise<{ data: Buffer; format: DeliveryFormat }> {
    const url = `${account.deliveryBaseUrl}/image/upload/${request.transformation}/${checkedId(request.referenceId)}`;
    const what = 'image delivery of the image service';
    const response = await fetchFromService(url, { what, referenceId: request.referenceId, headers: { accept: request.accept ?? 'image/*' }, timeoutMs: deliveryTimeoutMs });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const format = FORMAT_OF_TYPE[type];
    if (!format) {
      await response.body?.cancel();
      throw unavailable(`The ${what} answered ${type || 'no content type'} instead of an image.`);
    }
    return { data: await bytesOf(response, what), format };
  }

  /**
   * The thumbnail proxy's rendition of an account image (spec 000 §7): `w_<width>,f_auto,q_auto` fetched once per
   * width and kind of browser (AVIF, WebP or neither accepted: what f_auto chooses by) and kept on disk, named after
   * both and the format the service chose, so later requests are answered from the file. Requests arriving together
   * share one fetch.
   */
  async function thumbnail(request: { referenceId: string; width: number; accepts: readonly AcceptedFormat[] }): Promise<Rendition> {
    const folder = path.join(cacheDir, checkedId(request.referenceId));
    const kind = request.accepts.includes('avif') ? 'avif' : request.accepts.includes('webp') ? 'webp' : 'plain';
    const prefix = `thumbnail_w${request.width}_${kind}.`;
    const key = path.join(folder, prefix);
    const ready = known.get(key);
    if (ready) return ready;
    const running = inFlight.get(key);
    if (running) return running;
    const finding = (async (): Promise<Rendition> => {
      const cached = (await fs.readdir(folder).catch(() => [] as string[])).find((name) => name.startsWith(prefix) && !name.endsWith('.tmp'));
      const cachedFormat = cached?.slice(prefix.length);
      if (cached && cachedFormat && cachedFormat in CONTENT_TYPES) {
        const format = cachedFormat as DeliveryFormat;
        return { file: path.join(folder, cached), format, contentType: CONTENT_TYPES[format], rendered: false };
      }
      const accept = { avif: 'image/avif,image/webp,image/*', webp: 'image/webp,image/*', plain: 'image/*' }[kind];
      const { data, format } = await fetchRendition({ referenceId: request.referenceId, transformation: `w_${request.width},f_auto,q_auto`, accept });
      const file = `${key}${format}`;
      await writeAtomically(file, data);
      return { file, format, contentType: CONTENT_TYPES[format], rendered: true };
    })();
    inFlight.set(key, finding);
    try {
      const rendition = await finding;
      if (known.size >= 10_000) known.clear();
      known.set(key, { ...rendition, rendered: false });
      return rendition;
    } finally {
      inFlight.delete(key);
    }
  }

  /** Call when a thumbnail `thumbnail` named was gone (the cache was cleaned): the next call fetches it again. */
  function forgetThumbnail(file: string): void {
    // A thumbnail's file is its key followed by its format.
    known.delete(file.slice(0, file.lastIndexOf('.') + 1));
  }

  /** A JPEG of the image at most `width` wide (smaller images keep their size), for the AI image description. */
  async function jpegOf(referenceId: string, width: number): Promise<Buffer> {
    return (await fetchRendition({ referenceId, transformation: `w_${width},c_limit,f_jpg`, accept: 'image/jpeg' })).data;
  }

  return { describeImage, thumbnail, forgetThumbnail, jpegOf };
}

export type CloudinaryImages = ReturnType<typeof createCloudinaryImages>;
